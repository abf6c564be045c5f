// The co-editing server (y-websocket protocol, written with y-protocols and lib0): per open document in
// this process, its content as encoded Yjs updates (doc-state.ts: no Y.Doc, ~70 kB instead of ~2.2 MB
// of heap for 1,000 keyframes), its Awareness, the sockets connected to it, persistence and the relay
// to other processes.
// - An update from a client is checked, added to the state and relayed as it came (to this process's
//   sockets, and through Redis once another process announced it has the document open: a process that
//   opens it announces itself with its state vector and is sent what it lacks, and answers the same way)
//   at once, and stored 20 ms behind: each document's unsaved updates are appended to collab_updates in
//   one INSERT at a time, so a burst is stored in few statements. A store that fails is logged and
//   retried with the document's later updates (the document stays in memory meanwhile, and is not
//   unloaded). Updates relayed from other processes are stored here too, in case their process dies
//   before storing them. An update not yet stored when a server dies is still held by the editors that
//   have it, and their sync step 2 sends it again after they reconnect (shared first, stored right behind).
// - Read-only sockets get the document and its updates; their own updates are ignored.
// - Awareness: each socket's client ids are tracked and removed when it closes, so others see the user go
//   at once; states not renewed within y-protocols' 30 s timeout are dropped (a vanished process). A
//   socket cannot touch the ids another socket here announced, and user.email is always the ticket's.
// - A document with no sockets and no updates for `idleMs` is compacted and unloaded.
// - Budgets (COLLAB_LIMITS): a socket that sends more messages or bytes than its budget is closed (4429);
//   a change that would make the document larger than its cap is not taken and its socket is closed
//   (4413), and so is every socket of a stored document already past the cap, so no message either way
//   is ever larger than a whole document; presence states past their size or count are dropped.
import type { WebSocket } from 'ws';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as awarenessProtocol from 'y-protocols/awareness';
import * as syncProtocol from 'y-protocols/sync';
import * as Y from 'yjs';
import { COLLAB_CLOSE, COLLAB_LIMITS, collabCloseReasons } from '@hc/shared/api/collab';
import { InboundBudget } from './budget.ts';
import { checkUpdate, DocState } from './doc-state.ts';
import { RelayKind, type CollabRelay } from './relay.ts';
import type { CollabStore } from './store.ts';
import type { CollabGrant } from './tickets.ts';

/** How long an update waits for others to be stored with it. */
const SAVE_DELAY_MS = 20;
/** The first wait before a failed store is tried again; it doubles up to the max. */
const SAVE_RETRY_MS = 250;
const SAVE_RETRY_MAX_MS = 5_000;

/** y-websocket's message types. */
const MessageType = { sync: 0, awareness: 1, auth: 2, queryAwareness: 3 } as const;

/** Origins of awareness changes that did not come from a local socket. */
const FROM_RELAY = Symbol('relay');
const FROM_CLOSE = Symbol('close');

export interface CollabLog {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface CollabHubOptions {
  /** A document with no sockets and no updates for this long is compacted and unloaded. */
  idleMs: number;
  /** Sockets are pinged this often; one that missed the previous pong is dropped (a vanished client). */
  pingMs: number;
  /** The sessions of open sockets are checked this often; a socket whose session ended is closed. */
  sessionRecheckMs: number;
  isSessionLive(sessionId: number): Promise<boolean>;
}

interface Connection {
  socket: WebSocket;
  grant: CollabGrant;
  /** The awareness client ids this socket announced. */
  awarenessIds: Set<number>;
  /** Answered the last ping. */
  alive: boolean;
}

/** The presence limits ownAwarenessUpdate applies to one socket's update. */
interface PresenceRules {
  email: string;
  /** Whether another socket here announced this client id. */
  othersOwn(clientId: number): boolean;
  /** Whether this socket may announce one more client id than it holds now. */
  mayAdd(clientId: number, added: number): boolean;
}

class SharedDoc {
  readonly content: DocState;
  /** Awareness wants a Y.Doc (its client id, its destroy): an empty one (~3 kB with the Awareness). */
  private readonly awarenessDoc = new Y.Doc();
  readonly awareness = new awarenessProtocol.Awareness(this.awarenessDoc);
  readonly connections = new Map<WebSocket, Connection>();
  /** Updates accepted here, added and relayed, not yet stored; oldest first. */
  unsaved: Uint8Array[] = [];
  /** The running store of `unsaved`, if any: one INSERT at a time per document. */
  saving: Promise<void> | null = null;
  /** Stores that failed in a row; the next attempt waits longer. */
  failedSaves = 0;
  /** The next store: SAVE_DELAY_MS after the first unsaved update, or a retry after a failure. */
  saveTimer: NodeJS.Timeout | null = null;
  /**
   * Whether another process may have the document open (it announced itself): until then updates are not
   * published, since nobody would read them (our own subscriber would, to drop them), and a process that
   * opens the document later gets what it lacks when it announces itself.
   */
  peers = false;
  lastUpdateAt = Date.now();
  idleTimer: NodeJS.Timeout | null = null;
  readonly ready: Promise<void>;

