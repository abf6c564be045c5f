import { describe, expect, it } from 'vitest';
import {
  adFlowFlags,
  adFlowForcesFallbackOff,
  adFlowOf,
  adFlowView,
  flowStateOf,
  PRELOAD_OPTIONS,
  type AdFlowState,
} from './ad-flow.ts';

const autoplay: AdFlowState = { flow: 'autoplay', preloadOption: 'autoplayDelay' };
const preload = (preloadOption: AdFlowState['preloadOption']): AdFlowState => ({
  flow: 'preload',
  preloadOption,
});

describe('ad flow flags', () => {
  it('Autoplay sets preload, autoplay and delayed autoplay on', () => {
    expect(adFlowFlags(autoplay)).toEqual({
      aniviewPreload: true,
      aniviewAutoplay: true,
      aniviewDelayedAutoplay: true,
      aniviewPlayAdExactBetween: false,
      aniviewPreloadAdDelay: false,
    });
  });

  it('Autoplay ignores the kept preload sub-option', () => {
    for (const option of PRELOAD_OPTIONS) {
      expect(adFlowFlags({ flow: 'autoplay', preloadOption: option })).toEqual(adFlowFlags(autoplay));
    }
  });

  it.each([
    [
      'autoplayDelay',
      { aniviewDelayedAutoplay: true, aniviewPlayAdExactBetween: false, aniviewPreloadAdDelay: false },
    ],
    [
      'playAdDuringHighlights',
      { aniviewDelayedAutoplay: false, aniviewPlayAdExactBetween: true, aniviewPreloadAdDelay: false },
    ],
    [
      'delayDuration',
      { aniviewDelayedAutoplay: false, aniviewPlayAdExactBetween: false, aniviewPreloadAdDelay: true },
    ],
  ] as const)('Preload sequence / %s sets autoplay off and its own flag', (option, flags) => {
    expect(adFlowFlags(preload(option))).toEqual({ aniviewPreload: true, aniviewAutoplay: false, ...flags });
  });

  it('reads back every flow from its flags', () => {
    expect(adFlowOf(adFlowFlags(autoplay)).flow).toBe('autoplay');
    for (const option of PRELOAD_OPTIONS)
      expect(adFlowOf(adFlowFlags(preload(option)))).toEqual(preload(option));
  });

  it('reads a record without flags as the Autoplay delay preload, and autoplay wins over the others', () => {
    expect(adFlowOf({})).toEqual(preload('autoplayDelay'));
    expect(adFlowOf({ aniviewAutoplay: true, aniviewPreloadAdDelay: true }).flow).toBe('autoplay');
  });
});

describe('ad flow view (what each choice shows)', () => {
  it('Autoplay: full ad manager section and display, no preload options, no sequence, no delay', () => {
    expect(adFlowView(autoplay)).toEqual({
      preloadOptions: false,
      sequence: false,
      delayDuration: false,
      fullAdManager: true,
      display: true,
    });
  });

  it('Autoplay delay: full section and display shown, with the preload options and the sequence', () => {
    expect(adFlowView(preload('autoplayDelay'))).toEqual({
      preloadOptions: true,
      sequence: true,
      delayDuration: false,
      fullAdManager: true,
      display: true,
    });
  });

  it('Play ad during highlights: full section hidden, display shown', () => {
    expect(adFlowView(preload('playAdDuringHighlights'))).toEqual({
      preloadOptions: true,
      sequence: true,
      delayDuration: false,
      fullAdManager: false,
      display: true,
    });
  });

  it('Delay duration: delay shown, full section and display hidden, fallback forced off', () => {
    expect(adFlowView(preload('delayDuration'))).toEqual({
      preloadOptions: true,
      sequence: true,
      delayDuration: true,
      fullAdManager: false,
      display: false,
    });
    expect(adFlowForcesFallbackOff(preload('delayDuration'))).toBe(true);
    expect(adFlowForcesFallbackOff(preload('playAdDuringHighlights'))).toBe(false);
    expect(adFlowForcesFallbackOff(autoplay)).toBe(false);
  });

  it('feeds the shared field table: fallback off under Delay duration whatever the switch says', () => {
    const switches = { skip: true, fallbackEnable: true, displaySkip: false };
    expect(flowStateOf(preload('delayDuration'), switches)).toEqual({
      autoplay: false,
      delayedAutoplay: false,
      preloadAdDelay: true,
      skip: true,
      fallbackEnable: false,
      displaySkip: false,
    });
    expect(flowStateOf(autoplay, switches).fallbackEnable).toBe(true);
  });
});
