// The ad-flow state machine of the config pages (the spec's "Ad flow"): which flags each choice sets and
// which sections and fields it shows. The browser draws from it and the server validates with it.
import type { MonetizationFlowState } from '../validation.ts';

export const AD_FLOWS = ['autoplay', 'preload'] as const;
export type AdFlow = (typeof AD_FLOWS)[number];

/** The three sub-options of the preload sequence. */
export const PRELOAD_OPTIONS = ['autoplayDelay', 'playAdDuringHighlights', 'delayDuration'] as const;
export type PreloadOption = (typeof PRELOAD_OPTIONS)[number];

export const AD_FLOW_LABELS: Record<AdFlow, string> = {
  autoplay: 'Autoplay',
  preload: 'Preload sequence',
};
export const PRELOAD_OPTION_LABELS: Record<PreloadOption, string> = {
  autoplayDelay: 'Autoplay delay',
  playAdDuringHighlights: 'Play ad during highlights',
  delayDuration: 'Delay duration',
};

/**
 * The chosen flow. The preload sub-option is kept while Autoplay is chosen, so going back to the preload
 * sequence restores the sub-option the user had.
 */
export interface AdFlowState {
  flow: AdFlow;
  preloadOption: PreloadOption;
}

export const DEFAULT_AD_FLOW: AdFlowState = { flow: 'autoplay', preloadOption: 'autoplayDelay' };

/** The aniview flags a flow stores on the video config. */
export interface AdFlowFlags {
  aniviewPreload: boolean;
  aniviewAutoplay: boolean;
  aniviewDelayedAutoplay: boolean;
  aniviewPlayAdExactBetween: boolean;
  aniviewPreloadAdDelay: boolean;
}

/**
 * Flags of a flow. Autoplay sets preload, autoplay and delayed autoplay on; the preload sequence sets
 * autoplay off and exactly one sub-option flag on.
 */
export function adFlowFlags(state: AdFlowState): AdFlowFlags {
  if (state.flow === 'autoplay') {
    return {
      aniviewPreload: true,
      aniviewAutoplay: true,
      aniviewDelayedAutoplay: true,
      aniviewPlayAdExactBetween: false,
      aniviewPreloadAdDelay: false,
    };
  }
  return {
    aniviewPreload: true,
    aniviewAutoplay: false,
    aniviewDelayedAutoplay: state.preloadOption === 'autoplayDelay',
    aniviewPlayAdExactBetween: state.preloadOption === 'playAdDuringHighlights',
    aniviewPreloadAdDelay: state.preloadOption === 'delayDuration',
  };
}

/**
 * The flow stored flags describe (the inverse of adFlowFlags). Autoplay wins when set; a preload sequence
 * reads its sub-option from the most restrictive flag set (delay, then play-between, then delayed
 * autoplay), and a record with none set opens as Autoplay delay.
 */
export function adFlowOf(flags: Partial<AdFlowFlags>): AdFlowState {
  if (flags.aniviewAutoplay === true) return { flow: 'autoplay', preloadOption: 'autoplayDelay' };
  if (flags.aniviewPreloadAdDelay === true) return { flow: 'preload', preloadOption: 'delayDuration' };
  if (flags.aniviewPlayAdExactBetween === true) {
    return { flow: 'preload', preloadOption: 'playAdDuringHighlights' };
  }
  return { flow: 'preload', preloadOption: 'autoplayDelay' };
}

/** What the config page shows for a flow. */
export interface AdFlowView {
  /** The three radio buttons of the preload sequence. */
  preloadOptions: boolean;
  /** Sequence (does not apply to Autoplay; Starting Point and the playing window apply to every flow). */
  sequence: boolean;
  /** Delay Duration (only with the preload ad delay). */
  delayDuration: boolean;
  /**
   * The full Ad manager options section: with it Max Impressions and Start Midroll, which apply only
   * when autoplay or delayed autoplay does.
   */
  fullAdManager: boolean;
  /** The Display section (fallback switch, profile id, mobile and desktop blocks). */
  display: boolean;
}

export function adFlowView(state: AdFlowState): AdFlowView {
  const flags = adFlowFlags(state);
  return {
    preloadOptions: state.flow === 'preload',
    sequence: !flags.aniviewAutoplay,
    delayDuration: flags.aniviewPreloadAdDelay,
    fullAdManager: flags.aniviewAutoplay || flags.aniviewDelayedAutoplay,
    display: !flags.aniviewPreloadAdDelay,
  };
}

/** True when the flow switches the display fallback off (Delay duration). */
export function adFlowForcesFallbackOff(state: AdFlowState): boolean {
  return adFlowFlags(state).aniviewPreloadAdDelay;
}

/** The flow switches of the shared field table (validation.ts) for a flow and the two skip switches. */
export function flowStateOf(
  state: AdFlowState,
  switches: { skip: boolean; fallbackEnable: boolean; displaySkip: boolean },
): MonetizationFlowState {
  const flags = adFlowFlags(state);
  return {
    autoplay: flags.aniviewAutoplay,
    delayedAutoplay: flags.aniviewDelayedAutoplay,
    preloadAdDelay: flags.aniviewPreloadAdDelay,
    skip: switches.skip,
    fallbackEnable: switches.fallbackEnable && !flags.aniviewPreloadAdDelay,
    displaySkip: switches.displaySkip,
  };
}
