// An open document's content as Yjs encoded updates, not a Y.Doc: a Y.Doc of 1,000 keyframes (Y.Maps)
// holds ~2.2 MB of heap, their encoded state ~70 kB. The sync protocol is answered from the encoded form
// with Yjs's update-level functions (mergeUpdates, diffUpdate, encodeStateVectorFromUpdate).
// Merging reads and writes the whole state (~4 ms at 1,000 keyframes), so an update is only queued when
// it arrives; the queue is merged when the state is read (a sync) or, once it grows past a bound, right
// after the current task: the update that reached the bound is relayed first, not held up by the merge.
import * as decoding from 'lib0/decoding';
import * as Y from 'yjs';

/** An update with no structs and no deletions. */
const EMPTY_UPDATE = new Uint8Array([0, 0]);

export interface DocStateLimits {
  /** Merge once this many updates wait... */
  updates: number;
  /** ...or once they hold this many bytes. */
  bytes: number;
}

export const DEFAULT_LIMITS: DocStateLimits = { updates: 64, bytes: 256 * 1024 };

/** Whether a state vector (y-protocols' encoding) names no client: a peer that has nothing yet. */
function isEmptyStateVector(stateVector: Uint8Array): boolean {
  return decoding.readVarUint(decoding.createDecoder(stateVector)) === 0; // throws on a malformed one
}

/** IDs an item points at. */
const refsOf = (item: Y.Item) => [item.origin, item.rightOrigin, item.parent];

/**
 * Reads an update before it is stored, and says whether it carries anything (a client's sync step 2 is
 * often empty). Throws on a malformed update, and on one whose item points at a later change of its own
 * client: that decodes and merges, but no Y.Doc can integrate it (Yjs throws), so every editor it reached
 * would fail on it; the server holds no Y.Doc that would find out.
 */
export function checkUpdate(update: Uint8Array): boolean {
  const { structs, ds } = Y.decodeUpdate(update); // throws on a malformed update
  for (const struct of structs) {
    if (!(struct instanceof Y.Item)) continue;
    for (const ref of refsOf(struct)) {
      if (ref instanceof Y.ID && ref.client === struct.id.client && ref.clock >= struct.id.clock) {
        throw new Error('an item points at a later change of its own client');
      }
    }
  }
  return structs.length > 0 || ds.clients.size > 0;
}

type DeleteSet = ReturnType<typeof Y.decodeUpdate>['ds'];

/** Whether `ds` deletes anything `ours` does not. */
function hasNewDeletions(ds: DeleteSet, ours: DeleteSet): boolean {
  for (const [client, deletes] of ds.clients) {
    const ranges = [...(ours.clients.get(client) ?? [])].sort((a, b) => a.clock - b.clock);
    for (const { clock, len } of deletes) {
      let covered = clock; // ours deletes [clock, covered)
      for (const range of ranges) {
        if (range.clock > covered) break;
        covered = Math.max(covered, range.clock + range.len);
      }
      if (covered < clock + len) return true;
    }
  }
  return false;
}

export class DocState {
  /** Every update up to the last merge, as one. */
  private state: Uint8Array = EMPTY_UPDATE;
  /** Updates since the last merge, in arrival order. */
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  /** The state vector of `state` once asked for; null after a merge. */
  private vector: Uint8Array | null = null;
  private mergeScheduled = false;

  constructor(
    /** An update the merge refused (it decoded when it came): left out, and told here. */
    private readonly onBadUpdate: (error: unknown) => void,
    private readonly limits: DocStateLimits = DEFAULT_LIMITS,
  ) {}

  /** Adds an update that passed checkUpdate; O(1) until the queue is merged. */
  add(update: Uint8Array): void {
    // A copy: the bytes may be a view into a larger socket or Redis buffer that the queue would keep alive.
    this.pending.push(update.slice());
    this.pendingBytes += update.byteLength;
    const full = this.pending.length >= this.limits.updates || this.pendingBytes >= this.limits.bytes;
    if (full && !this.mergeScheduled) {
      this.mergeScheduled = true;
      setImmediate(() => {
        this.mergeScheduled = false;
        this.merge();
      });
    }
  }

  /**
   * Adds an update unless the document would then be larger than `maxBytes`; false (nothing added) if
   * so. Cheap while the state and the waiting updates together stay under the cap. Past it, only what
   * the update adds to the state is counted (a change often repeats what the state holds: a reconnecting
   * editor's sync sends its whole document): that costs a pass over the update, and over the state only
   * when updates wait to be merged, never a merge per message of a document kept at its cap.
   */
  addWithin(update: Uint8Array, maxBytes: number): boolean {
    if (this.state.byteLength + this.pendingBytes + update.byteLength <= maxBytes) {
      this.add(update);
      return true;
    }
    const news = Y.diffUpdate(update, this.stateVector());
    if (this.state.byteLength + news.byteLength > maxBytes) return false;
    const { structs, ds } = Y.decodeUpdate(news);
    // Nothing new (its deletions may repeat ours; a real new deletion is a few bytes and is kept).
    if (structs.length === 0 && ds.clients.size === 0) return true;
    this.add(news);
    return true;
  }

  /** The encoded size of the whole document. */
  size(): number {
    return this.current().byteLength;
  }

  /** The whole document as one update. */
  current(): Uint8Array {
    this.merge();
    return this.state;
  }

  /** The document's state vector (our sync step 1). */
  stateVector(): Uint8Array {
    const state = this.current();
    this.vector ??= Y.encodeStateVectorFromUpdate(state);
    return this.vector;
  }

  /** What a peer with this state vector lacks (our sync step 2 to its step 1). */
  diff(stateVector: Uint8Array): Uint8Array {
    const state = this.current();
    // A new editor has nothing: the state as it is, without decoding and encoding it again.
    if (isEmptyStateVector(stateVector)) return state;
    return Y.diffUpdate(state, stateVector);
  }

  /**
   * Takes in what `stored` (a state read from the database) has that this state lacks, and returns it,
   * or null when it has nothing new. A diff always carries every deletion of `stored`, so they are
   * compared with ours.
   */
  catchUp(stored: Uint8Array): Uint8Array | null {
    const missing = Y.diffUpdate(stored, this.stateVector());
    const { structs, ds } = Y.decodeUpdate(missing);
    if (structs.length === 0 && !hasNewDeletions(ds, Y.decodeUpdate(this.current()).ds)) return null;
    this.add(missing);
    return missing;
  }

  /** Updates waiting to be merged (tests and diagnostics). */
  get waiting(): number {
    return this.pending.length;
  }

  private merge() {
    if (this.pending.length === 0) return;
    const empty = this.state === EMPTY_UPDATE;
    try {
      // mergeUpdates returns a lone update as it is: the first update of a new document costs nothing.
      this.state = Y.mergeUpdates(empty ? this.pending : [this.state, ...this.pending]);
    } catch {
      // One update that decoded but does not merge: merge the others one at a time without it (the
      // stored row is skipped the same way when the document is loaded, see store.ts).
      let state = this.state;
      for (const update of this.pending) {
        try {
          state = Y.mergeUpdates([state, update]);
        } catch (error) {
          this.onBadUpdate(error);
        }
      }
      this.state = state;
    }
    this.pending = [];
    this.pendingBytes = 0;
    this.vector = null;
  }
}
