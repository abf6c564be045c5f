import { describe, expect, it } from 'vitest';
import {
  choiceField,
  dayField,
  intField,
  intListField,
  optionalField,
  readFields,
  readPage,
  sortField,
  textField,
  writeFields,
} from './urlState.ts';

const fields = {
  q: textField(),
  type: choiceField(['all', 'auto', 'user'] as const, 'all'),
  days: intField(1, 365),
  sort: sortField(['name', 'updated_at'] as const, { column: 'updated_at', order: 'desc' }),
};

describe('list state in the address', () => {
  it('reads defaults from an empty address', () => {
    expect(readFields(fields, new URLSearchParams())).toEqual({
      q: '',
      type: 'all',
      days: null,
      sort: { column: 'updated_at', order: 'desc' },
    });
    expect(readPage(new URLSearchParams())).toBe(1);
  });

  it('reads what a shared link holds', () => {
    const search = new URLSearchParams('q=reel&type=user&days=7&sort=name_asc&page=3');
    expect(readFields(fields, search)).toEqual({
      q: 'reel',
      type: 'user',
      days: 7,
      sort: { column: 'name', order: 'asc' },
    });
    expect(readPage(search)).toBe(3);
  });

  it('reads an edited or stale value as the default', () => {
    const search = new URLSearchParams('type=bogus&days=9999&sort=secret_asc&page=-2');
    expect(readFields(fields, search)).toMatchObject({
      type: 'all',
      days: null,
      sort: { column: 'updated_at', order: 'desc' },
    });
    expect(readPage(search)).toBe(1);
    expect(readPage(new URLSearchParams('page=abc'))).toBe(1);
  });

  it('leaves defaults out of the address and keeps other parameters', () => {
    const next = writeFields(fields, new URLSearchParams('hlts=1,2&type=user'), {
      type: 'all',
      q: 'news',
      sort: { column: 'name', order: 'desc' },
    });
    expect(next.toString()).toBe('hlts=1%2C2&q=news&sort=name_desc');
  });

  it('reads an unchosen select, a list of ids and a calendar day', () => {
    const more = {
      kind: optionalField(choiceField(['render', 'export'] as const, 'render')),
      ids: intListField(),
      from: dayField(),
    };
    expect(readFields(more, new URLSearchParams())).toEqual({ kind: null, ids: [], from: null });
    expect(readFields(more, new URLSearchParams('kind=export&ids=3,x,12,0&from=2026-02-28'))).toEqual({
      kind: 'export',
      ids: [3, 12],
      from: '2026-02-28',
    });
    // A day that no calendar has, or a kind that is not one, reads as none chosen.
    expect(readFields(more, new URLSearchParams('kind=bogus&from=2026-02-30'))).toEqual({
      kind: null,
      ids: [],
      from: null,
    });
    expect(
      writeFields(more, new URLSearchParams('kind=export'), { kind: null, ids: [5, 2] }).toString(),
    ).toBe('ids=5%2C2');
  });
});
