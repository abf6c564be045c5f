// Vertical View's tabs: RESULTS (0) lists ready items, REJECTED (1) rejected
// ones; in the program route's status segment 1 means rejected and any other value ready.
import { VERTICAL_TABS } from '@hc/shared/constants';

export type ViewStatus = 'ready' | 'rejected';
export type ViewTab = (typeof VERTICAL_TABS)[keyof typeof VERTICAL_TABS];

export const VIEW_TAB_LABELS: Record<ViewTab, string> = {
  [VERTICAL_TABS.results]: 'RESULTS',
  [VERTICAL_TABS.rejected]: 'REJECTED',
};

/** A tab index from a route segment or query value: '1' is REJECTED, anything else RESULTS. */
export const tabOf = (raw: string | null | undefined): ViewTab =>
  raw === String(VERTICAL_TABS.rejected) ? VERTICAL_TABS.rejected : VERTICAL_TABS.results;

/** The task status a tab lists. */
export const statusOfTab = (tab: ViewTab): ViewStatus =>
  tab === VERTICAL_TABS.rejected ? 'rejected' : 'ready';