  constructor(
    readonly name: string,
    load: (doc: SharedDoc) => Promise<void>,
    onBadUpdate: (error: unknown) => void,
  ) {
    this.content = new DocState(onBadUpdate);
    // The server is no participant: it announces no awareness state of its own.
    this.awareness.setLocalState(null);
    this.ready = load(this);
  }

  destroy() {
    if (this.saveTimer) clearTimeout(this.saveTimer);
    this.awareness.destroy();
    this.awarenessDoc.destroy();
  }
}

const message = (type: number, write: (encoder: encoding.Encoder) => void) => {
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, type);
  write(encoder);
  return encoding.toUint8Array(encoder);
};

/** The awareness state with user.email set to the ticket's email. */
function stampEmail(state: unknown, email: string): unknown {
  if (state === null || typeof state !== 'object') return state;
  const user = (state as { user?: unknown }).user;
  if (user === null || typeof user !== 'object' || Array.isArray(user)) return state;
  return { ...state, user: { ...user, email } };
}

/**
 * A socket's awareness update as the others will see it: entries for client ids another socket here
 * announced are dropped (nobody removes or overwrites someone else's presence), so are states larger than
 * the presence cap and client ids past the socket's count, and user.email is the ticket's. Same encoding
 * as y-protocols' encodeAwarenessUpdate.
 */
function ownAwarenessUpdate(update: Uint8Array, rules: PresenceRules) {
  const decoder = decoding.createDecoder(update);
  const kept: [number, number, unknown][] = [];
  const count = decoding.readVarUint(decoder);
  let added = 0;
  for (let i = 0; i < count; i += 1) {
    const clientId = decoding.readVarUint(decoder);
    const clock = decoding.readVarUint(decoder);
    const json = decoding.readVarString(decoder);
    if (json.length > COLLAB_LIMITS.presenceStateBytes || rules.othersOwn(clientId)) continue;
    if (!rules.mayAdd(clientId, added)) continue;
    const state: unknown = JSON.parse(json);
    if (state !== null) added += 1;
    kept.push([clientId, clock, stampEmail(state, rules.email)]);
  }
  const encoder = encoding.createEncoder();
  encoding.writeVarUint(encoder, kept.length);
  for (const [clientId, clock, state] of kept) {
    encoding.writeVarUint(encoder, clientId);
    encoding.writeVarUint(encoder, clock);
    encoding.writeVarString(encoder, JSON.stringify(state));
  }
  return encoding.toUint8Array(encoder);
}

export class CollabHub {
  private readonly docs = new Map<string, SharedDoc>();
  /** Documents being compacted and unloaded; a new open waits for the old one to finish. */
  private readonly unloading = new Map<string, Promise<void>>();
  private closing = false;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly sessionCheck: NodeJS.Timeout;
  private checkingSessions = false;

