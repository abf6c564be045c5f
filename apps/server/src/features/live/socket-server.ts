// The live channel: socket.io on the app's HTTP server at /socket.io.
// - The session is checked at handshake from the auth payload ({email, token}), never from the URL, and
//   again every SESSION_RECHECK_MS: a session that expired, ended or lost its access is told why and
//   disconnected at the second check that finds it gone. Logout and publisher switch end it at once
//   (LivePublisher.endSession), with their own reason.
// - Every reconnect is a full handshake, so the check runs again. Connection-state recovery is not used:
//   the Redis adapter cannot replay missed packets; the browser refetches what it shows instead.
// - The Redis adapter fans out emits between server processes; LivePublisher emits through Redis too.
// - Pending counts: a `counts_changed` notice (publisher ids) reaches every process; each one recomputes
//   the counts of its own affected sockets, once per group of callers whose counts are the same
//   (PendingCountsSource.shareKey), and pushes each socket exactly what GET pending_counts would answer
//   it. Per publisher room, the first notice after a quiet spell is pushed COUNTS_GATHER_MS later (a burst
//   of commits makes one push); later ones wait until COUNTS_MIN_INTERVAL_MS after the room's last push,
//   so a busy room gets at most 4 pushes a second and a quiet one hears of a change within ~tens of ms.
// - A session holds at most LIVE_SOCKETS_PER_SESSION sockets and a user LIVE_SOCKETS_PER_USER, counted
//   across processes in Redis (socket-caps.ts); one more is refused at handshake with a message to show.
//   Before refusing, the entries of processes no longer running are dropped (they crashed holding them),
//   so a crash costs nobody their places.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { PendingCounts } from '@hc/shared/api/pending';
import {
  liveChannelKey,
  liveRooms,
  type LiveHandshakeAuth,
  type ServerSideEvents,
  type ServerToClientEvents,
} from '@hc/shared/live/events';
import { messages } from '@hc/shared/messages';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { ServerOps } from '../ops/metrics.ts';
import type { ReviewScope } from '../review/repo.ts';
import { mayReview, mayVertical } from '../pending/counts.ts';
import { isAllowedOrigin } from '../../plugins/origin.ts';
import {
  LiveSocketCounter,
  SOCKET_ENTRY_RENEW_MS,
  socketMember,
  type SocketCapRefusal,
  type SocketCaps,
} from './socket-caps.ts';

export const LIVE_PATH = '/socket.io';
const SESSION_RECHECK_MS = 15_000;
const COUNTS_GATHER_MS = 20;
const COUNTS_MIN_INTERVAL_MS = 250;
/** At shutdown, how long sockets get to receive the restart hint before their transports are cut. */
const RESTART_HINT_MS = 1_000;
/** A roll call's answer is reused this long: a burst of refused handshakes asks the others once. */
const PROCESS_ROLL_CALL_REUSE_MS = 1_000;

interface SocketData {
  credentials: LiveHandshakeAuth;
  auth: AuthContext;
  /** The publishers whose review queue this socket's counts cover (null: all). */
  reviewScope: ReviewScope;
  /** The last re-check found the session gone (see recheck). */
  sessionGone?: boolean;
  /** This socket's entry in the socket counts. */
  capMember: string;
}

type LiveServer = Server<Record<string, never>, ServerToClientEvents, ServerSideEvents, SocketData>;
type LiveSocket = Socket<Record<string, never>, ServerToClientEvents, ServerSideEvents, SocketData>;

export interface LiveChannelOptions {
  /** How often connected sessions are checked again (tests shorten it). */
  sessionRecheckMs?: number;
  /** Sockets per session and per user (default LIVE_SOCKET_CAPS). */
  socketCaps?: SocketCaps;
}

/** The connect_error a browser sees when the handshake is refused: `data.status` 401. */
class HandshakeRefused extends Error {
  readonly data = { status: 401 };
  constructor() {
    super('unauthorized');
  }
}

/**
 * The connect_error a browser sees when its session or user already holds the most sockets: `data.status`
 * 429, and a message it can show as it is.
 */
class TooManySockets extends Error {
  readonly data: { status: 429; limit: SocketCapRefusal };
  constructor(limit: SocketCapRefusal) {
    super(limit === 'session' ? messages.liveTooManySessionSockets : messages.liveTooManyUserSockets);
    this.data = { status: 429, limit };
  }
}

function credentialsOf(auth: unknown): LiveHandshakeAuth | null {
  if (typeof auth !== 'object' || auth === null) return null;
  const { email, token } = auth as Partial<Record<string, unknown>>;
  return typeof email === 'string' && typeof token === 'string' ? { email, token } : null;
}

