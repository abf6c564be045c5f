// Search text typed into a box, as tsqueries over the GIN-indexed search vectors. Only letters and digits
// reach to_tsquery, so user text never becomes tsquery syntax; at most ten words are used.
import { sql, type SQL } from 'drizzle-orm';

const MAX_WORDS = 10;
/** A last word shorter than this is matched whole: a one-letter prefix would match most of the index. */
const MIN_PREFIX_LENGTH = 2;

/** The words of a search text, lowercased (letters and digits of any script). */
export function searchWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
}

/**
 * Every word as a prefix, over a 'simple' vector (names, aliases, program titles): 'top vid' matches
 * 'Top Videos'. Null when the text holds no word.
 */
export function prefixTsQuery(text: string): SQL | null {
  const words = searchWords(text);
  if (words.length === 0) return null;
  return sql`to_tsquery('simple', ${words.map((w) => `${w}:*`).join(' & ')})`;
}

/**
 * Text as it is being typed, over an 'english' (stemmed) vector: the finished words by their stems, and
 * the last word either as a prefix of an indexed word or by its own stem. So 'Tayl' finds 'Taylor', 'the'
 * finds 'theatre' (a stop word whole, but a prefix of others), and 'running' still finds 'runs'. Null
 * when the text holds no word.
 */
export function typedTsQuery(text: string): SQL | null {
  const words = searchWords(text);
  const last = words.pop();
  if (last === undefined) return null;
  const lastWord =
    last.length >= MIN_PREFIX_LENGTH
      ? sql`(to_tsquery('simple', ${`${last}:*`}) || plainto_tsquery('english', ${last}))`
      : sql`plainto_tsquery('english', ${last})`;
  return words.length === 0 ? lastWord : sql`(plainto_tsquery('english', ${words.join(' ')}) && ${lastWord})`;
}

/**
 * typedTsQuery as SQL text for hand-written statements (raw-query.ts): the same tsquery, its words bound
 * as parameters through `param`. Null when the text holds no word.
 */
export function typedTsQueryText(text: string, param: (value: string) => string): string | null {
  const words = searchWords(text);
  const last = words.pop();
  if (last === undefined) return null;
  const lastWord =
    last.length >= MIN_PREFIX_LENGTH
      ? `(to_tsquery('simple', ${param(`${last}:*`)}) || plainto_tsquery('english', ${param(last)}))`
      : `plainto_tsquery('english', ${param(last)})`;
  return words.length === 0
    ? lastWord
    : `(plainto_tsquery('english', ${param(words.join(' '))}) && ${lastWord})`;
}