  constructor(
    private readonly store: CollabStore,
    private readonly relay: CollabRelay,
    private readonly log: CollabLog,
    private readonly options: CollabHubOptions,
  ) {
    // A crashed browser or a dropped network leaves a half-open TCP socket: pings find it, and closing
    // it removes the user's awareness for the others.
    this.heartbeat = setInterval(() => {
      for (const doc of this.docs.values()) {
        for (const conn of doc.connections.values()) {
          if (!conn.alive) {
            conn.socket.terminate();
            continue;
          }
          conn.alive = false;
          conn.socket.ping();
        }
      }
    }, options.pingMs);
    this.heartbeat.unref();
    this.sessionCheck = setInterval(() => {
      if (this.checkingSessions) return;
      this.checkingSessions = true;
      this.closeEndedSessions()
        .catch((error: unknown) => this.log.warn({ err: error }, 'collab session recheck failed'))
        .finally(() => (this.checkingSessions = false));
    }, options.sessionRecheckMs);
    this.sessionCheck.unref();
  }

  /** A ticket outlives nothing: sockets of a session that ended (logout, expiry, access lost) close. */
  private async closeEndedSessions() {
    const bySession = new Map<number, Connection[]>();
    for (const doc of this.docs.values()) {
      for (const conn of doc.connections.values()) {
        const list = bySession.get(conn.grant.sessionId) ?? [];
        list.push(conn);
        bySession.set(conn.grant.sessionId, list);
      }
    }
    for (const [sessionId, conns] of bySession) {
      if (await this.options.isSessionLive(sessionId)) continue;
      for (const conn of conns) {
        conn.socket.close(COLLAB_CLOSE.sessionEnded, collabCloseReasons.sessionEnded);
      }
    }
  }

  /** Serves the y-websocket protocol on an authorised socket. */
  attach(socket: WebSocket, grant: CollabGrant): void {
    // Messages not yet read. One is read per turn of the event loop: a burst that arrived in one TCP
    // read (ws emits them together) is not all merged in one turn while other sockets and requests wait.
    const inbox: Uint8Array[] = [];
    let reading = false;
    let doc: SharedDoc | null = null;
    let conn: Connection | null = null;
    const readNext = () => {
      const bytes = inbox.shift();
      if (!bytes || !doc || !conn || socket.readyState !== socket.OPEN) {
        reading = false;
        inbox.length = 0;
        return;
      }
      reading = true;
      this.receive(doc, conn, bytes);
      setImmediate(() => (inbox.length > 0 ? readNext() : (reading = false)));
    };
    const budget = new InboundBudget();
    // Clients send sync step 1 as soon as the socket opens: messages wait until the document is loaded.
    socket.on('message', (data: Buffer, isBinary: boolean) => {
      // Counted before anything is read or held: a flood costs the server no more than its budget.
      if (!budget.admit(data.byteLength)) {
        if (socket.readyState === socket.OPEN) {
          this.log.warn({ doc: grant.doc, userId: grant.userId }, 'collab socket over its budget');
          socket.close(COLLAB_CLOSE.tooFast, collabCloseReasons.tooFast);
        }
        return;
      }
      if (!isBinary) return;
      inbox.push(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
      if (doc && conn && !reading) readNext();
    });
    socket.on('close', () => {
      if (doc && conn) this.disconnect(doc, conn);
    });
    this.open(grant.doc).then(
      (opened) => {
        if (socket.readyState !== socket.OPEN) return;
        // A document stored before the cap existed (or grown past it by a bug): its whole state would be
        // the greeting. Refused; it stays stored as it is.
        if (opened.content.size() > COLLAB_LIMITS.documentBytes) {
          socket.close(COLLAB_CLOSE.tooLarge, collabCloseReasons.tooLarge);
          if (opened.connections.size === 0) this.scheduleIdle(opened);
          return;
        }
        doc = opened;
        const attached: Connection = { socket, grant, awarenessIds: new Set(), alive: true };
        socket.on('pong', () => (attached.alive = true));
        conn = attached;
        opened.connections.set(socket, conn);
        if (opened.idleTimer) clearTimeout(opened.idleTimer);
        opened.idleTimer = null;
        this.greet(opened, conn);
        if (inbox.length > 0) readNext();
      },
      (error: unknown) => {
        this.log.error({ err: error, doc: grant.doc }, 'collab document could not be loaded');
        socket.close(1011, 'The document could not be loaded.');
      },
    );
  }

  /** Open documents and sockets in this process (metrics). */
  stats(): { documents: number; connections: number } {
    let connections = 0;
    for (const doc of this.docs.values()) connections += doc.connections.size;
    return { documents: this.docs.size, connections };
  }

  /**
   * App close (a restart): stops accepting changes, flushes every document (pending writes stored, rows
   * compacted), and only then closes the sockets with 1012, so an editor told to reconnect has nothing
   * unsaved here; a change that arrived after the stop is sent again by its client's sync on reconnect.
   */
  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    clearInterval(this.heartbeat);
    clearInterval(this.sessionCheck);
    await Promise.all([...this.unloading.values()]);
    const docs = [...this.docs.values()];
    await Promise.all(docs.map((doc) => this.flush(doc)));
    for (const doc of docs) {
      for (const { socket } of doc.connections.values()) {
        socket.close(COLLAB_CLOSE.serverRestart, collabCloseReasons.serverRestart);
      }
    }
    await Promise.all(docs.map((doc) => this.unload(doc)));
    await this.relay.close();
    await this.store.close();
  }

