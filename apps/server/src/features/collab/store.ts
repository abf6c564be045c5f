// Persisted Yjs documents (collab_updates): every accepted update is one appended row; loading merges the
// rows; compaction replaces the rows it read with one update of the merged state, in a transaction.
import { and, asc, eq, inArray } from 'drizzle-orm';
import * as Y from 'yjs';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';

const { collabUpdates } = schema;

/** A document's state from its rows: one update, or null when nothing was ever stored. */
function mergeRows(updates: Uint8Array[], onBadRow: (index: number, error: unknown) => void) {
  if (updates.length === 0) return null;
  const doc = new Y.Doc();
  try {
    // One transaction applies every row; rows may arrive in any order, Yjs orders them itself.
    doc.transact(() => {
      for (const [index, update] of updates.entries()) {
        try {
          Y.applyUpdate(doc, update);
        } catch (error) {
          // Updates are checked before they are stored, so this is damage, not a client's mistake: keep
          // everything else rather than lose the whole document.
          onBadRow(index, error);
        }
      }
    });
    return Y.encodeStateAsUpdate(doc);
  } finally {
    doc.destroy();
  }
}

export class CollabStore {
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
    return mergeRows(
      rows.map((r) => r.update),
      (index, error) => this.onBadRow(doc, index, error),
    );
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
      const bad = new Set<number>();
      const merged = mergeRows(
        rows.map((r) => r.update),
        (index, error) => {
          bad.add(index);
          this.onBadRow(doc, index, error);
        },
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
