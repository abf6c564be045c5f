// What the server asks of whoever answers for callers, pending counts and co-editing access: the local
// services, or the upstream editor API when the console runs in front of one. The proxy implements these
// without depending on the context that holds them.
import type { CollabDocRef } from '@hc/shared/api/collab';
import type { PendingCounts } from '@hc/shared/api/pending';
import type { AuthContext } from './features/auth/sessions.ts';
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