export async function registerLiveChannel(
  app: FastifyInstance,
  ctx: AppContext,
  options: LiveChannelOptions = {},
  ops?: ServerOps,
): Promise<void> {
  const pubClient = ctx.redis.duplicate();
  const subClient = ctx.redis.duplicate();
  // Local or, in proxy mode, the upstream's (context.ts): the channel itself does not care which.
  const counts = ctx.pendingCounts;

  // Set at app close: a client reconnecting to this process meanwhile is refused at once, so it tries
  // again (through the load balancer, elsewhere) instead of holding the closing HTTP server open.
  let closing = false;
  const io: LiveServer = new Server(app.server, {
    path: LIVE_PATH,
    serveClient: false,
    // engine.io ends other paths' upgrades that wrote nothing within this time: /collab's checks its
    // ticket in Redis first, so allow it more than the default second on a loaded machine.
    destroyUpgradeTimeout: 5_000,
    adapter: createAdapter(pubClient, subClient, { key: liveChannelKey(ctx.redis.options.keyPrefix) }),
    allowRequest: (request, callback) =>
      callback(null, !closing && isAllowedOrigin(request, ctx.config.consoleOrigins)),
  });
  // The adapter subscribes as it is built; a reply to a later command means those subscriptions are in
  // place, so closing the app right after start never leaves them rejected with nobody listening.
  await Promise.all([pubClient.ping(), subClient.ping()]);

  // The handshake is a use of the session; the periodic re-check is not (an open tab must still idle out).
  const authorise = async (credentials: LiveHandshakeAuth, touch = true) => {
    const auth = await ctx.callers.resolve(credentials.email, credentials.token, { touch });
    return auth ? { auth, reviewScope: await counts.reviewScope(auth) } : null;
  };

  const counter = new LiveSocketCounter(ctx.redis, options.socketCaps);
  const ownerOf = (socket: LiveSocket) => ({
    sessionId: socket.data.auth.sessionId,
    userId: socket.data.auth.userId,
  });
  // This process's name in the socket counts: new at every start, so a restarted process on the same
  // port never passes for the one that died.
  const processId = randomBytes(9).toString('base64url');
  io.on('live_process', (answer) => answer(processId));
  /** The ids of every server process of the deployment that answers (this one included). */
  let rollCall: { at: number; running: Promise<string[]> } | null = null;
  const runningProcesses = () => {
    const now = performance.now();
    if (!rollCall || now - rollCall.at > PROCESS_ROLL_CALL_REUSE_MS) {
      // The adapter expects an answer from every process subscribed to the deployment's channel in Redis;
      // a crashed process's connection is gone, so it is not waited for. One that does not answer within
      // the adapter's request timeout (5 s) makes this fail: nothing is dropped then.
      const running = io
        .serverSideEmitWithAck('live_process')
        .then((others: string[]) => [processId, ...others]);
      rollCall = { at: now, running };
      running.catch(() => (rollCall = null));
    }
    return rollCall.running;
  };
  /** Takes a place; a full count first loses the entries of processes that are gone, then is tried again. */
  const takePlace = async (auth: AuthContext, member: string) => {
    const full = await counter.take(auth, member);
    if (!full) return null;
    const running = await runningProcesses().catch((error: Error) => {
      app.log.warn({ err: error }, 'live process roll call failed');
      return null;
    });
    if (!running || (await counter.prune(auth, running)) === 0) return full;
    return counter.take(auth, member);
  };

  io.use((socket, next) => {
    const credentials = credentialsOf(socket.handshake.auth);
    if (!credentials) return next(new HandshakeRefused());
    authorise(credentials)
      .then(async (checked) => {
        if (!checked) return next(new HandshakeRefused());
        // Counted once the caller is known, before the socket joins anything.
        const capMember = socketMember(processId, socket.id);
        const full = await takePlace(checked.auth, capMember);
        if (full) return next(new TooManySockets(full));
        Object.assign(socket.data, { credentials, ...checked, capMember });
        next();
      })
      .catch((error: Error) => next(error));
  });

  io.on('connection', (socket) => {
    const { auth } = socket.data;
    void socket.join([
      liveRooms.publisher(auth.publisherId),
      liveRooms.user(auth.userId),
      liveRooms.session(auth.sessionId),
    ]);
    socket.once('disconnect', () => {
      counter
        .release(ownerOf(socket), socket.data.capMember)
        .catch((error: Error) => app.log.warn({ err: error }, 'releasing a live socket place failed'));
    });
  });

  // The places of sockets open here are renewed; those of a process that died lapse by themselves.
  const renewTimer = setInterval(() => {
    const open = [...io.of('/').sockets.values()]
      .filter((socket) => socket.connected)
      .map((socket) => ({ owner: ownerOf(socket), member: socket.data.capMember }));
    counter
      .renew(open)
      .catch((error: Error) => app.log.warn({ err: error }, 'renewing live socket places failed'));
  }, SOCKET_ENTRY_RENEW_MS);
  renewTimer.unref();

  // Sessions that ended while connected (expiry, idle, access withdrawn, a CLI password change).
  const recheck = async () => {
    for (const socket of io.of('/').sockets.values()) {
      const checked = await authorise(socket.data.credentials, false).catch(() => undefined);
      if (checked === undefined) continue; // the database hiccuped: try again next round
      // Ended while the check ran (a logout tells its own reason): one session_ended per socket.
      if (socket.disconnected) continue;
      if (checked === null) {
        // A session found gone may be a logout or a publisher switch whose own message (LivePublisher,
        // through Redis) is still on its way, and that one tells the right reason: 'expired' waits for
        // the next check to find it gone too (seen in CI: a logout's socket was told 'expired').
        if (!socket.data.sessionGone) {
          socket.data.sessionGone = true;
          continue;
        }
        socket.emit('session_ended', { reason: 'expired' });
        socket.disconnect(true);
      } else {
        Object.assign(socket.data, checked, { sessionGone: false });
      }
    }
  };
  let rechecking = false;
  const recheckTimer = setInterval(() => {
    if (rechecking) return;
    rechecking = true;
    recheck()
      .catch((error: Error) => app.log.warn({ err: error }, 'live session recheck failed'))
      .finally(() => (rechecking = false));
  }, options.sessionRecheckMs ?? SESSION_RECHECK_MS);
  recheckTimer.unref();

  // Pending counts.
  const affected = (socket: LiveSocket, publishers: Set<number>) => {
    const { auth, reviewScope } = socket.data;
    if (mayVertical(auth) && publishers.has(auth.publisherId)) return true;
    if (!mayReview(auth)) return false;
    return reviewScope === null || reviewScope.some((id) => publishers.has(id));
  };
  const pushCounts = async (publishers: Set<number>) => {
    const groups = new Map<string, { counts: Promise<PendingCounts>; socketIds: string[] }>();
    for (const socket of io.of('/').sockets.values()) {
      if (!affected(socket, publishers)) continue;
      const { auth, reviewScope, credentials } = socket.data;
      const key = counts.shareKey(auth, reviewScope);
      let group = groups.get(key);
      if (!group) {
        group = { counts: counts.forCaller(auth, reviewScope, credentials), socketIds: [] };
        groups.set(key, group);
      }
      group.socketIds.push(socket.id);
    }
    // Each socket is in the room of its own id: one packet encoded per group. Local: these are this
    // process's sockets (through the adapter the emit would go to every replica).
    await Promise.all(
      [...groups.values()].map(async ({ counts: value, socketIds }) =>
        io.local.to(socketIds).emit('pending_counts', await value),
      ),
    );
  };
  /** Per publisher: when its last push went out, and the push it has waiting. */
  const lastPushAt = new Map<number, number>();
  const waiting = new Map<number, NodeJS.Timeout>();
  let due = new Set<number>();
  const pushDue = () => {
    const publishers = due;
    due = new Set();
    pushCounts(publishers)
      .catch((error: Error) => app.log.warn({ err: error }, 'pushing counts failed'))
      .finally(() => {
        const now = performance.now();
        for (const id of publishers) lastPushAt.set(id, now);
      });
  };
  io.on('counts_changed', (publisherIds) => {
    const now = performance.now();
    for (const id of publisherIds) {
      if (waiting.has(id)) continue; // the waiting push will read the counts after this change too
      const wait = Math.max(
        COUNTS_GATHER_MS,
        (lastPushAt.get(id) ?? -Infinity) + COUNTS_MIN_INTERVAL_MS - now,
      );
      const timer = setTimeout(() => {
        waiting.delete(id);
        lastPushAt.set(id, performance.now());
        // Rooms due at the same moment go out as one pass, so a socket covering several gets one push.
        if (due.size === 0) setImmediate(pushDue);
        due.add(id);
      }, wait);
      waiting.set(id, timer);
    }
  });

  if (ops) ops.liveSockets = () => io.of('/').sockets.size;

  // Before the HTTP server closes (it would wait for open WebSockets): end the live connections so that
  // clients come back. A server-side disconnect would tell socket.io clients not to reconnect; a closed
  // transport makes them reconnect (to another replica, or here once restarted), and the hint says why.
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(recheckTimer);
    clearInterval(renewTimer);
    for (const timer of waiting.values()) clearTimeout(timer);
    const open = [...io.of('/').sockets.values()];
    // Local only: through the adapter it would reach every replica's clients.
    io.local.emit('server_restarting');
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, RESTART_HINT_MS);
      let left = open.length;
      if (left === 0) resolve();
      for (const socket of open) {
        socket.conn.once('close', () => {
          left -= 1;
          if (left === 0) {
            clearTimeout(timer);
            resolve();
          }
        });
        // Not discarding: the transport closes once the hint is written.
        socket.conn.close();
      }
    });
    // Not io.close(): that also closes the HTTP server, which Fastify is closing itself.
    io.engine.close();
  });
  app.addHook('onClose', async () => {
    await io.of('/').adapter.close();
    await Promise.all([pubClient.quit(), subClient.quit()]).catch(() => undefined);
  });
}
