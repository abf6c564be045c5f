// What route plugins need: configuration, the database, Redis and the services built on them.
import type { Redis } from 'ioredis';
import type { ChangeFeed } from '@hc/db/changes';
import type { Db } from '@hc/db/client';
import type { CollabDocRef } from '@hc/shared/api/collab';
import type { Deployment } from '@hc/worker/deployment';
import type { PendingCounts } from '@hc/shared/api/pending';
import type { AppConfig } from './config.ts';
import { AccountRepository } from './features/auth/accounts.ts';
import { LoginRateLimiter } from './features/auth/login-rate-limit.ts';
import { SessionService, type AuthContext } from './features/auth/sessions.ts';
import { CollabAccess } from './features/collab/access.ts';
import { LivePublisher } from './features/live/publisher.ts';
import { PendingCountsService } from './features/pending/counts.ts';
import { UpstreamCallers } from './features/proxy/callers.ts';
import { UpstreamCollabAccess } from './features/proxy/collab-access.ts';
import { UpstreamPendingCounts } from './features/proxy/counts.ts';
import { EditorApiUpstream } from './features/proxy/upstream.ts';
import type { ReviewScope } from './features/review/repo.ts';

/** The caller's e-mail and token as they sent them (a proxy asks the upstream in their name). */
export interface CallerCredentials {
  email: string;
  token: string;
}

/**
 * Who is calling, for the checks that run here whatever the mode (REST session hook, live channel, collab
 * tickets and sockets, job dashboard): the local sessions, or the upstream editor API in proxy mode.
 */
export interface CallerResolver {
  resolve(email: string, token: string, options?: { touch?: boolean }): Promise<AuthContext | null>;
  /** resolve() from what is kept in memory, when that alone decides; undefined otherwise. */
  resolveCached?(email: string, token: string): AuthContext | null | undefined;
  /** Whether a session resolved earlier still holds (channels that keep no token). */
  isLive(sessionId: number): Promise<boolean>;
  /** Drops what is kept of a session that ended (proxy mode: a forwarded logout or publisher switch). */
  forget?(credentials: CallerCredentials): Promise<void>;
  /** Publishers of the sessions checked within `ms` (proxy mode: whose counts may move upstream unseen). */
  recentPublisherIds?(ms: number): number[];
}

/** A caller's pending counts, as GET pending_counts answers them (pushed by the live channel). */
export interface PendingCountsSource {
  reviewScope(caller: AuthContext): Promise<ReviewScope>;
  forCaller(
    caller: AuthContext,
    scope: ReviewScope | undefined,
    credentials: CallerCredentials,
  ): Promise<PendingCounts>;
  /** Callers with the same key have the same counts: the live channel computes them once per key. */
  shareKey(caller: AuthContext, scope: ReviewScope): string;
}

/** Whether a caller may co-edit a document, read-only or not (throws 403/404 like the REST calls). */
export interface CollabAccessCheck {
  readOnly(caller: AuthContext, doc: CollabDocRef, credentials: CallerCredentials): Promise<boolean>;
}

export interface AppContext {
  config: AppConfig;
  db: Db;
  /** Redis with the deployment's key prefix (or a test suite's): every key and channel sits under it. */
  redis: Redis;
  /** Who this deployment is: its jobs carry the id, its BullMQ queues live under its jobs prefix. */
  deployment: Deployment;
  /** Table change notifications for the read caches (D35); null: nothing is cached. */
  changes: ChangeFeed | null;
  accounts: AccountRepository;
  sessions: SessionService;
  loginLimiter: LoginRateLimiter;
  /** Pushes to browsers over the live channel (socket.io), from any process. */
  live: LivePublisher;
  /** Proxy mode (EDITOR_API_UPSTREAM): the upstream editor calls are forwarded to; null otherwise. */
  upstream: EditorApiUpstream | null;
  callers: CallerResolver;
  pendingCounts: PendingCountsSource;
  collabAccess: CollabAccessCheck;
}

export function createContext(
  config: AppConfig,
  db: Db,
  redis: Redis,
  changes: ChangeFeed | null,
  deployment: Deployment,
): AppContext {
  const sessions = new SessionService(
    db,
    { ttlHours: config.sessionTtlHours, idleMinutes: config.sessionIdleMinutes },
    changes,
  );
  const upstream = config.editorApiUpstream
    ? new EditorApiUpstream(config.editorApiUpstream, config.editorApiTimeoutMs)
    : null;
  return {
    config,
    db,
    redis,
    deployment,
    changes,
    accounts: new AccountRepository(db),
    sessions,
    loginLimiter: new LoginRateLimiter(redis),
    live: new LivePublisher(redis),
    upstream,
    callers: upstream ? new UpstreamCallers(upstream, redis) : sessions,
    pendingCounts: upstream ? new UpstreamPendingCounts(upstream) : new PendingCountsService(db),
    collabAccess: upstream ? new UpstreamCollabAccess(upstream) : new CollabAccess(db),
  };
}