  /**
   * Reads every open document again from the database and sends the difference to its sockets: after
   * the relay lost its Redis connection, updates other processes accepted meanwhile arrive this way.
   */
  resync(): void {
    for (const doc of this.docs.values()) {
      doc.ready
        .then(() => this.store.load(doc.name))
        .then((state) => {
          if (state && this.docs.get(doc.name) === doc) {
            const missing = doc.content.catchUp(state);
            if (missing) this.broadcast(doc, missing, null);
          }
          this.announce(doc);
        })
        .catch((error: unknown) => this.log.warn({ err: error, doc: doc.name }, 'collab resync failed'));
    }
  }

  private open(name: string): Promise<SharedDoc> {
    const existing = this.docs.get(name);
    if (existing) return existing.ready.then(() => existing);
    const previous = this.unloading.get(name);
    if (previous) return previous.then(() => this.open(name));
    if (this.closing) return Promise.reject(new Error('the collab server is closing'));
    const doc = new SharedDoc(
      name,
      (d) => this.load(d),
      (error) => this.log.error({ err: error, doc: name }, 'collab update could not be merged'),
    );
    this.docs.set(name, doc);
    this.wire(doc);
    return doc.ready.then(
      () => doc,
      (error: unknown) => {
        this.docs.delete(name);
        doc.destroy();
        throw error;
      },
    );
  }

  /** Subscribes first, then reads the rows: nothing persisted and published in between is missed. */
  private async load(doc: SharedDoc): Promise<void> {
    const early: [RelayKind, Uint8Array][] = [];
    let loaded = false;
    await this.relay.subscribe(doc.name, (kind, payload) => {
      if (loaded) this.fromRelay(doc, kind, payload);
      else early.push([kind, payload]);
    });
    try {
      const state = await this.store.load(doc.name);
      if (state) doc.content.add(state);
    } catch (error) {
      await this.relay.unsubscribe(doc.name).catch(() => undefined);
      throw error;
    }
    loaded = true;
    for (const [kind, payload] of early) this.fromRelay(doc, kind, payload);
    // Other processes: ask them to announce themselves, their editors and what we lack.
    this.announce(doc);
  }

  /** Tells the processes that have the document open that this one does, with what it holds. */
  private announce(doc: SharedDoc) {
    this.publish(doc, RelayKind.queryAwareness, doc.content.stateVector());
  }

  /** Publishes what a process with this state vector lacks, if anything. */
  private sendMissing(doc: SharedDoc, stateVector: Uint8Array) {
    const missing = doc.content.diff(stateVector);
    if (checkUpdate(missing)) this.publish(doc, RelayKind.update, missing);
  }

