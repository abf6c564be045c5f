// What route plugins need: configuration, the database, Redis and the services built on them.
import type { Redis } from 'ioredis';
import type { Db } from '@hc/db/client';
import type { AppConfig } from './config.ts';
import { AccountRepository } from './features/auth/accounts.ts';
import { LoginRateLimiter } from './features/auth/login-rate-limit.ts';
import { SessionService } from './features/auth/sessions.ts';
import { LivePublisher } from './features/live/publisher.ts';

export interface AppContext {
  config: AppConfig;
  db: Db;
  redis: Redis;
  accounts: AccountRepository;
  sessions: SessionService;
  loginLimiter: LoginRateLimiter;
  /** Pushes to browsers over the live channel (socket.io), from any process. */
  live: LivePublisher;
}

export function createContext(config: AppConfig, db: Db, redis: Redis): AppContext {
  return {
    config,
    db,
    redis,
    accounts: new AccountRepository(db),
    sessions: new SessionService(db, {
      ttlHours: config.sessionTtlHours,
      idleMinutes: config.sessionIdleMinutes,
    }),
    loginLimiter: new LoginRateLimiter(redis),
    live: new LivePublisher(redis),
  };
}
