// Pending counts of the menu badges, the vertical task count and the tool settings.
import { z } from 'zod';
import { SETTINGS_FETCH_LIMIT, VERTICAL_CONTENT_TYPES } from '../constants.ts';

/** Each count is 0 when the caller's roles do not reach that queue. */
export const pendingCountsSchema = z.object({
  /** Articles waiting for Auto Highlight Review (apv_article_admin, admin). */
  autoHighlightReview: z.number(),
  /** Vertical tasks in review within the look-back (switch_publisher, admin). */
  verticalFullContent: z.number(),
  verticalHighlight: z.number(),
  /** The sum of the three. */
  tasksTotal: z.number(),
});
export type PendingCounts = z.infer<typeof pendingCountsSchema>;

export const verticalTaskCountQuerySchema = z.object({
  /** Both content types when absent. */
  content_type: z.enum(VERTICAL_CONTENT_TYPES).optional(),
});
export const verticalTaskCountSchema = z.object({ tasksCount: z.number() });

export const settingsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(SETTINGS_FETCH_LIMIT).default(SETTINGS_FETCH_LIMIT),
});
export const settingSchema = z.object({ key: z.string(), value: z.string() });
/** One entry per key, the caller publisher's value over the global one; sorted by key. */
export const settingsSchema = z.array(settingSchema);
export type Setting = z.infer<typeof settingSchema>;

/** The setting holding the number of auto highlights shown per article. */
export const ALGO_SUGGESTIONS_SETTING = 'numberOfAlgoSuggestions';