  /** Sends an update (already in the state) to this process's sockets, but its sender. */
  private broadcast(doc: SharedDoc, update: Uint8Array, sender: Connection | null) {
    doc.lastUpdateAt = Date.now();
    const bytes = message(MessageType.sync, (e) => syncProtocol.writeUpdate(e, update));
    for (const conn of doc.connections.values()) if (conn !== sender) this.send(conn, bytes);
  }

  private wire(doc: SharedDoc) {
    doc.awareness.on(
      'update',
      (
        { added, updated, removed }: { added: number[]; updated: number[]; removed: number[] },
        origin: unknown,
      ) => {
        const changed = [...added, ...updated, ...removed];
        const sender = [...doc.connections.values()].find((conn) => conn === origin);
        if (sender) {
          for (const id of [...added, ...updated]) sender.awarenessIds.add(id);
          for (const id of removed) sender.awarenessIds.delete(id);
        }
        const update = awarenessProtocol.encodeAwarenessUpdate(doc.awareness, changed);
        const bytes = message(MessageType.awareness, (e) => encoding.writeVarUint8Array(e, update));
        // The sender gets its own state back too: y-websocket closes a socket that hears nothing for 30 s,
        // and a lone editor's awareness renewal (every 15 s) is what it hears.
        for (const conn of doc.connections.values()) this.send(conn, bytes);
        // Local sockets' changes and departures go to the other processes; timeouts happen there too.
        if ((sender || origin === FROM_CLOSE) && doc.peers) this.publish(doc, RelayKind.awareness, update);
      },
    );
  }

  /** A new socket: our state vector (so it sends what we lack) and who is here. */
  private greet(doc: SharedDoc, conn: Connection) {
    if (!conn.grant.readOnly) {
      // y-protocols' writeSyncStep1, with the state vector read from the encoded state.
      const stateVector = doc.content.stateVector();
      this.send(
        conn,
        message(MessageType.sync, (e) => {
          encoding.writeVarUint(e, syncProtocol.messageYjsSyncStep1);
          encoding.writeVarUint8Array(e, stateVector);
        }),
      );
    }
    const present = [...doc.awareness.getStates().keys()];
    if (present.length > 0) {
      const update = awarenessProtocol.encodeAwarenessUpdate(doc.awareness, present);
      this.send(
        conn,
        message(MessageType.awareness, (e) => encoding.writeVarUint8Array(e, update)),
      );
    }
  }

  private receive(doc: SharedDoc, conn: Connection, bytes: Uint8Array) {
    try {
      const decoder = decoding.createDecoder(bytes);
      const type = decoding.readVarUint(decoder);
      if (type === MessageType.sync) {
        const syncType = decoding.readVarUint(decoder);
        if (syncType === syncProtocol.messageYjsSyncStep1) {
          // y-protocols' readSyncStep1: sync step 2 with what the client's state vector lacks.
          const missing = doc.content.diff(decoding.readVarUint8Array(decoder));
          const reply = message(MessageType.sync, (e) => {
            encoding.writeVarUint(e, syncProtocol.messageYjsSyncStep2);
            encoding.writeVarUint8Array(e, missing);
          });
          this.send(conn, reply);
        } else if (
          syncType === syncProtocol.messageYjsSyncStep2 ||
          syncType === syncProtocol.messageYjsUpdate
        ) {
          const update = decoding.readVarUint8Array(decoder);
          if (!conn.grant.readOnly) this.accept(doc, conn, update);
        }
      } else if (type === MessageType.awareness) {
        const update = decoding.readVarUint8Array(decoder);
        // The email others see is the ticket's, whatever the client wrote (state.user.email, the shape
        // of the co-editing contract); states without a user object carry no identity and stay as sent.
        const stamped = ownAwarenessUpdate(update, {
          email: conn.grant.email,
          othersOwn: (clientId) =>
            [...doc.connections.values()].some((c) => c !== conn && c.awarenessIds.has(clientId)),
          mayAdd: (clientId, added) =>
            conn.awarenessIds.has(clientId) ||
            conn.awarenessIds.size + added < COLLAB_LIMITS.presenceIdsPerSocket,
        });
        awarenessProtocol.applyAwarenessUpdate(doc.awareness, stamped, conn);
      } else if (type === MessageType.queryAwareness) {
        const present = [...doc.awareness.getStates().keys()];
        const update = awarenessProtocol.encodeAwarenessUpdate(doc.awareness, present);
        this.send(
          conn,
          message(MessageType.awareness, (e) => encoding.writeVarUint8Array(e, update)),
        );
      }
    } catch (error) {
      this.log.warn({ err: error, doc: doc.name, userId: conn.grant.userId }, 'bad collab message');
      conn.socket.close(1003, 'The editor sent a message the server cannot read.');
    }
  }

