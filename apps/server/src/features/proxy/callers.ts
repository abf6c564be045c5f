// Proxy mode: who is calling, asked of the upstream editor API (sessions live there, not here). The live
// channel, the collab tickets and sockets and the job dashboard need an AuthContext; this builds one from
// the upstream's GET user_info/show in the caller's name.
// - A positive answer is cached for CACHE_MS, keyed by a hash of e-mail and token (the token itself is
//   never a key nor logged). A refusal is never cached: a login right after it must work.
// - The upstream has no session or user numbers to give: both are derived from hashes (the session's from
//   e-mail + token, the user's from the e-mail), stable across processes, used for socket rooms and grants.
// - isLive (collab sockets keep a session id, not a token) re-asks the upstream with the credentials this
//   process saw; a session another process saw is live while its Redis mark is (refreshed by every
//   positive answer anywhere, dropped by a refusal or a logout).
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { userInfoSchema } from '@hc/shared/api/auth';
import type { Role } from '@hc/shared/constants';
import type { AuthContext } from '../auth/sessions.ts';
import type { CallerResolver } from '../../caller-contracts.ts';
import { HttpError } from '../../plugins/errors.ts';
import { messages } from '@hc/shared/messages';
import { UpstreamError, type EditorApiUpstream, type UpstreamCredentials } from './upstream.ts';

const CACHE_MS = 10_000;
/** Longer than the live channel's 15 s re-check, so an open tab keeps its mark alive. */
const LIVE_MARK_SECONDS = 45;
const MAX_CACHED = 10_000;
export const USER_INFO_PATH = '/api/v1/editor/user_info/show';

const sha256 = (text: string) => createHash('sha256').update(text).digest();
/** A positive integer below 2^48 (a safe integer that fits the ids' columns in spirit) from a hash. */
const idFromHash = (digest: Buffer) => digest.readUIntBE(0, 6) || 1;

export const credentialsKey = ({ email, token }: UpstreamCredentials) =>
  sha256(`${email.trim().toLowerCase()}\0${token}`).toString('hex');

/** The session number of these credentials in proxy mode (the same in every console process). */
export const proxySessionId = (credentials: UpstreamCredentials) =>
  idFromHash(Buffer.from(credentialsKey(credentials), 'hex'));
const proxyUserId = (email: string) => idFromHash(sha256(`user\0${email.trim().toLowerCase()}`));

export class UpstreamCallers implements CallerResolver {
  private readonly cache = new Map<string, { auth: AuthContext; at: number }>();
  /** Credentials seen per session number, so isLive can ask the upstream again. */
  private readonly seen = new Map<number, UpstreamCredentials>();

  constructor(
    private readonly upstream: EditorApiUpstream,
    private readonly redis: Redis,
  ) {}

  private liveMark(sessionId: number) {
    return `proxy:session-live:${sessionId}`;
  }

  async resolve(email: string, token: string): Promise<AuthContext | null> {
    const credentials = { email, token };
    const key = credentialsKey(credentials);
    const hit = this.cache.get(key);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.auth;

    const sessionId = proxySessionId(credentials);
    let answer: { status: number; body: unknown };
    try {
      answer = await this.upstream.json('GET', USER_INFO_PATH, credentials);
    } catch (error) {
      if (error instanceof UpstreamError) throw error.toHttpError();
      throw error;
    }
    if (answer.status === 401 || answer.status === 403 || answer.status === 404) {
      await this.forget(credentials);
      return null;
    }
    const parsed = userInfoSchema.safeParse((answer.body as { data?: unknown } | undefined)?.data);
    if (answer.status !== 200 || !parsed.success) throw new HttpError(502, [messages.editorApiFailed]);

    const info = parsed.data;
    const roles = new Set<Role>(['isLoggedIn', ...info.roles]);
    const auth: AuthContext = {
      sessionId,
      userId: proxyUserId(info.email),
      email: info.email,
      isAdmin: roles.has('admin'),
      userIdentifier: info.user_identifier,
      publisherId: info.publisher.id,
      roles: [...roles],
    };
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    if (this.seen.size >= MAX_CACHED) this.seen.clear();
    this.cache.set(key, { auth, at: Date.now() });
    this.seen.set(sessionId, credentials);
    await this.redis.set(this.liveMark(sessionId), '1', 'EX', LIVE_MARK_SECONDS);
    return auth;
  }

  async isLive(sessionId: number): Promise<boolean> {
    const credentials = this.seen.get(sessionId);
    if (credentials) {
      // Past the cache: a session ended upstream must close the socket at this check.
      this.cache.delete(credentialsKey(credentials));
      return (await this.resolve(credentials.email, credentials.token)) !== null;
    }
    return (await this.redis.exists(this.liveMark(sessionId))) === 1;
  }

  recentPublisherIds(ms: number): number[] {
    const since = Date.now() - ms;
    const ids = new Set<number>();
    for (const { auth, at } of this.cache.values()) if (at >= since) ids.add(auth.publisherId);
    return [...ids];
  }

  /** The session ended (a refusal, a forwarded logout or publisher switch): drop what is kept of it. */
  async forget(credentials: UpstreamCredentials): Promise<void> {
    const sessionId = proxySessionId(credentials);
    this.cache.delete(credentialsKey(credentials));
    this.seen.delete(sessionId);
    await this.redis.del(this.liveMark(sessionId));
  }
}
