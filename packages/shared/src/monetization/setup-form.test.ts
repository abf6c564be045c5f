import { describe, expect, it } from 'vitest';
import type { AdFlowState } from './ad-flow.ts';
import {
  AD_UNIT_PATH_PREFIX,
  blankSetupForm,
  chooseAdFlow,
  defaultSetupForm,
  displayConfigsOf,
  isKnownAdFlow,
  PLAYING_WINDOW_OPTIONS,
  PUBMATIC_URL_PREFIX,
  setStartPoint,
  setupFormFrom,
  validateSetupForm,
  videoConfigOf,
  type DisplayBlockValues,
  type SetupForm,
  type VideoSetupValues,
} from './setup-form.ts';

const CHANNEL = '0123456789abcdef01234567';
const autoplay: AdFlowState = { flow: 'autoplay', preloadOption: 'autoplayDelay' };
const preload = (preloadOption: AdFlowState['preloadOption']): AdFlowState => ({
  flow: 'preload',
  preloadOption,
});

/** A valid form with the fallback on, so every display field is checked too. */
function validForm(): SetupForm {
  const form = defaultSetupForm();
  form.video.channel = CHANNEL;
  form.display.fallbackEnable = true;
  form.display.profileId = '12345';
  return form;
}

const withVideo = (patch: Partial<VideoSetupValues>, base = validForm()): SetupForm => ({
  ...base,
  video: { ...base.video, ...patch },
});
const withBlock = (patch: Partial<DisplayBlockValues>, base = validForm()): SetupForm => ({
  ...base,
  display: { ...base.display, mobile: { ...base.display.mobile, ...patch } },
});
const fields = (form: SetupForm) => validateSetupForm(form).map((e) => e.field);

describe('config page defaults (the business constants the spec states)', () => {
  it('are valid once a channel is given and the fallback profile is set', () => {
    expect(validateSetupForm(validForm())).toEqual([]);
  });

  it('carry the stated defaults', () => {
    const { video, display } = defaultSetupForm();
    expect(video).toMatchObject({
      midrollTime: '3',
      maxImpressions: '5',
      startMidroll: '7',
      vastRetry: '2',
      errorLimit: '10',
      skipTimer: '5',
      adSequence: '2',
      aniviewPreloadAdPlayingWindow: '6.5',
      viewportProduct: '1',
      viewportAd: '30',
    });
    expect(display.mobile.displayAdDuration).toBe('10');
    expect(display.mobile.supportedSizes).toEqual([
      [300, 250],
      [320, 50],
      [250, 250],
    ]);
  });

  it('need a channel', () => {
    expect(validateSetupForm(defaultSetupForm())).toEqual([
      { field: 'channel', message: 'Channel ID is required' },
    ]);
  });
});

