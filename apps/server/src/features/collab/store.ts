// Persisted Yjs documents (collab_updates): every accepted update is one appended row; loading merges the
// rows; compaction replaces the rows it read with one update of the merged state, in a transaction.
// Rows are merged on a worker thread (merge-thread.ts), off the event loop.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import { MergeThread } from './merge-thread.ts';

const { collabUpdates } = schema;

export class CollabStore {
  private readonly thread = new MergeThread();

  constructor(
    private readonly db: Db,
    private readonly onBadRow: (doc: string, rowIndex: number, error: unknown) => void = () => undefined,
  ) {}

  /**
   * Appends updates, one row each, in one INSERT; resolves once it is committed. It runs right behind the
   * relay (hub.ts), off the editors' round trip, so it keeps PostgreSQL's durable commit.
   */
  async append(doc: string, updates: Uint8Array[]): Promise<void> {
    if (updates.length === 0) return;
    await this.db.insert(collabUpdates).values(
      // Buffer views (no copy): node-postgres sends Buffers as bytea.
      updates.map((update) => ({
        docName: doc,
        update: Buffer.from(update.buffer, update.byteOffset, update.byteLength),
      })),
    );
  }

  /** The document's stored state as one update, or null when it has no rows. */
  async load(doc: string): Promise<Uint8Array | null> {
    const rows = await this.db
      .select({ update: collabUpdates.update })
      .from(collabUpdates)
      .where(eq(collabUpdates.docName, doc))
      .orderBy(asc(collabUpdates.id));
    const { state } = await this.mergeRows(
      doc,
      rows.map((r) => r.update),
    );
    return state;
  }

  /** Stops the merge thread (app close). */
  close(): Promise<void> {
    return this.thread.close();
  }

  /**
   * One update of every row, applied in one transaction (rows may come in any order; Yjs orders them).
   * Updates are checked before they are stored, so a row that does not apply is damage, not a client's
   * mistake: it is reported and everything else kept, rather than losing the whole document.
   */
  private async mergeRows(doc: string, updates: Uint8Array[]) {
    if (updates.length === 0) return { state: null, bad: new Set<number>() };
    const merged = await this.thread.merge(updates);
    merged.bad.forEach((index, i) => this.onBadRow(doc, index, new Error(merged.errors[i])));
    return { state: merged.state, bad: new Set(merged.bad) };
  }

  /**
   * Replaces the document's rows with one update of their merged state. Rows appended meanwhile (by this
   * or another process) are not among those read and stay untouched: only the exact rows merged are
   * deleted. A row that does not apply is kept as it is (never replaced by a state that lacks it), for
   * whoever repairs it. Returns how many rows were merged (0 or 1: nothing to do).
   */
  async compact(doc: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: collabUpdates.id, update: collabUpdates.update })
        .from(collabUpdates)
        .where(eq(collabUpdates.docName, doc))
        .orderBy(asc(collabUpdates.id))
        .for('update');
      const { state: merged, bad } = await this.mergeRows(
        doc,
        rows.map((r) => r.update),
      );
      const ids = rows.filter((_, index) => !bad.has(index)).map((r) => r.id);
      if (ids.length <= 1) return ids.length;
      await tx
        .delete(collabUpdates)
        .where(and(eq(collabUpdates.docName, doc), inArray(collabUpdates.id, ids)));
      await tx.insert(collabUpdates).values({ docName: doc, update: merged! });
      return ids.length;
    });
  }

  /** How many rows the document has (tests and diagnostics). */
  async rowCount(doc: string): Promise<number> {
    const rows = await this.db
      .select({ id: collabUpdates.id })
      .from(collabUpdates)
      .where(eq(collabUpdates.docName, doc));
    return rows.length;
  }
}
