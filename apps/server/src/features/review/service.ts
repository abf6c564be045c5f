// Auto Highlight Review: scoping of the queue and the feedback submission. The form
// rules are re-checked here with the shared reviewFormError; the article is claimed with a conditional
// UPDATE so only one review of it can ever succeed; feedback rows, the status and the audit row are
// written in one transaction, which starts by holding the reviewer's live lease of the article.
import type { Db } from '@hc/db/client';
import {
  reviewErrors,
  reviewFormError,
  type PendingReviewQuery,
  type SubmitFeedbackBody,
} from '@hc/shared/api/review';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { conflict, HttpError, notFound } from '../../plugins/errors.ts';
import { TaskLockService } from '../locks/service.ts';
import { ReviewRepository, STATUS_AFTER, type ArticleRow, type ReviewScope } from './repo.ts';
import { writeAudit } from '../audit/writer.ts';

export interface Reviewer {
  userId: number;
  isAdmin: boolean;
}

const unprocessable = (message: string) => new HttpError(422, [message]);

export class ReviewService {
  private readonly db: Db;
  private readonly repo: ReviewRepository;
  private readonly locks: TaskLockService;

  constructor(private readonly ctx: AppContext) {
    this.db = ctx.db;
    this.repo = new ReviewRepository(ctx.db);
    this.locks = new TaskLockService(ctx);
  }

  /** The publishers a listing covers: the filter when the caller may review it (else 404), else the scope. */
  async listScope(caller: Reviewer, publisher: number | undefined): Promise<ReviewScope> {
    const scope = await this.repo.scopeOf(caller);
    if (publisher === undefined) return scope;
    const allowed = scope === null ? await this.repo.publisherExists(publisher) : scope.includes(publisher);
    if (!allowed) throw notFound();
    return [publisher];
  }

  async pending(caller: Reviewer, query: PendingReviewQuery) {
    const scope = await this.listScope(caller, query.publisher);
    const countOnly = query.page === 0 || query.per === 0;
    const [rows, count] = await Promise.all([
      countOnly ? Promise.resolve([]) : this.repo.pendingPage(scope, query),
      this.repo.pendingCount(scope),
    ]);
    return { rows, count };
  }

  /** The caller's pending count (the badge): every publisher they review for. */
  async pendingCount(caller: Reviewer): Promise<number> {
    return this.repo.pendingCount(await this.repo.scopeOf(caller));
  }

  /** An article the caller reviews for, else 404 (nothing is said about other publishers' articles). */
  async article(caller: Reviewer, articleId: number): Promise<ArticleRow> {
    const [scope, article] = await Promise.all([this.repo.scopeOf(caller), this.repo.article(articleId)]);
    if (!article || (scope !== null && !scope.includes(article.publisherId))) throw notFound();
    return article;
  }

  async autoHighlights(caller: Reviewer, articleId: number) {
    const article = await this.article(caller, articleId);
    const limit = await this.repo.algoLimit(article.publisherId);
    return { limit, rows: await this.repo.articleHighlights(article.id, limit) };
  }

  /**
   * POST highlights/submit_feedback with the fencing number of the caller's lease on the article.
   * Returns the caller's pending count afterwards.
   */
  async submit(caller: AuthContext, body: SubmitFeedbackBody, fence: number | undefined): Promise<number> {
    const article = await this.article(caller, body.article_id);
    if (article.reviewStatus !== 'pending') throw conflict(reviewErrors.alreadyReviewed);

    const all = await this.repo.articleHighlights(article.id);
    const limit = await this.repo.algoLimit(article.publisherId);
    const ids = new Set(all.map((h) => h.id));
    // Highlights of other articles or publishers are unknown here, as everywhere.
    if (body.feedback.some((f) => !ids.has(f.id))) throw notFound();
    if (body.highlight_id != null && !ids.has(body.highlight_id)) throw notFound();
    const shown = all.slice(0, limit).map((h) => h.id);
    const error = reviewFormError(body.action_type, shown, body.feedback);
    if (error) throw unprocessable(error);

    await this.db.transaction(async (tx) => {
      const repo = new ReviewRepository(tx);
      if (!(await repo.claim(article.id, body.action_type))) throw conflict(reviewErrors.alreadyReviewed);
      // The claim row-locked the article: the lease is checked while nobody can change it.
      await this.locks.holdForAction(tx, caller, 'article', article.id, fence);
      await repo.insertFeedback(
        body.feedback.map((f) => ({
          articleId: article.id,
          highlightId: f.id,
          userId: caller.userId,
          apvQuality: f.apv_quality,
          apvReason: f.apv_reason,
          tvQuality: f.tv_quality,
          tvReason: f.tv_reason,
          actionType: body.action_type,
        })),
      );
      await writeAudit(tx, {
        publisherId: article.publisherId,
        userId: caller.userId,
        actionName: body.action_type,
        objectId: String(article.id),
        objectType: 'article',
        payload: {
          before: { review_status: 'pending' },
          after: { review_status: STATUS_AFTER[body.action_type] },
          highlight_id: body.highlight_id ?? null,
          feedback: body.feedback,
        },
      });
    });
    this.ctx.live.countsChanged([article.publisherId]);
    await this.locks.releaseAfterAction(caller, 'article', article.id, fence);
    return this.pendingCount(caller);
  }
}
