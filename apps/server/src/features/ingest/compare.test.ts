// What an upsert writes: only columns whose stored value differs, compared as PostgreSQL returns them.
import { describe, expect, it } from 'vitest';
import { canonical, changedColumns } from './compare.ts';

const REAL = new Set(['duration']);

describe('changedColumns', () => {
  it('is null when nothing differs, as stored values come back', () => {
    const stored = {
      at: new Date('2026-11-25T10:00:00Z'),
      duration: Math.fround(6.7),
      score: 0.83,
      doc: { b: 1, a: [{ y: 2, x: 1 }] },
      title: 'T',
      gif: null,
    };
    const desired = {
      at: new Date('2026-11-25T10:00:00.000Z'),
      duration: 6.7,
      score: 0.83,
      doc: { a: [{ x: 1, y: 2 }], b: 1 },
      title: 'T',
      gif: null,
    };
    expect(changedColumns(stored, desired, REAL)).toBeNull();
  });

  it('names exactly the changed columns', () => {
    const stored = { at: new Date(0), duration: 6, score: 0.5, title: 'T', gif: null, doc: [1, 2] };
    expect(
      changedColumns(
        stored,
        { at: new Date(1000), duration: 6, score: 0.5000001, title: 'T', gif: 'g.gif', doc: [2, 1] },
        REAL,
      ),
    ).toEqual({ at: new Date(1000), score: 0.5000001, gif: 'g.gif', doc: [2, 1] });
    // Only float4 columns are compared at float4 precision.
    expect(changedColumns({ duration: 6 }, { duration: 6.0000001 }, REAL)).toBeNull();
    expect(changedColumns({ duration: 6 }, { duration: 6.01 }, REAL)).toEqual({ duration: 6.01 });
  });

  it('canonical JSON ignores key order but not array order', () => {
    expect(canonical({ b: 1, a: { d: 1, c: 2 } })).toBe(canonical({ a: { c: 2, d: 1 }, b: 1 }));
    expect(canonical([1, 2])).not.toBe(canonical([2, 1]));
  });
});
