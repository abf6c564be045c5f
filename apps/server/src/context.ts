// What route plugins need: configuration, the database, Redis and the services built on them.
import type { Redis } from 'ioredis';
import type { ChangeFeed } from '@hc/db/changes';
import type { Db } from '@hc/db/client';
import type { Deployment } from '@hc/db/deployment';
import type { AppConfig } from './config.ts';
import { AccountRepository } from './features/auth/accounts.ts';
import { LoginRateLimiter } from './features/auth/login-rate-limit.ts';
import { SessionService } from './features/auth/sessions.ts';
import { CollabAccess } from './features/collab/access.ts';
import { LivePublisher } from './features/live/publisher.ts';
import { PendingCountsService } from './features/pending/counts.ts';
import { UpstreamCallers } from './features/proxy/callers.ts';
import { UpstreamCollabAccess } from './features/proxy/collab-access.ts';
import { UpstreamPendingCounts } from './features/proxy/counts.ts';
import { EditorApiUpstream } from './features/proxy/upstream.ts';
import type { CallerResolver, CollabAccessCheck, PendingCountsSource } from './caller-contracts.ts';

export interface AppContext {
  config: AppConfig;
  db: Db;
  /** Redis with the deployment's key prefix (or a test suite's): every key and channel sits under it. */
  redis: Redis;
  /** Who this deployment is: its jobs carry the id, its BullMQ queues live under its jobs prefix. */
  deployment: Deployment;
  /**
   * Table change notifications for the read caches (docs/decisions.md, "Read caches"); null: nothing is
   * cached.
   */
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
