// How the review modal lists suggestions: labels by source (or the console's own), the cap
// from the numberOfAlgoSuggestions setting, and the one selected at first.
import { DEFAULT_ALGO_SUGGESTIONS, SUGGESTION_SOURCE } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';

/** The console's own reframing is named as such; the others by the spec's source codes. */
export function suggestionLabel({ source, origin }: { source: number; origin?: string }): string {
  if (origin === 'console') return messages.consoleSuggestionLabel;
  if (source === SUGGESTION_SOURCE.manual) return 'Manual Suggestion';
  if (source === SUGGESTION_SOURCE.timedOut) return 'Timed out Suggestion';
  return 'Algo Suggestion';
}

/** The setting's value when it is a positive integer, else the default of 2. */
export function suggestionLimit(setting: string | number | null | undefined): number {
  const n = typeof setting === 'number' ? setting : Number(setting ?? Number.NaN);
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_ALGO_SUGGESTIONS;
}

/**
 * The suggestions shown: the first `limit` (the server sends them newest first), but never without the
 * active one (the vertical in use), which then takes the last place; the server's order is kept.
 */
export function cappedSuggestions<T extends { active: boolean }>(suggestions: T[], limit: number): T[] {
  const first = suggestions.slice(0, limit);
  const active = suggestions.find((s) => s.active);
  if (!active || limit < 1 || first.includes(active)) return first;
  const kept = new Set([...suggestions.slice(0, limit - 1), active]);
  return suggestions.filter((s) => kept.has(s));
}

/** The active suggestion, else the first one. */
export function initialSelection<T extends { active: boolean }>(suggestions: T[]): T | undefined {
  return suggestions.find((s) => s.active) ?? suggestions[0];
}
