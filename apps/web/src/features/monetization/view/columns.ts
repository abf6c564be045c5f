// How the view screen prints config values.
import type { AbTest, VideoConfigRow } from '@hc/shared/api/monetization';
import { AD_FLOW_LABELS, adFlowOf, PRELOAD_OPTION_LABELS } from '@hc/shared/monetization/ad-flow';
import { formatAuditValue } from '@hc/shared/monetization/audit-changes';
import { VIDEO_AD_MANAGERS } from '@hc/shared/monetization/setup-form';

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

/** 'Aniview' for 'aniview'; an unknown manager as stored. */
export const adManagerLabel = (value: unknown): string =>
  VIDEO_AD_MANAGERS.find((m) => m.value === value)?.label ?? cell(value);

interface ScopedRow {
  publisherName: string;
  placementName: string | null;
  displayAdOptions?: string;
}

/** Rows grouped by publisher: its own setup first, then its placements by name (then mobile, desktop). */
export function bySetupScope(a: ScopedRow, b: ScopedRow): number {
  return (
    a.publisherName.localeCompare(b.publisherName) ||
    (a.placementName === null ? -1 : 0) - (b.placementName === null ? -1 : 0) ||
    (a.placementName ?? '').localeCompare(b.placementName ?? '') ||
    (b.displayAdOptions ?? '').localeCompare(a.displayAdOptions ?? '')
  );
}
