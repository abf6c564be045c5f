// Sessions: created at login or publisher switch, resolved on every call, ended at logout, password
// change or user removal. Idle and absolute expiry are both enforced in the lookup query, and again on a
// cached session (kept until the sessions table changes) before it is used.
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { ChangeFeed } from '@hc/db/changes';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type { Role } from '@hc/shared/constants';
import { publisherIdOfToken } from '@hc/shared/api/auth';
import { ChangeAwareCache } from '../../infra/change-aware-cache.ts';
import { hashToken, newToken } from './tokens.ts';

const { sessions, users, userPublisherRoles } = schema;

/** Who is calling, for which publisher, with which roles: attached to every authenticated request. */
export interface AuthContext {
  sessionId: number;
  userId: number;
  email: string;
  isAdmin: boolean;
  userIdentifier: string | null;
  publisherId: number;
  /** Always holds isLoggedIn; admin for internal administrators. */
  roles: Role[];
}

export interface SessionPolicy {
  ttlHours: number;
  idleMinutes: number;
}

// Writing last_seen_at on every call would turn reads into writes; a minute of slack is enough for idle expiry.
const TOUCH_AFTER_MS = 60_000;
/** What a resolved session holds; a logout, password change, removal or role change empties the cache. */
const SESSION_TABLES = ['sessions', 'users', 'user_publisher_roles'];
const CACHED_SESSIONS = 50_000;

/** A session as the lookup reads it: the caller's fields, the stored roles as they are, and its times. */
type LiveSessionRow = Omit<AuthContext, 'roles'> & {
  expiresAt: Date;
  lastSeenAt: Date;
  roles: unknown;
  /** The AuthContext made of this row (callerOf), shared by the calls it serves: frozen. */
  caller?: AuthContext;
};

export class SessionService {
  // Named (server-side prepared) statements: every call runs one, and PostgreSQL took ~1 ms to plan it
  // against 0.1 ms to run it (the list and lock-race benches). Each pool connection prepares it once.
  private readonly liveByToken;
  private readonly liveById;
  // Without a change feed every call asks the database; with it, a session is read once until one of
  // SESSION_TABLES changes (the list and lock-race benches spent one of their two queries a call on it).
  // Keyed by the token itself, so a call served from here hashes nothing: only the database must never hold a
  // replayable token, and this process holds the token of each call it serves anyway.
  private readonly cache: ChangeAwareCache<LiveSessionRow> | null;

  constructor(
    private readonly db: Db,
    private readonly policy: SessionPolicy,
    changes: ChangeFeed | null = null,
  ) {
    this.cache = changes
      ? new ChangeAwareCache<LiveSessionRow>(changes, SESSION_TABLES, { maxEntries: CACHED_SESSIONS })
      : null;
    this.liveByToken = this.liveQuery(
      eq(sessions.tokenHash, sql.placeholder('tokenHash')),
      'session_live_by_token',
    );
    this.liveById = this.liveQuery(eq(sessions.id, sql.placeholder('sessionId')), 'session_live_by_id');
  }

