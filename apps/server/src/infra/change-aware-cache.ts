// A read cache emptied whenever a table it reads from changes (docs/decisions.md, "Read caches"). Values are
// stored with the generation read before the database was asked, so a value read while a change was
// committing is never kept past that change. Bounded by entries and by size; what has not been read since the
// eviction last passed it goes first (second chance: a read only marks its entry, so the most frequent call,
// a hit, writes nothing to the Map; reordering it on every hit cost more than the lookup).
import { ANY_TABLE, type ChangeFeed } from '@hc/db/changes';

export interface CacheLimits<V> {
  maxEntries: number;
  /** Bound on the sum of sizeOf over the entries (e.g. answer bytes). */
  maxSize?: number;
  sizeOf?: (value: V) => number;
}

export class ChangeAwareCache<V> {
  private readonly entries = new Map<string, { value: V; size: number; read: boolean }>();
  private generation = 0;
  private size = 0;
  private readonly tables: ReadonlySet<string>;

  constructor(
    private readonly feed: ChangeFeed,
    tables: readonly string[],
    private readonly limits: CacheLimits<V>,
  ) {
    this.tables = new Set(tables);
    feed.onChange((table) => {
      if (table === ANY_TABLE || this.tables.has(table)) this.clear();
    });
  }

  /** The generation to hand to set() with what is read next; read it before asking the database. */
  begin(): number {
    return this.generation;
  }

  get(key: string): V | undefined {
    if (!this.feed.healthy) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    entry.read = true;
    return entry.value;
  }

  set(key: string, value: V, generation: number): void {
    if (generation !== this.generation || !this.feed.healthy) return;
    const size = this.limits.sizeOf?.(value) ?? 1;
    if (this.limits.maxSize !== undefined && size > this.limits.maxSize) return;
    this.delete(key);
    this.entries.set(key, { value, size, read: false });
    this.size += size;
    // Oldest first; one read since it was last passed moves it to the back instead (entries moved
    // while iterating are met again, unmarked, so this ends).
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.size <= (this.limits.maxSize ?? Infinity))
        break;
      if (oldest === key) continue; // what is being kept now stays
      this.entries.delete(oldest);
      if (entry.read) {
        entry.read = false;
        this.entries.set(oldest, entry);
      } else {
        this.size -= entry.size;
      }
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.size -= entry.size;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.size = 0;
  }

  get count(): number {
    return this.entries.size;
  }
}
