// Proxy mode: a caller's pending counts come from the upstream's GET pending_counts, asked in that
// caller's own name, so the live channel pushes exactly what the browser's poll would read there.
import { pendingCountsSchema, type PendingCounts } from '@hc/shared/api/pending';
import { messages } from '@hc/shared/messages';
import type { AuthContext } from '../auth/sessions.ts';
import type { PendingCountsSource } from '../../caller-contracts.ts';
import { HttpError } from '../../plugins/errors.ts';
import { mayReview } from '../pending/counts.ts';
import type { ReviewScope } from '../review/repo.ts';
import type { EditorApiUpstream, UpstreamCredentials } from './upstream.ts';

export const PENDING_COUNTS_PATH = '/api/v1/editor/pending_counts';

export class UpstreamPendingCounts implements PendingCountsSource {
  constructor(private readonly upstream: EditorApiUpstream) {}

  /**
   * Which publishers a reviewer covers is the upstream's business: every reviewer counts as covering all,
   * so any change re-asks each reviewer's counts (a few more calls, never a missed push).
   */
  async reviewScope(caller: AuthContext): Promise<ReviewScope> {
    return mayReview(caller) ? null : [];
  }

  /** The upstream answers each caller in its own name: nothing is shared. */
  shareKey(caller: AuthContext): string {
    return `${caller.userId}:${caller.publisherId}:${caller.roles.join(',')}`;
  }

  async forCaller(
    _caller: AuthContext,
    _scope: ReviewScope | undefined,
    credentials: UpstreamCredentials,
  ): Promise<PendingCounts> {
    const { status, body } = await this.upstream.json('GET', PENDING_COUNTS_PATH, credentials);
    const parsed = pendingCountsSchema.safeParse((body as { data?: unknown } | undefined)?.data);
    if (status !== 200 || !parsed.success) throw new HttpError(502, [messages.editorApiFailed]);
    return parsed.data;
  }
}
