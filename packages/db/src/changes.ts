// The change feed (what empties the read caches): which tables changed, as PostgreSQL's NOTIFY tells
// (migration 0012's triggers notify `hc_changes` with the table's name once per statement). Read caches empty
// themselves on it. While the feed is not listening, a change could go unseen: it then reports itself
// unhealthy and says ANY_TABLE changed, so that caches neither serve nor keep anything until it listens
// again.
import { sql } from 'drizzle-orm';
import type { Db } from './db.ts';

export const CHANGES_CHANNEL = 'hc_changes';
/** Said to listeners when any table may have changed unseen (the feed lost or regained its connection). */
export const ANY_TABLE = '*';
const BARRIER_PREFIX = 'barrier:';

export type ChangeListener = (table: string) => void;

export interface ChangeFeed {
  /** Listening: every change committed from now on will be told. */
  readonly healthy: boolean;
  onChange(listener: ChangeListener): () => void;
  /**
   * Resolves once every change committed before the call has been told to the listeners (a request's own
   * writes, before it answers). PostgreSQL delivers notifications in commit order, so a notification sent
   * after the call arrives after theirs.
   */
  barrier(): Promise<void>;
  close(): Promise<void>;
}

/** How a driver listens: calls `deliver` with each payload and `lost` when the connection goes. */
export interface ChannelListener {
  start(deliver: (payload: string) => void, lost: (error: Error) => void): Promise<void>;
  stop(): Promise<void>;
}

export interface ChangeFeedOptions {
  /** Wait before listening again after the connection was lost. */
  retryMs?: number;
  /** A barrier not seen back within this is given up: every cache is emptied instead. */
  barrierTimeoutMs?: number;
  onError?: (error: Error) => void;
}

export class NotifyChangeFeed implements ChangeFeed {
  private listeners = new Set<ChangeListener>();
  private listening = false;
  private closed = false;
  private retry: NodeJS.Timeout | null = null;
  private barrierSeq = 0;
  /** Callers of barrier() waiting for the next barrier notification to be sent. */
  private nextBatch: { resolve: () => void; promise: Promise<void> } | null = null;
  private waiting = new Map<string, () => void>();
  private readonly retryMs: number;
  private readonly barrierTimeoutMs: number;

  constructor(
    private readonly db: Db,
    private readonly channel: ChannelListener,
    private readonly options: ChangeFeedOptions = {},
  ) {
    this.retryMs = options.retryMs ?? 1000;
    this.barrierTimeoutMs = options.barrierTimeoutMs ?? 2000;
  }

  get healthy(): boolean {
    return this.listening;
  }

  /** Starts listening; resolves once it listens (or has failed once and retries in the background). */
  async start(): Promise<void> {
    try {
      await this.channel.start(
        (payload) => this.deliver(payload),
        (error) => this.lose(error),
      );
      this.listening = true;
      // Whatever changed while nobody listened is unknown.
      this.emit(ANY_TABLE);
    } catch (error) {
      this.lose(error as Error);
    }
  }

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  barrier(): Promise<void> {
    if (!this.listening) return Promise.resolve();
    // Callers arriving before the next barrier query is sent share it: their commits precede it.
    if (this.nextBatch) return this.nextBatch.promise;
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    this.nextBatch = { resolve, promise };
    queueMicrotask(() => void this.sendBarrier());
    return promise;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    if (this.retry) clearTimeout(this.retry);
    for (const done of this.waiting.values()) done();
    this.waiting.clear();
    await this.channel.stop();
  }

  private async sendBarrier() {
    const batch = this.nextBatch;
    if (!batch) return;
    this.nextBatch = null;
    const id = `${BARRIER_PREFIX}${++this.barrierSeq}`;
    const timer = setTimeout(() => {
      // Not seen back in time: the feed cannot vouch for the caches, so they start over.
      this.waiting.delete(id);
      this.emit(ANY_TABLE);
      batch.resolve();
    }, this.barrierTimeoutMs);
    this.waiting.set(id, () => {
      clearTimeout(timer);
      batch.resolve();
    });
    try {
      await this.db.execute(sql`select pg_notify(${CHANGES_CHANNEL}, ${id})`);
    } catch (error) {
      this.options.onError?.(error as Error);
      this.waiting.get(id)?.();
      this.waiting.delete(id);
      this.emit(ANY_TABLE);
    }
  }

  private deliver(payload: string) {
    if (payload.startsWith(BARRIER_PREFIX)) {
      const done = this.waiting.get(payload);
      this.waiting.delete(payload);
      done?.();
      return;
    }
    this.emit(payload);
  }

  private lose(error: Error) {
    // A failing connection reports both an error and its end: one retry is enough.
    if (this.closed || this.retry) return;
    this.listening = false;
    this.options.onError?.(error);
    this.emit(ANY_TABLE);
    for (const done of this.waiting.values()) done();
    this.waiting.clear();
    if (this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.channel
        .stop()
        .catch(() => undefined)
        .then(() => this.start());
    }, this.retryMs);
    this.retry.unref();
  }

  private emit(table: string) {
    for (const listener of this.listeners) listener(table);
  }
}
