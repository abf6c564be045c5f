import { describe, expect, it } from 'vitest';
import { freeQueryParam, parseScope, scopeParams, scopeValue, toSortParams } from './taskListQuery.ts';

describe('toSortParams', () => {
  it("leaves the server's default when nothing is sorted", () => {
    expect(toSortParams([])).toEqual({});
  });

  it('sends every sorted column in order with its direction', () => {
    expect(
      toSortParams([
        { field: 'publisher_name', order: 1 },
        { field: 'created_at', order: -1 },
      ]),
    ).toEqual({ sort_by: ['publisher_name', 'created_at'], order_dir: ['asc', 'desc'] });
  });

  it('drops fields the server cannot sort, unsorted entries and repeats', () => {
    expect(
      toSortParams([
        { field: 'thumbnail', order: 1 },
        { field: 'duration', order: 0 },
        { field: 'title', order: -1 },
        { field: 'title', order: 1 },
      ]),
    ).toEqual({ sort_by: ['title'], order_dir: ['desc'] });
  });

  it('puts the group-by key first, ascending unless the user sorted it', () => {
    expect(toSortParams([{ field: 'created_at', order: -1 }], 'channel')).toEqual({
      sort_by: ['channel', 'created_at'],
      order_dir: ['asc', 'desc'],
    });
    expect(
      toSortParams(
        [
          { field: 'created_at', order: -1 },
          { field: 'publisher_name', order: -1 },
        ],
        'publisher_name',
      ),
    ).toEqual({ sort_by: ['publisher_name', 'created_at'], order_dir: ['desc', 'desc'] });
    expect(toSortParams([], 'publisher_name')).toEqual({ sort_by: ['publisher_name'], order_dir: ['asc'] });
  });
});

describe('task scope', () => {
  it('round-trips through the dropdown value', () => {
    expect(parseScope(scopeValue({ kind: 'group', id: 3 }))).toEqual({ kind: 'group', id: 3 });
    expect(parseScope(scopeValue({ kind: 'publisher', id: 12 }))).toEqual({ kind: 'publisher', id: 12 });
    expect(parseScope('team:1')).toBeNull();
    expect(parseScope('publisher:')).toBeNull();
  });

  it('becomes publisher_ids[] or group_ids[]', () => {
    expect(scopeParams({ kind: 'publisher', id: 12 })).toEqual({ publisher_ids: [12] });
    expect(scopeParams({ kind: 'group', id: 3 })).toEqual({ group_ids: [3] });
  });
});

describe('freeQueryParam', () => {
  it('is trimmed and left out when blank', () => {
    expect(freeQueryParam('  derby ')).toEqual({ free_query: 'derby' });
    expect(freeQueryParam('   ')).toEqual({});
  });
});
