// GET search?q&limit: what the console's quick search (Ctrl+K) finds on the server, in the caller's
// publisher and only of the kinds their roles open: packages, stories, programs and vertical tasks, by
// name words (prefixes) or by id. Screens are found in the browser from the route table.
import { z } from 'zod';

export const SEARCH_KINDS = ['package', 'story', 'program', 'vertical_task'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_LIMIT_MAX = 10;

export const searchQuerySchema = z.object({
  q: z.string().trim().min(1).max(100),
  /** Per kind. */
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT_MAX).default(5),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const searchResultSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  /** The object's id (a package's embed id). */
  id: z.string(),
  title: z.string(),
  /** The console path that opens it. */
  path: z.string(),
  /** Higher first: an exact id, then how well the words match. */
  score: z.number(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResultsSchema = z.object({ results: z.array(searchResultSchema) });
export type SearchResults = z.infer<typeof searchResultsSchema>;