  /** Adds to the state and relays at once; the store follows (save). */
  private accept(doc: SharedDoc, conn: Connection, update: Uint8Array) {
    // Closing: the documents are being flushed; a change arriving now is not taken, and the client's next
    // sync step 2 (after it reconnects to a running server) sends it again.
    if (this.closing) return;
    // Throws (the socket is closed with 1003) on an update that must not be stored or relayed.
    if (!checkUpdate(update)) return;
    if (!doc.content.addWithin(update, COLLAB_LIMITS.documentBytes)) {
      this.log.warn({ doc: doc.name, userId: conn.grant.userId }, 'collab change past the document cap');
      conn.socket.close(COLLAB_CLOSE.tooLarge, collabCloseReasons.tooLarge);
      return;
    }
    this.broadcast(doc, update, conn);
    if (doc.peers) this.publish(doc, RelayKind.update, update);
    this.keep(doc, update);
  }

  /** Queues an update the state just took for the document's next store. */
  private keep(doc: SharedDoc, update: Uint8Array) {
    // A copy: the bytes are a view into a socket's or Redis's buffer.
    doc.unsaved.push(update.slice());
    if (!doc.saveTimer && !doc.saving) doc.saveTimer = this.timer(() => void this.save(doc), SAVE_DELAY_MS);
  }

  private timer(run: () => void, ms: number) {
    const timer = setTimeout(run, ms);
    timer.unref();
    return timer;
  }

  /**
   * Stores the document's unsaved updates, one INSERT at a time: updates that arrive while one runs go into
   * the next. It first runs SAVE_DELAY_MS after an update: a burst of keystrokes is one INSERT, and the
   * commit's work (this process, PostgreSQL) comes after the editors' sockets got the update, not beside it
   * on the same cores (the co-editing row of npm run bench). A failed INSERT keeps its updates (in order,
   * ahead of later ones) and is tried again after a wait that doubles, 250 ms up to 5 s.
   */
  private save(doc: SharedDoc): Promise<void> {
    if (doc.saving) return doc.saving;
    if (doc.saveTimer) {
      clearTimeout(doc.saveTimer);
      doc.saveTimer = null;
    }
    const run = async () => {
      while (doc.unsaved.length > 0) {
        const batch = doc.unsaved.splice(0);
        try {
          await this.store.append(doc.name, batch);
          doc.failedSaves = 0;
        } catch (error) {
          doc.unsaved.unshift(...batch);
          doc.failedSaves += 1;
          this.log.error(
            { err: error, doc: doc.name, unsaved: doc.unsaved.length },
            'collab update could not be stored',
          );
          if (!this.closing) {
            const wait = Math.min(SAVE_RETRY_MAX_MS, SAVE_RETRY_MS * 2 ** (doc.failedSaves - 1));
            doc.saveTimer = this.timer(() => void this.save(doc), wait);
          }
          return;
        }
      }
    };
    doc.saving = run().finally(() => (doc.saving = null));
    return doc.saving;
  }

