// The caller's pending counts (menu badges and the user menu total), one definition for GET
// pending_counts and for the counts the live channel pushes.
import type { Db } from '@hc/db/client';
import type { PendingCounts } from '@hc/shared/api/pending';
import type { AuthContext } from '../auth/sessions.ts';
import { REVIEW_ROLE, ReviewRepository, type ReviewScope } from '../review/repo.ts';
import { PendingRepository } from './repo.ts';

export const mayReview = (caller: AuthContext) => caller.isAdmin || caller.roles.includes(REVIEW_ROLE);
export const mayVertical = (caller: AuthContext) =>
  caller.isAdmin || caller.roles.includes('switch_publisher');

export class PendingCountsService {
  private readonly pending: PendingRepository;
  private readonly review: ReviewRepository;

  constructor(db: Db) {
    this.pending = new PendingRepository(db);
    this.review = new ReviewRepository(db);
  }

  /** Vertical counts of the caller's publisher, zero when the role does not reach the queue. */
  async vertical(caller: AuthContext) {
    return mayVertical(caller)
      ? this.pending.verticalReviewCounts(caller.publisherId)
      : { highlight: 0, full_video: 0 };
  }

  /** The publishers whose review queue the caller counts (null: all, for admins; [] without the role). */
  async reviewScope(caller: AuthContext): Promise<ReviewScope> {
    return mayReview(caller) ? this.review.scopeOf(caller) : [];
  }

  /** What forCaller's answer depends on: the vertical queue of the publisher, the review scope. */
  shareKey(caller: AuthContext, scope: ReviewScope): string {
    return `${mayVertical(caller) ? caller.publisherId : '-'}|${scope === null ? '*' : scope.join(',')}`;
  }

  async forCaller(caller: AuthContext, scope?: ReviewScope): Promise<PendingCounts> {
    const reviewScope = scope === undefined ? await this.reviewScope(caller) : scope;
    const [autoHighlightReview, vertical] = await Promise.all([
      reviewScope !== null && reviewScope.length === 0
        ? Promise.resolve(0)
        : this.review.pendingCount(reviewScope),
      this.vertical(caller),
    ]);
    return {
      autoHighlightReview,
      verticalFullContent: vertical.full_video,
      verticalHighlight: vertical.highlight,
      tasksTotal: autoHighlightReview + vertical.full_video + vertical.highlight,
    };
  }
}
