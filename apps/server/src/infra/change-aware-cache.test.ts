// The read cache's rules, against a change feed driven by hand: what it keeps, what a change or a
// lost feed empties, and which entry goes first when it is full. The feed itself runs against PostgreSQL
// in tests/integration/read-caches.test.ts.
import { describe, expect, it } from 'vitest';
import { ANY_TABLE, type ChangeFeed, type ChangeListener } from '@hc/db/changes';
import { ChangeAwareCache } from './change-aware-cache.ts';

class HandFeed implements ChangeFeed {
  healthy = true;
  private listeners = new Set<ChangeListener>();
  onChange(listener: ChangeListener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  tell(table: string) {
    for (const listener of this.listeners) listener(table);
  }
  barrier = () => Promise.resolve();
  close = () => Promise.resolve();
}

const cacheOn = (feed: ChangeFeed, limits = { maxEntries: 10 }) =>
  new ChangeAwareCache<string>(feed, ['highlights', 'settings'], { ...limits, sizeOf: (v) => v.length });

describe('ChangeAwareCache', () => {
  it('keeps a value until a table it reads changes; other tables leave it', () => {
    const feed = new HandFeed();
    const cache = cacheOn(feed);
    cache.set('page', 'rows', cache.begin());
    feed.tell('packages');
    expect(cache.get('page')).toBe('rows');
    feed.tell('settings');
    expect(cache.get('page')).toBeUndefined();
    cache.set('page', 'rows', cache.begin());
    feed.tell(ANY_TABLE);
    expect(cache.get('page')).toBeUndefined();
  });

  it('drops a value read while a change came in (its generation is older)', () => {
    const feed = new HandFeed();
    const cache = cacheOn(feed);
    const generation = cache.begin();
    feed.tell('highlights'); // committed while the database was being read
    cache.set('page', 'maybe stale', generation);
    expect(cache.get('page')).toBeUndefined();
  });

  it('neither serves nor keeps anything while the feed is not listening', () => {
    const feed = new HandFeed();
    const cache = cacheOn(feed);
    cache.set('page', 'rows', cache.begin());
    feed.healthy = false;
    expect(cache.get('page')).toBeUndefined();
    cache.set('other', 'rows', cache.begin());
    feed.healthy = true;
    expect(cache.get('other')).toBeUndefined();
  });

  it('evicts past its entry and size limits, the oldest not read since first', () => {
    const feed = new HandFeed();
    const byCount = cacheOn(feed, { maxEntries: 2 });
    byCount.set('a', '1', byCount.begin());
    byCount.set('b', '2', byCount.begin());
    expect(byCount.get('a')).toBe('1'); // a has been read, b has not
    byCount.set('c', '3', byCount.begin());
    expect([byCount.get('a'), byCount.get('b'), byCount.get('c')]).toEqual(['1', undefined, '3']);

    // Every entry read: each second chance is spent once, and the oldest goes.
    const allRead = cacheOn(feed, { maxEntries: 2 });
    allRead.set('a', '1', allRead.begin());
    allRead.set('b', '2', allRead.begin());
    allRead.get('a');
    allRead.get('b');
    allRead.set('c', '3', allRead.begin());
    expect([allRead.get('a'), allRead.get('b'), allRead.get('c')]).toEqual([undefined, '2', '3']);

    const bySize = new ChangeAwareCache<string>(feed, ['highlights'], {
      maxEntries: 100,
      maxSize: 10,
      sizeOf: (v) => v.length,
    });
    bySize.set('a', 'xxxx', bySize.begin());
    bySize.set('b', 'yyyy', bySize.begin());
    bySize.set('c', 'zzzz', bySize.begin());
    expect(bySize.count).toBe(2);
    expect(bySize.get('a')).toBeUndefined();
    bySize.set('huge', 'x'.repeat(11), bySize.begin());
    expect(bySize.get('huge')).toBeUndefined();
    expect(bySize.count).toBe(2);
  });
});