describe('every bound of the config page table: the boundary passes, one past fails', () => {
  // [field, flow, valid boundary values, invalid values one step past]
  const cases: [keyof VideoSetupValues, AdFlowState, string[], string[]][] = [
    ['midrollTime', autoplay, ['1'], ['0', '']],
    ['midrollDelay', autoplay, ['0', '15', ''], ['16']],
    ['maxImpressions', autoplay, ['0', '100'], ['101', '']],
    ['startMidroll', autoplay, ['7'], ['6', '']],
    ['vastRetry', autoplay, ['1', '5'], ['0', '6', '']],
    ['errorLimit', autoplay, ['1'], ['0', '']],
    ['startPoint', autoplay, ['0'], ['-1', '']],
    ['adSequence', preload('autoplayDelay'), ['2', '0,3,6', '1, 2'], ['', '1,,2', '1.5', 'a']],
    ['aniviewPreloadAdPlayingWindow', autoplay, ['1', '1.5', '6.5'], ['0.5', '7', '2.3']],
    ['adDelayDuration', preload('delayDuration'), ['0', '6'], ['7', '']],
    ['viewportProduct', autoplay, ['0', '100'], ['101', '']],
    ['viewportAd', autoplay, ['0', '100'], ['101', '']],
  ];
  it.each(cases)('%s', (field, adFlow, good, bad) => {
    for (const value of good)
      expect(fields(withVideo({ adFlow, [field]: value })), `${field}=${value}`).toEqual([]);
    for (const value of bad) {
      expect(fields(withVideo({ adFlow, [field]: value })), `${field}=${value}`).toEqual([field]);
    }
  });

  it('Skip Timer: 3 to 10 when skip is on', () => {
    for (const v of ['3', '10']) expect(fields(withVideo({ skip: true, skipTimer: v }))).toEqual([]);
    for (const v of ['2', '11', ''])
      expect(fields(withVideo({ skip: true, skipTimer: v }))).toEqual(['skipTimer']);
  });

  it('Channel: exactly 24 hex characters, input lowercased', () => {
    expect(fields(withVideo({ channel: CHANNEL.toUpperCase() }))).toEqual([]);
    expect(fields(withVideo({ channel: CHANNEL.slice(1) }))).toEqual(['channel']);
    expect(fields(withVideo({ channel: `${CHANNEL}0` }))).toEqual(['channel']);
    expect(fields(withVideo({ channel: `${CHANNEL.slice(1)}g` }))).toEqual(['channel']);
  });

  it('Display profile id: digits only, 4 to 5 digits, at most 99999', () => {
    const at = (profileId: string) =>
      fields({ ...validForm(), display: { ...validForm().display, profileId } });
    for (const v of ['1000', '0001', '99999']) expect(at(v)).toEqual([]);
    for (const v of ['999', '100000', '12a4', '']) expect(at(v)).toEqual(['display.profileId']);
  });

  it('Display ad duration: 5 to 10 seconds', () => {
    for (const v of ['5', '10']) expect(fields(withBlock({ displayAdDuration: v }))).toEqual([]);
    for (const v of ['4', '11', '']) {
      expect(fields(withBlock({ displayAdDuration: v }))).toEqual(['display.mobile.displayAdDuration']);
    }
  });

  it('Display skip delay: 1 to 5, checked only when skip is enabled', () => {
    expect(fields(withBlock({ skipEnabled: false, skipDelay: '0' }))).toEqual([]);
    for (const v of ['1', '5']) expect(fields(withBlock({ skipEnabled: true, skipDelay: v }))).toEqual([]);
    for (const v of ['0', '6']) {
      expect(fields(withBlock({ skipEnabled: true, skipDelay: v }))).toEqual(['display.mobile.skipDelay']);
    }
  });

  it('Ad unit path custom part: not empty; viewport pause 0 to 100; at least one allowed size', () => {
    expect(fields(withBlock({ adUnitPathCustom: '  ' }))).toEqual(['display.mobile.adUnitPathCustom']);
    expect(fields(withBlock({ viewportPause: '100' }))).toEqual([]);
    expect(fields(withBlock({ viewportPause: '101' }))).toEqual(['display.mobile.viewportPause']);
    expect(fields(withBlock({ supportedSizes: [] }))).toEqual(['display.mobile.supportedSizes']);
    expect(fields(withBlock({ supportedSizes: [[300, 601]] }))).toEqual(['display.mobile.supportedSizes']);
    expect(fields(withBlock({ supportedSizes: [[336, 280]] }))).toEqual([]);
  });

  it('offers the playing window in steps of 0.5 from 1 to 6.5', () => {
    expect(PLAYING_WINDOW_OPTIONS).toEqual([1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5, 5.5, 6, 6.5]);
  });

  it("words Start Midroll's limit as the grid does: at least 7", () => {
    expect(validateSetupForm(withVideo({ adFlow: autoplay, startMidroll: '6' }))).toEqual([
      { field: 'startMidroll', message: 'Start Midroll must be at least 7' },
    ]);
  });

  it('words errors with the label, in page order', () => {
    const errors = validateSetupForm(withVideo({ channel: 'x', vastRetry: '9', midrollTime: '' }));
    expect(errors).toEqual([
      { field: 'channel', message: 'Channel ID must be exactly 24 hexadecimal characters (0-9, a-f)' },
      { field: 'midrollTime', message: 'Midroll Time is required' },
      { field: 'vastRetry', message: 'VAST Retry must be between 1 and 5' },
    ]);
  });
});

describe('fields that do not apply are neither validated nor submitted (the five cases)', () => {
  it('maxImpressions and startMidroll when neither autoplay nor delayed autoplay applies', () => {
    for (const option of ['playAdDuringHighlights', 'delayDuration'] as const) {
      const form = withVideo({ adFlow: preload(option), maxImpressions: '999', startMidroll: '1' });
      expect(fields(form)).toEqual([]);
      expect(videoConfigOf(form)).not.toHaveProperty('maxImpressions');
      expect(videoConfigOf(form)).not.toHaveProperty('startMidroll');
    }
    const delayed = withVideo({ adFlow: preload('autoplayDelay'), maxImpressions: '101' });
    expect(fields(delayed)).toEqual(['maxImpressions']);
  });

  it('adDelayDuration without preload ad delay', () => {
    const form = withVideo({ adFlow: preload('playAdDuringHighlights'), adDelayDuration: '99' });
    expect(fields(form)).toEqual([]);
    expect(videoConfigOf(form)).not.toHaveProperty('adDelayDuration');
    expect(
      videoConfigOf(withVideo({ adFlow: preload('delayDuration'), adDelayDuration: '4' })).adDelayDuration,
    ).toBe(4);
  });

  it('adSequence with autoplay', () => {
    const form = withVideo({ adFlow: autoplay, adSequence: 'not a sequence' });
    expect(fields(form)).toEqual([]);
    expect(videoConfigOf(form)).not.toHaveProperty('adSequence');
    expect(
      videoConfigOf(withVideo({ adFlow: preload('autoplayDelay'), adSequence: '1, 4' })).adSequence,
    ).toBe('1,4');
  });

  it('skipTimer when skip is off', () => {
    const form = withVideo({ skip: false, skipTimer: '99' });
    expect(fields(form)).toEqual([]);
    expect(videoConfigOf(form)).not.toHaveProperty('skipTimer');
    expect(videoConfigOf(withVideo({ skip: true, skipTimer: '4' })).skipTimer).toBe(4);
  });

  it('with the fallback off only fallbackEnable is sent for display, and display fields are not checked', () => {
    const base = withBlock({ displayAdDuration: '99' });
    const off = { ...base, display: { ...base.display, fallbackEnable: false, profileId: 'x' } };
    expect(fields(off)).toEqual([]);
    expect(displayConfigsOf(off)).toEqual({
      mobile: { fallbackEnable: false },
      desktop: { fallbackEnable: false },
    });
  });
});

