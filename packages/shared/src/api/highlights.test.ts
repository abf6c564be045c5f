// The highlight list's keyset cursor: what the server gives out reads back exactly, and nothing else
// passes (a forged value must never reach the database as something it cannot cast).
import { describe, expect, it } from 'vitest';
import { encodeHighlightCursor, highlightCursorSchema, type HighlightCursor } from './highlights.ts';

const roundTrip = (cursor: HighlightCursor) => highlightCursorSchema.parse(encodeHighlightCursor(cursor));

describe('highlight cursor', () => {
  it('carries the column, the row and its exact value', () => {
    const cases: HighlightCursor[] = [
      { column: 'date', afterId: 1, value: '1764125951602001' },
      { column: 'date', afterId: 999_999_999, value: '-86400000000' },
      { column: 'non_uniq_regular_clicks', afterId: 36, value: '0' },
      { column: 'non_uniq_ia__clicks', afterId: 37, value: '123456789012345678' },
      { column: 'regular_ctr', afterId: 5, value: '0.030000000000000002' },
      { column: 'ia_ctr', afterId: 5, value: '1.5e-7' },
      { column: 'ia_ctr', afterId: 5, value: '2e21' },
      { column: 'regular_ctr', afterId: 8, value: null },
    ];
    for (const cursor of cases) expect(roundTrip(cursor)).toEqual(cursor);
  });

  it('writes a double as its shortest exact text, URL-safe', () => {
    const cursor = encodeHighlightCursor({ column: 'ia_ctr', afterId: 5, value: '2.5e+21' });
    expect(cursor).toBe('h2.4.5.2.5e21');
    expect(encodeURIComponent(cursor)).toBe(cursor);
    expect(highlightCursorSchema.parse(cursor).value).toBe('2.5e21');
    expect(Number(highlightCursorSchema.parse('h2.2.5.0.1000').value)).toBe(0.1);
  });

  it('refuses what it did not give out', () => {
    for (const cursor of [
      'h1.abc', // the old shape (row id only)
      'h2.0.abc',
      'h2.0.abc.',
      'h2.5.abc.1', // no sixth column
      'h2.0.0.1', // id 0
      'h2.0.abc.1.5', // a date is whole microseconds
      'h2.1.abc.1e3', // clicks are integers
      'h2.1.abc.1234567890123456789', // beyond the integers the cursor carries
      'h2.2.abc.1e400', // not a finite double
      'h2.2.abc.-', // not a number
      'h2.2.abc.1+2',
      "h2.0.abc.1'--",
      'h2.0.zzzzzzzzzzzz.1', // id out of range
    ]) {
      expect(highlightCursorSchema.safeParse(cursor).success, cursor).toBe(false);
    }
  });
});