  /** Starts a session and returns its token (shown once, never stored). */
  async create(userId: number, publisherId: number, meta: { ip: string; userAgent?: string | undefined }) {
    const token = newToken(publisherId);
    await this.db.insert(sessions).values({
      tokenHash: hashToken(token),
      userId,
      publisherId,
      expiresAt: new Date(Date.now() + this.policy.ttlHours * 3600_000),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500),
    });
    return token;
  }

  /** The session matching `match` while it holds (not expired, not idle), with its user and roles. */
  private liveQuery(match: SQL, name: string) {
    const idleCutoff = sql`now() - make_interval(mins => ${this.policy.idleMinutes})`;
    return this.db
      .select({
        sessionId: sessions.id,
        userId: users.id,
        email: users.email,
        isAdmin: users.isAdmin,
        userIdentifier: users.userIdentifier,
        publisherId: sessions.publisherId,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
        roles: userPublisherRoles.roles,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(
        userPublisherRoles,
        and(
          eq(userPublisherRoles.userId, sessions.userId),
          eq(userPublisherRoles.publisherId, sessions.publisherId),
        ),
      )
      .where(and(match, gt(sessions.expiresAt, sql`now()`), gt(sessions.lastSeenAt, idleCutoff)))
      .limit(1)
      .prepare(name);
  }

  private static usable<T extends { isAdmin: boolean; roles: unknown }>(row: T | undefined) {
    // A user whose access to this publisher was withdrawn loses the session with it.
    return row && (row.isAdmin || row.roles !== null) ? row : undefined;
  }

  /** The caller behind an e-mail and token, or null when the session is missing, expired or not theirs. */
  async resolve(
    email: string,
    token: string,
    // A background re-check (an open live channel) is no use of the session: it must not keep it from idling.
    { touch = true }: { touch?: boolean } = {},
  ): Promise<AuthContext | null> {
    const tokenPublisherId = SessionService.publisherOfWellFormed(email, token);
    if (tokenPublisherId === null) return null;
    const row = await this.liveRow(token);
    if (!row || !SessionService.belongs(row, email, tokenPublisherId)) return null;
    if (touch && SessionService.dueTouch(row)) {
      await this.db
        .update(sessions)
        .set({ lastSeenAt: sql`now()` })
        .where(eq(sessions.id, row.sessionId));
      row.lastSeenAt = new Date();
    }
    return SessionService.callerOf(row);
  }

  /**
   * resolve() decided from this process's cache alone, without a promise: most calls find their session there
   * (the list-throughput bench). undefined when only resolve() can say: the session is not cached, looks
   * expired or idle by the clock, or is due its last_seen_at write.
   */
  resolveCached(email: string, token: string): AuthContext | null | undefined {
    const tokenPublisherId = SessionService.publisherOfWellFormed(email, token);
    if (tokenPublisherId === null) return null;
    const row = this.cachedRow(token);
    if (!row || SessionService.dueTouch(row)) return undefined;
    return SessionService.belongs(row, email, tokenPublisherId) ? SessionService.callerOf(row) : null;
  }

  /** The publisher id a token names, or null for a malformed or oversized token or e-mail. */
  private static publisherOfWellFormed(email: string, token: string): number | null {
    if (token.length > 200 || email.length > 254) return null;
    return publisherIdOfToken(token);
  }

  private static belongs(row: LiveSessionRow, email: string, tokenPublisherId: number): boolean {
    return row.email === email.trim().toLowerCase() && row.publisherId === tokenPublisherId;
  }

  private static dueTouch(row: LiveSessionRow): boolean {
    return Date.now() - row.lastSeenAt.getTime() > TOUCH_AFTER_MS;
  }

  /** The caller of a session row, made once per row read (a cached row serves many calls). */
  private static callerOf(row: LiveSessionRow): AuthContext {
    if (row.caller) return row.caller;
    const roles = new Set<Role>(['isLoggedIn', ...((row.roles ?? []) as Role[])]);
    if (row.isAdmin) roles.add('admin');
    return (row.caller = Object.freeze({
      sessionId: row.sessionId,
      userId: row.userId,
      email: row.email,
      isAdmin: row.isAdmin,
      userIdentifier: row.userIdentifier,
      publisherId: row.publisherId,
      roles: Object.freeze([...roles]) as Role[],
    }));
  }

  /** The cached live session of a token, while it still holds by the clock. */
  private cachedRow(token: string): LiveSessionRow | undefined {
    const cached = this.cache?.get(token);
    const now = Date.now();
    return cached &&
      cached.expiresAt.getTime() > now &&
      cached.lastSeenAt.getTime() > now - this.policy.idleMinutes * 60_000
      ? cached
      : undefined;
  }

  /** The live session of a token: from the cache while it still holds by the clock, else the database. */
  private async liveRow(token: string): Promise<LiveSessionRow | undefined> {
    const cached = this.cachedRow(token);
    if (cached) return cached;
    // A cached session that looks expired or idle is asked again: another server may have seen it since.
    const generation = this.cache?.begin() ?? 0;
    const [found] = await this.liveByToken.execute({ tokenHash: hashToken(token) });
    const row = SessionService.usable(found);
    if (row) this.cache?.set(token, row, generation);
    else this.cache?.delete(token);
    return row;
  }

  /**
   * Whether a session resolved earlier still holds, by the same rules as resolve, for channels that keep
   * no token (the co-editing sockets).
   */
  async isLive(sessionId: number): Promise<boolean> {
    const [found] = await this.liveById.execute({ sessionId });
    return SessionService.usable(found) !== undefined;
  }

  async end(sessionId: number): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id, sessionId));
    // The change feed tells every server; this one forgets at once.
    this.cache?.clear();
  }

  /** Ends every session of a user (password change, removal). */
  async endAllForUser(userId: number): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
    this.cache?.clear();
  }
}
