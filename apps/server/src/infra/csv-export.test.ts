import { describe, expect, it } from 'vitest';
import { csvCell, csvDate, csvLine } from './csv-export.ts';

describe('csvCell', () => {
  it('neutralises text a spreadsheet would run as a formula', () => {
    for (const lead of ['=', '+', '-', '@', '\t', '\r']) {
      expect(csvCell(`${lead}1+1`).replace(/^"/, '').startsWith(`'${lead}`)).toBe(true);
    }
    expect(csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
  });

  it('writes numbers as numbers, even negative ones', () => {
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell(0.25)).toBe('0.25');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(null)).toBe('');
  });

  it('quotes commas, quotes, line breaks and edge spaces', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell('plain')).toBe('plain');
  });

  it('ends a line with CRLF', () => {
    expect(csvLine(['a', 1, null])).toBe('a,1,\r\n');
  });

  it('writes dates in UTC', () => {
    expect(csvDate(0)).toBe('1970-01-01 00:00:00');
    expect(csvDate(null)).toBe('');
  });
});
