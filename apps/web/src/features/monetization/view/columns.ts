// How the view screen prints config values (spec 002 §2.4).
import type { AbTest, VideoConfigRow } from '@hc/shared/api/monetization';
import { AD_FLOW_LABELS, adFlowOf, PRELOAD_OPTION_LABELS } from '@hc/shared/monetization/ad-flow';
import { formatAuditValue } from '@hc/shared/monetization/audit-changes';

export const yesNo = (v: unknown): string => (v === true ? 'Yes' : v === false ? 'No' : '');

/** 'Autoplay' or 'Preload sequence: Delay duration'. */
export function adFlowLabel(row: VideoConfigRow): string {
  const flow = adFlowOf(row);
  return flow.flow === 'autoplay'
    ? AD_FLOW_LABELS.autoplay
    : `${AD_FLOW_LABELS.preload}: ${PRELOAD_OPTION_LABELS[flow.preloadOption]}`;
}

export const abTestLabel = (test: AbTest | null): string =>
  test ? (test.monetization ? 'Monetization test' : 'Yes') : 'No';

/** A weight of 0.25 shows as 25%. */
export const weightPercent = (weight: number): string => `${Math.round(weight * 1000) / 10}%`;

/** Milliseconds as seconds ('10 s'); empty when absent. */
export const msAsSeconds = (ms: unknown): string => (typeof ms === 'number' ? `${ms / 1000} s` : '');

export const cell = (value: unknown): string => formatAuditValue(value);