  private fromRelay(doc: SharedDoc, kind: RelayKind, payload: Uint8Array) {
    // Set before anything is answered: every update accepted from now on is published, and what came
    // before is in the state the answers below send from.
    doc.peers = true;
    if (kind === RelayKind.update) {
      // Checked and stored by the process that accepted it; checked again so nothing garbled (a bug,
      // a foreign publisher on the channel) gets into the state this process serves.
      try {
        if (!checkUpdate(payload)) return;
      } catch (error) {
        this.log.warn({ err: error, doc: doc.name }, 'bad collab relay update');
        return;
      }
      doc.content.add(payload);
      this.broadcast(doc, payload, null);
      // Stored here too: the sending process may die inside its own window, and then its editors, who
      // reconnect to a process that has the update, would never send it again (rows are merged by Yjs,
      // so a second copy changes nothing).
      this.keep(doc, payload);
    } else if (kind === RelayKind.awareness) {
      awarenessProtocol.applyAwarenessUpdate(doc.awareness, payload, FROM_RELAY);
    } else if (kind === RelayKind.queryAwareness || kind === RelayKind.present) {
      // What the announcing process lacks (updates accepted here before we knew of it included).
      if (payload.length > 0) this.sendMissing(doc, payload);
      if (kind === RelayKind.present) return;
      // It learns of us, and what we lack, from our answer.
      this.publish(doc, RelayKind.present, doc.content.stateVector());
      const local = [...doc.connections.values()].flatMap((c) => [...c.awarenessIds]);
      if (local.length > 0) {
        this.publish(doc, RelayKind.awareness, awarenessProtocol.encodeAwarenessUpdate(doc.awareness, local));
      }
    }
  }

  private disconnect(doc: SharedDoc, conn: Connection) {
    if (!doc.connections.delete(conn.socket)) return;
    awarenessProtocol.removeAwarenessStates(doc.awareness, [...conn.awarenessIds], FROM_CLOSE);
    if (doc.connections.size === 0 && !this.closing) this.scheduleIdle(doc);
  }

  private scheduleIdle(doc: SharedDoc) {
    if (doc.idleTimer) clearTimeout(doc.idleTimer);
    const wait = Math.max(0, doc.lastUpdateAt + this.options.idleMs - Date.now());
    doc.idleTimer = setTimeout(() => {
      doc.idleTimer = null;
      if (doc.connections.size > 0 || this.closing) return;
      if (Date.now() - doc.lastUpdateAt < this.options.idleMs) return this.scheduleIdle(doc);
      // Updates nobody else may hold any more: the document stays until they are stored.
      if (doc.unsaved.length > 0 || doc.saving) {
        doc.lastUpdateAt = Date.now();
        return this.scheduleIdle(doc);
      }
      const done = this.unload(doc).finally(() => this.unloading.delete(doc.name));
      this.unloading.set(doc.name, done);
    }, wait);
    doc.idleTimer.unref();
  }

  /** Stores the document's unsaved updates (one more attempt if the last failed), then compacts its rows. */
  private async flush(doc: SharedDoc) {
    try {
      await doc.ready;
    } catch {
      return; // never loaded: nothing held, nothing to store
    }
    await doc.saving;
    await this.save(doc);
    if (doc.unsaved.length > 0) return; // logged by save; the editors send these again on reconnect
    try {
      await this.store.compact(doc.name);
    } catch (error) {
      // Nothing is lost: the rows stay as they were and the next flush compacts them.
      this.log.warn({ err: error, doc: doc.name }, 'collab compaction failed');
    }
  }

  /** Flushes the document and forgets it. */
  private async unload(doc: SharedDoc) {
    if (doc.idleTimer) clearTimeout(doc.idleTimer);
    doc.idleTimer = null;
    if (this.docs.get(doc.name) === doc) this.docs.delete(doc.name);
    await doc.ready.catch(() => undefined);
    await this.relay.unsubscribe(doc.name).catch((error: unknown) => {
      this.log.warn({ err: error, doc: doc.name }, 'collab unsubscribe failed');
    });
    await this.flush(doc);
    doc.destroy();
  }

  private send(conn: Connection, bytes: Uint8Array) {
    if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(bytes);
  }

  private publish(doc: SharedDoc, kind: RelayKind, payload: Uint8Array) {
    this.relay.publish(doc.name, kind, payload).catch((error: unknown) => {
      this.log.warn({ err: error, doc: doc.name }, 'collab relay publish failed');
    });
  }
}
