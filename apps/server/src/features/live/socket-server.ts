// The live channel: socket.io on the app's HTTP server at /socket.io (ARCHITECTURE.md §8).
// - The session is checked at handshake from the auth payload ({email, token}), never from the URL, and
//   again every SESSION_RECHECK_MS: a session that expired, ended or lost its access is told why and
//   disconnected. Logout and publisher switch end it at once (LivePublisher.endSession).
// - Every reconnect is a full handshake, so the check runs again. Connection-state recovery is not used:
//   the Redis adapter cannot replay missed packets; the browser refetches what it shows instead.
// - The Redis adapter fans out emits between server processes; LivePublisher emits through Redis too.
// - Pending counts: a `counts_changed` notice (publisher ids) reaches every process; each one coalesces
//   notices for COUNTS_COALESCE_MS, then recomputes the counts of its own affected sockets, once per
//   distinct caller, and pushes each socket exactly what GET pending_counts would answer it.
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
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../auth/sessions.ts';
import type { ServerOps } from '../ops/metrics.ts';
import type { ReviewScope } from '../review/repo.ts';
import { mayReview, mayVertical } from '../pending/counts.ts';
import { isAllowedOrigin } from '../../plugins/origin.ts';

export const LIVE_PATH = '/socket.io';
const SESSION_RECHECK_MS = 15_000;
const COUNTS_COALESCE_MS = 100;
/** At shutdown, how long sockets get to receive the restart hint before their transports are cut. */
const RESTART_HINT_MS = 1_000;

interface SocketData {
  credentials: LiveHandshakeAuth;
  auth: AuthContext;
  /** The publishers whose review queue this socket's counts cover (null: all). */
  reviewScope: ReviewScope;
}

type LiveServer = Server<Record<string, never>, ServerToClientEvents, ServerSideEvents, SocketData>;
type LiveSocket = Socket<Record<string, never>, ServerToClientEvents, ServerSideEvents, SocketData>;

export interface LiveChannelOptions {
  /** How often connected sessions are checked again (tests shorten it). */
  sessionRecheckMs?: number;
}

/** The connect_error a browser sees when the handshake is refused: `data.status` 401. */
class HandshakeRefused extends Error {
  readonly data = { status: 401 };
  constructor() {
    super('unauthorized');
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

  io.use((socket, next) => {
    const credentials = credentialsOf(socket.handshake.auth);
    if (!credentials) return next(new HandshakeRefused());
    authorise(credentials).then(
      (checked) => {
        if (!checked) return next(new HandshakeRefused());
        Object.assign(socket.data, { credentials, ...checked });
        next();
      },
      (error: Error) => next(error),
    );
  });

  io.on('connection', (socket) => {
    const { auth } = socket.data;
    void socket.join([
      liveRooms.publisher(auth.publisherId),
      liveRooms.user(auth.userId),
      liveRooms.session(auth.sessionId),
    ]);
  });

  // Sessions that ended while connected (expiry, idle, access withdrawn, a CLI password change).
  const recheck = async () => {
    for (const socket of io.of('/').sockets.values()) {
      const checked = await authorise(socket.data.credentials, false).catch(() => undefined);
      if (checked === undefined) continue; // the database hiccuped: try again next round
      if (checked === null) {
        socket.emit('session_ended', { reason: 'expired' });
        socket.disconnect(true);
      } else {
        Object.assign(socket.data, checked);
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
  let changedPublishers = new Set<number>();
  let countsTimer: NodeJS.Timeout | null = null;
  const affected = (socket: LiveSocket, publishers: Set<number>) => {
    const { auth, reviewScope } = socket.data;
    if (mayVertical(auth) && publishers.has(auth.publisherId)) return true;
    if (!mayReview(auth)) return false;
    return reviewScope === null || reviewScope.some((id) => publishers.has(id));
  };
  const pushCounts = async (publishers: Set<number>) => {
    const byCaller = new Map<string, Promise<PendingCounts>>();
    const pushes: Promise<void>[] = [];
    for (const socket of io.of('/').sockets.values()) {
      if (!affected(socket, publishers)) continue;
      const { auth, reviewScope } = socket.data;
      const key = `${auth.userId}:${auth.publisherId}:${auth.roles.join(',')}`;
      let pending = byCaller.get(key);
      if (!pending) {
        pending = counts.forCaller(auth, reviewScope, socket.data.credentials);
        byCaller.set(key, pending);
      }
      pushes.push(pending.then((value) => void socket.emit('pending_counts', value)));
    }
    await Promise.all(pushes);
  };
  io.on('counts_changed', (publisherIds) => {
    for (const id of publisherIds) changedPublishers.add(id);
    countsTimer ??= setTimeout(() => {
      const publishers = changedPublishers;
      changedPublishers = new Set();
      countsTimer = null;
      pushCounts(publishers).catch((error: Error) => app.log.warn({ err: error }, 'pushing counts failed'));
    }, COUNTS_COALESCE_MS);
  });

  if (ops) ops.liveSockets = () => io.of('/').sockets.size;

  // Before the HTTP server closes (it would wait for open WebSockets): end the live connections so that
  // clients come back. A server-side disconnect would tell socket.io clients not to reconnect; a closed
  // transport makes them reconnect (to another replica, or here once restarted), and the hint says why.
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(recheckTimer);
    if (countsTimer) clearTimeout(countsTimer);
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
