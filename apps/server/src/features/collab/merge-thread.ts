// Merging a document's stored rows (loading and compacting) applies every row to a Y.Doc: for a large
// document with a long history that is tens of milliseconds of CPU, and on the server's event loop every
// other editor's change, every REST call and /healthz would wait behind it. It runs on one worker
// thread instead, one merge at a time; the event loop only copies the bytes there and back.
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface MergedRows {
  /** Every row applied, as one update; null when there were no rows. */
  state: Uint8Array | null;
  /** Indexes of rows that would not apply (damage): left out of `state`. */
  bad: number[];
  /** Why each bad row did not apply, in the order of `bad`. */
  errors: string[];
}

// Plain CommonJS so that the thread needs no TypeScript loader (the server runs under tsx, the tests
// under vitest): it loads the same yjs the server resolves, by absolute path.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Y = require(workerData.yjs);
parentPort.on('message', ({ id, updates }) => {
  const bad = [];
  const errors = [];
  let state = null;
  if (updates.length > 0) {
    const doc = new Y.Doc();
    try {
      doc.transact(() => {
        updates.forEach((update, index) => {
          try {
            Y.applyUpdate(doc, update);
          } catch (error) {
            bad.push(index);
            errors.push(String(error && error.message || error));
          }
        });
      });
      state = Y.encodeStateAsUpdate(doc);
    } finally {
      doc.destroy();
    }
  }
  parentPort.postMessage({ id, state, bad, errors }, state ? [state.buffer] : []);
});
`;

const yjsPath = createRequire(import.meta.url).resolve('yjs');

interface Pending {
  resolve: (merged: MergedRows) => void;
  reject: (error: Error) => void;
}

export class MergeThread {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  /** Applies `updates` in order on the thread (started on first use, restarted if it died). */
  merge(updates: Uint8Array[]): Promise<MergedRows> {
    const worker = this.started();
    const id = this.nextId++;
    return new Promise<MergedRows>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // Copied (structured clone): the rows' buffers stay the caller's.
      worker.postMessage({ id, updates });
      // A thread with work to do keeps the process alive; an idle one does not.
      worker.ref();
    });
  }

  /** Stops the thread; merges still running are refused. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { yjs: yjsPath } });
    worker.unref();
    worker.on('message', (answer: { id: number } & MergedRows) => {
      const waiting = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      if (this.pending.size === 0) worker.unref();
      waiting?.resolve({ state: answer.state, bad: answer.bad, errors: answer.errors });
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the collab merge thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}
