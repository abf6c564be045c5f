// The Auto Highlight Review queue: who reviews for which publishers, the pending articles (sorted and
// paged on the server), an article's auto highlights, the suggestion limit, and the review writes.
import { and, asc, desc, eq, gt, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { caseless } from '@hc/db/order';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import { ALGO_SUGGESTIONS_SETTING } from '@hc/shared/api/pending';
import type { PendingReviewQuery, PendingReviewSort, ReviewAction } from '@hc/shared/api/review';
import { DEFAULT_ALGO_SUGGESTIONS } from '@hc/shared/constants';

const { articles, publishers, highlights, settings, userPublisherRoles, articleReviewFeedback, users } =
  schema;

export type ArticleRow = typeof articles.$inferSelect;
export type HighlightRow = typeof highlights.$inferSelect;

/** Publisher ids the caller reviews for; null means every publisher (admins). */
export type ReviewScope = number[] | null;

export const REVIEW_ROLE = 'apv_article_admin';

/** The article status each action leaves behind. */
export const STATUS_AFTER: Record<ReviewAction, 'done' | 'rejected' | 'manual'> = {
  done: 'done',
  reject: 'rejected',
  manual: 'manual',
};

const SORTS: Record<PendingReviewSort, SQLWrapper> = {
  created_at: articles.createdAt,
  title: caseless(articles.title),
  publisher_name: caseless(publishers.name),
  id: articles.id,
};

/** Best first: the order auto highlights are shown and limited in. */
const BEST_FIRST = [desc(highlights.recommendationScore), asc(highlights.id)];

const inScope = (scope: ReviewScope): SQL | undefined =>
  scope === null ? undefined : scope.length === 0 ? sql`false` : inArray(articles.publisherId, scope);

export class ReviewRepository {
  constructor(private readonly db: Db) {}

  /**
   * Admins review every publisher; others the publishers where they hold apv_article_admin (roles are
   * held per publisher, so acting for a publisher is not enough).
   */
  async scopeOf(caller: { userId: number; isAdmin: boolean }): Promise<ReviewScope> {
    if (caller.isAdmin) return null;
    const rows = await this.db
      .select({ id: userPublisherRoles.publisherId })
      .from(userPublisherRoles)
      .where(
        and(
          eq(userPublisherRoles.userId, caller.userId),
          sql`${REVIEW_ROLE} = any(${userPublisherRoles.roles})`,
        ),
      );
    return rows.map((r) => r.id);
  }

  async publisherExists(id: number): Promise<boolean> {
    const [row] = await this.db.select({ id: publishers.id }).from(publishers).where(eq(publishers.id, id));
    return row !== undefined;
  }

  /** Pending articles in scope (articles_review_idx / articles_publisher_review_idx). */
  async pendingCount(scope: ReviewScope): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(articles)
      .where(and(eq(articles.reviewStatus, 'pending'), inScope(scope)));
    return Number(row?.n ?? 0);
  }

  async pendingPage(scope: ReviewScope, query: PendingReviewQuery) {
    const dir = query.order_by === 'asc' ? asc : desc;
    const order = [dir(SORTS[query.sort_by]), dir(articles.id)];
    // The page's ids first (the sort needs only the article and its publisher's name), then the page's
    // rows with their best highlight and lock holder: read for every pending article before the OFFSET
    // dropped them, those cost ~190 ms a deep page at 5,000 pending articles.
    const pageIds = this.db
      .select({ id: articles.id })
      .from(articles)
      .innerJoin(publishers, eq(publishers.id, articles.publisherId))
      .where(and(eq(articles.reviewStatus, 'pending'), inScope(scope)))
      .orderBy(...order)
      .limit(query.per)
      .offset((query.page - 1) * query.per);
    return this.db
      .select({
        article: articles,
        publisherName: publishers.name,
        highlightId: sql<
          number | null
        >`(select h.id from ${highlights} h where h.article_id = ${articles.id} order by h.recommendation_score desc, h.id asc limit 1)`.mapWith(
          (v: unknown) => (v === null ? null : Number(v)),
        ),
        /** The holder of a live lock on the article, else null. */
        lockedBy: users.email,
      })
      .from(articles)
      .innerJoin(publishers, eq(publishers.id, articles.publisherId))
      .leftJoin(users, and(eq(users.id, articles.lockHolderUserId), gt(articles.lockExpiresAt, sql`now()`)))
      .where(inArray(articles.id, pageIds))
      .orderBy(...order);
  }

  async article(id: number): Promise<ArticleRow | undefined> {
    const [row] = await this.db.select().from(articles).where(eq(articles.id, id));
    return row;
  }

  /** numberOfAlgoSuggestions: the publisher's setting, else the global one, else the default. */
  async algoLimit(publisherId: number): Promise<number> {
    const [row] = await this.db
      .select({ value: settings.value })
      .from(settings)
      .where(
        and(
          eq(settings.key, ALGO_SUGGESTIONS_SETTING),
          or(eq(settings.publisherId, publisherId), isNull(settings.publisherId)),
        ),
      )
      .orderBy(sql`${settings.publisherId} nulls last`)
      .limit(1);
    const n = Number(row?.value);
    return Number.isInteger(n) && n >= 1 && n <= 50 ? n : DEFAULT_ALGO_SUGGESTIONS;
  }

  /** The article's highlights, best first (at most `limit` when given). */
  async articleHighlights(articleId: number, limit?: number): Promise<HighlightRow[]> {
    const q = this.db
      .select()
      .from(highlights)
      .where(eq(highlights.articleId, articleId))
      .orderBy(...BEST_FIRST);
    return limit === undefined ? q : q.limit(limit);
  }

  /**
   * Moves a pending article to its reviewed status. The WHERE on 'pending' is the race guard: of two
   * concurrent reviews the second waits for the first's row lock, re-reads the row and matches nothing.
   */
  async claim(articleId: number, action: ReviewAction): Promise<boolean> {
    const rows = await this.db
      .update(articles)
      .set({ reviewStatus: STATUS_AFTER[action] })
      .where(and(eq(articles.id, articleId), eq(articles.reviewStatus, 'pending')))
      .returning({ id: articles.id });
    return rows.length === 1;
  }

  async insertFeedback(rows: (typeof articleReviewFeedback.$inferInsert)[]): Promise<void> {
    if (rows.length > 0) await this.db.insert(articleReviewFeedback).values(rows);
  }
}