describe('transitions', () => {
  it('Delay duration switches the display fallback off; other choices keep it', () => {
    const on = validForm();
    expect(chooseAdFlow(on, preload('delayDuration')).display.fallbackEnable).toBe(false);
    expect(chooseAdFlow(on, preload('playAdDuringHighlights')).display.fallbackEnable).toBe(true);
    expect(chooseAdFlow(on, autoplay).display.fallbackEnable).toBe(true);
  });

  it('the starting point becomes the first entry of the sequence', () => {
    const form = withVideo({ adSequence: '2,5,8' });
    expect(setStartPoint(form, '3').video).toMatchObject({ startPoint: '3', adSequence: '3,5,8' });
    expect(setStartPoint(withVideo({ adSequence: '' }), '4').video.adSequence).toBe('4');
    expect(setStartPoint(form, '').video.adSequence).toBe('2,5,8');
  });
});

describe('stored configs', () => {
  it('store display times in milliseconds and the fixed URL prefixes', () => {
    const form = withBlock({
      displayAdDuration: '7',
      skipEnabled: true,
      skipDelay: '3',
      adUnitPathCustom: 'home',
    });
    expect(displayConfigsOf(form).mobile).toEqual({
      fallbackEnable: true,
      pubmaticUrl: `${PUBMATIC_URL_PREFIX}12345`,
      displayAdDuration: 7000,
      displayAdTimer: true,
      skipEnabled: true,
      skipDelay: 3000,
      adUnitPath: `${AD_UNIT_PATH_PREFIX}home`,
      viewportPause: 50,
      supportedSizes: [
        [300, 250],
        [320, 50],
        [250, 250],
      ],
    });
  });

  it('store the flow flags and numbers, and read back into the same form', () => {
    const form = withVideo({ adFlow: preload('delayDuration'), adDelayDuration: '2', midrollDelay: '4' });
    const video = videoConfigOf(form);
    expect(video).toMatchObject({
      channel: CHANNEL,
      adManager: 'aniview',
      aniviewAutoplay: false,
      aniviewPreloadAdDelay: true,
      midrollTime: 3,
      midrollDelay: 4,
      adDelayDuration: 2,
      aniviewPreloadAdPlayingWindow: 6.5,
    });
    const display = displayConfigsOf(validForm());
    const back = setupFormFrom(video, display);
    expect(back.video.adFlow).toEqual(preload('delayDuration'));
    expect(back.video.adDelayDuration).toBe('2');
    expect(back.display.profileId).toBe('12345');
    expect(back.display.mobile.displayAdDuration).toBe('10');
    expect(back.display.fallbackEnable).toBe(true);
  });

  it('rebuilt on a blank base, a config missing required values fails validation', () => {
    const rebuilt = setupFormFrom({ channel: CHANNEL, aniviewAutoplay: true }, null, blankSetupForm());
    expect(fields(rebuilt)).toEqual([
      'startPoint',
      'aniviewPreloadAdPlayingWindow',
      'midrollTime',
      'maxImpressions',
      'startMidroll',
      'vastRetry',
      'errorLimit',
      'viewportProduct',
      'viewportAd',
    ]);
  });

  it('knows the flag combinations of the four flows and refuses others', () => {
    expect(isKnownAdFlow(videoConfigOf(validForm()))).toBe(true);
    expect(isKnownAdFlow(videoConfigOf(withVideo({ adFlow: preload('playAdDuringHighlights') })))).toBe(true);
    expect(
      isKnownAdFlow({
        aniviewPreload: true,
        aniviewAutoplay: true,
        aniviewDelayedAutoplay: false,
        aniviewPlayAdExactBetween: false,
        aniviewPreloadAdDelay: false,
      }),
    ).toBe(false);
  });
});
