import { describe, expect, it } from 'vitest';
import { lockMessages } from '@hc/shared/live/locks';
import {
  heartbeatDelayMs,
  heldByOther,
  isLockRefusal,
  nextFreeRow,
  nextLockLapse,
  withLockChange,
} from './lockRows.ts';

const NOW = Date.parse('2026-11-25T12:00:00.000Z');
const at = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();
const ME = 'reviewer@demo.example';
const OTHER = 'reviewer2@demo.example';

interface Row {
  id: number;
  locked_by: string | null;
  lock_expires_at: string | null;
}
const row = (id: number, locked_by: string | null = null, seconds = 20): Row => ({
  id,
  locked_by,
  lock_expires_at: locked_by ? at(seconds) : null,
});
const idOf = (r: Row) => r.id;

describe('heartbeatDelayMs', () => {
  it('renews at the usual interval while the lease is long', () => {
    expect(heartbeatDelayMs(at(30), NOW, 10_000)).toBe(10_000);
  });
  it('renews after a third of a short lease', () => {
    expect(heartbeatDelayMs(at(3), NOW, 10_000)).toBe(1_000);
    expect(heartbeatDelayMs(at(6), NOW, 10_000)).toBe(2_000);
  });
  it('never waits under a second, and uses the interval without an expiry', () => {
    expect(heartbeatDelayMs(at(-5), NOW, 10_000)).toBe(1_000);
    expect(heartbeatDelayMs(null, NOW, 10_000)).toBe(10_000);
    expect(heartbeatDelayMs('not a date', NOW, 10_000)).toBe(10_000);
  });
});

describe('heldByOther', () => {
  it("names another user's live lease", () => {
    expect(heldByOther(row(1, OTHER), ME, NOW)).toBe(OTHER);
  });
  it('ignores a free row, my own lease (any case) and a lapsed lease', () => {
    expect(heldByOther(row(1), ME, NOW)).toBeNull();
    expect(heldByOther(row(1, 'Reviewer@Demo.example'), ME, NOW)).toBeNull();
    expect(heldByOther(row(1, OTHER, -1), ME, NOW)).toBeNull();
  });
  it('treats a holder without an expiry as holding', () => {
    expect(heldByOther({ locked_by: OTHER, lock_expires_at: null }, ME, NOW)).toBe(OTHER);
  });
});

describe('withLockChange', () => {
  const rows = [row(1), row(2, OTHER)];
  it('sets the holder and expiry of the named row only', () => {
    const next = withLockChange(rows, idOf, { id: 1, holder_email: OTHER, expires_at: at(30) });
    expect(next).toEqual([row(1, OTHER, 30), rows[1]]);
    expect(next[1]).toBe(rows[1]);
  });
  it('clears a released row', () => {
    const next = withLockChange(rows, idOf, { id: 2, holder_email: null, expires_at: null });
    expect(next[1]).toEqual(row(2));
  });
  it('returns the same array when the row is not on the page', () => {
    expect(withLockChange(rows, idOf, { id: 9, holder_email: OTHER, expires_at: at(30) })).toBe(rows);
  });
});

describe('nextLockLapse', () => {
  it("is the earliest expiry of another user's live lease", () => {
    const rows = [row(1, OTHER, 25), row(2, ME, 5), row(3, OTHER, 12), row(4, OTHER, -3), row(5)];
    expect(nextLockLapse(rows, ME, NOW)).toBe(NOW + 12_000);
  });
  it('is null when nobody else holds a row', () => {
    expect(nextLockLapse([row(1), row(2, ME)], ME, NOW)).toBeNull();
  });
});

describe('nextFreeRow', () => {
  it('takes the next free row after the finished one, skipping held ones', () => {
    const rows = [row(1), row(2), row(3, OTHER), row(4)];
    expect(nextFreeRow(rows, idOf, 2, ME, NOW)?.id).toBe(4);
  });
  it('wraps around to a free row before the finished one', () => {
    const rows = [row(1), row(2, OTHER), row(3)];
    expect(nextFreeRow(rows, idOf, 3, ME, NOW)?.id).toBe(1);
  });
  it('takes the first free row when the finished one has left the list', () => {
    const rows = [row(1, OTHER), row(2), row(3)];
    expect(nextFreeRow(rows, idOf, 7, ME, NOW)?.id).toBe(2);
  });
  it('is null when every other row is held by someone else', () => {
    const rows = [row(1, OTHER), row(2), row(3, OTHER)];
    expect(nextFreeRow(rows, idOf, 2, ME, NOW)).toBeNull();
  });
  it('counts my own and lapsed leases as free', () => {
    const rows = [row(1), row(2, ME), row(3, OTHER, -1)];
    expect(nextFreeRow(rows, idOf, 1, ME, NOW)?.id).toBe(2);
    expect(nextFreeRow(rows, idOf, 2, ME, NOW)?.id).toBe(3);
  });
});

describe('isLockRefusal', () => {
  it("knows the server's lock refusals", () => {
    expect(isLockRefusal(lockMessages.lost)).toBe(true);
    expect(isLockRefusal(lockMessages.required)).toBe(true);
    expect(isLockRefusal(lockMessages.heldBy(OTHER))).toBe(true);
  });
  it("leaves the task's own conflicts alone", () => {
    expect(isLockRefusal('This task has already been reviewed.')).toBe(false);
    expect(isLockRefusal(lockMessages.heldBy(''))).toBe(false);
    expect(isLockRefusal('')).toBe(false);
  });
});
