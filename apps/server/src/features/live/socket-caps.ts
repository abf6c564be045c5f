// How many live sockets a session and a user hold, counted across every server process (a browser may
// reach any replica through the load balancer). Each open socket is a member of two sorted sets in Redis,
// its session's and its user's, scored with the time its entry lapses; its process renews the entries
// of its sockets while they stay open and removes them when they close. A process that dies without
// closing leaves entries behind: each entry names the process that holds it, so when a count is found
// full the server asks which processes are running (socket-server.ts) and drops the entries of the
// others before it refuses. The browsers of a crashed process thus get their places back as soon as they
// reconnect elsewhere. Should that question go unanswered (a process hung, Redis slow), the entries
// still lapse by themselves within SOCKET_ENTRY_TTL_MS. The check and the add run as one script: two
// sockets opening at the same moment on two replicas can never both take the last place.
import type { Redis } from 'ioredis';
import { LIVE_SOCKETS_PER_SESSION, LIVE_SOCKETS_PER_USER } from '@hc/shared/constants';

/** How long a socket's entry lasts without renewal (clocks of the replicas may differ by seconds). */
export const SOCKET_ENTRY_TTL_MS = 90_000;
/** How often a process renews the entries of its open sockets. */
export const SOCKET_ENTRY_RENEW_MS = 30_000;

export interface SocketCaps {
  perSession: number;
  perUser: number;
}
export const LIVE_SOCKET_CAPS: SocketCaps = {
  perSession: LIVE_SOCKETS_PER_SESSION,
  perUser: LIVE_SOCKETS_PER_USER,
};

/** What kept a socket out: its session's or its user's count is full. */
export type SocketCapRefusal = 'session' | 'user';

export interface SocketOwner {
  sessionId: number;
  userId: number;
}

const sessionKey = (sessionId: number) => `live:sockets:session:${sessionId}`;
const userKey = (userId: number) => `live:sockets:user:${userId}`;

// KEYS: the session's set, the user's set. ARGV: now (ms), lapse time (ms), member, the two caps, key TTL (s).
const TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[1])
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[4]) then return 1 end
if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[5]) then return 2 end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[6])
redis.call('EXPIRE', KEYS[2], ARGV[6])
return 0
`;

// KEYS: the session's set, the user's set. ARGV: the ids of the running processes.
// Drops every entry whose process (the part of the member before '/') is not among them; says how many.
const PRUNE = `
local running = {}
for _, id in ipairs(ARGV) do running[id] = true end
local dropped = 0
for _, key in ipairs(KEYS) do
  for _, member in ipairs(redis.call('ZRANGE', key, 0, -1)) do
    local process = string.match(member, '^([^/]*)/')
    if not running[process] then
      redis.call('ZREM', key, member)
      dropped = dropped + 1
    end
  end
end
return dropped
`;

/** The entry of socket `socketId` held by process `processId`. */
export const socketMember = (processId: string, socketId: string) => `${processId}/${socketId}`;

export class LiveSocketCounter {
  constructor(
    private readonly redis: Redis,
    private readonly caps: SocketCaps = LIVE_SOCKET_CAPS,
  ) {}

  /**
   * Takes a place for the socket `member` (socketMember), or says which count is full (nothing taken
   * then).
   */
  async take(owner: SocketOwner, member: string): Promise<SocketCapRefusal | null> {
    const now = Date.now();
    const answer = await this.redis.eval(
      TAKE,
      2,
      sessionKey(owner.sessionId),
      userKey(owner.userId),
      now,
      now + SOCKET_ENTRY_TTL_MS,
      member,
      this.caps.perSession,
      this.caps.perUser,
      Math.ceil(SOCKET_ENTRY_TTL_MS / 1000),
    );
    return answer === 1 ? 'session' : answer === 2 ? 'user' : null;
  }

  /**
   * Drops the owner's entries held by processes not in `running` (they died without closing their
   * sockets); how many went. The sets hold at most a cap's worth of entries, so this stays small.
   */
  async prune(owner: SocketOwner, running: Iterable<string>): Promise<number> {
    const answer = await this.redis.eval(
      PRUNE,
      2,
      sessionKey(owner.sessionId),
      userKey(owner.userId),
      ...running,
    );
    return Number(answer);
  }

  /** Gives the socket's place back (it closed). */
  async release(owner: SocketOwner, member: string): Promise<void> {
    await this.redis
      .multi()
      .zrem(sessionKey(owner.sessionId), member)
      .zrem(userKey(owner.userId), member)
      .exec();
  }

  /** Renews the entries of sockets still open here, so they do not lapse while in use. */
  async renew(open: { owner: SocketOwner; member: string }[]): Promise<void> {
    if (open.length === 0) return;
    const until = Date.now() + SOCKET_ENTRY_TTL_MS;
    const ttl = Math.ceil(SOCKET_ENTRY_TTL_MS / 1000);
    const batch = this.redis.multi();
    for (const { owner, member } of open) {
      // XX: an entry released meanwhile (the socket closed) is not brought back.
      batch.zadd(sessionKey(owner.sessionId), 'XX', until, member);
      batch.zadd(userKey(owner.userId), 'XX', until, member);
      batch.expire(sessionKey(owner.sessionId), ttl);
      batch.expire(userKey(owner.userId), ttl);
    }
    await batch.exec();
  }
}
