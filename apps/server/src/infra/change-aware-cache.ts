// A read cache emptied whenever a table it reads from changes (D35). Values are stored with the
// generation read before the database was asked, so a value read while a change was committing is
// never kept past that change. Bounded by entries and by size; the least recently used goes first.
import { ANY_TABLE, type ChangeFeed } from '@hc/db/changes';

export interface CacheLimits<V> {
  maxEntries: number;
  /** Bound on the sum of sizeOf over the entries (e.g. answer bytes). */
  maxSize?: number;
  sizeOf?: (value: V) => number;
}

export class ChangeAwareCache<V> {
  private readonly entries = new Map<string, { value: V; size: number }>();
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
    // Most recently used last: eviction takes the Map's first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, generation: number): void {
    if (generation !== this.generation || !this.feed.healthy) return;
    const size = this.limits.sizeOf?.(value) ?? 1;
    if (this.limits.maxSize !== undefined && size > this.limits.maxSize) return;
    this.delete(key);
    this.entries.set(key, { value, size });
    this.size += size;
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.limits.maxEntries && this.size <= (this.limits.maxSize ?? Infinity))
        break;
      this.entries.delete(oldest);
      this.size -= entry.size;
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
