// Auto Highlight Review feedback; the queue itself is articles.review_status.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './core.ts';
import { articles, highlights } from './highlights.ts';

export type ReviewActionType = 'done' | 'reject' | 'manual';

/** One row per reviewed highlight per submission. Ratings: 0 Good / Yes, 1 Bad / No. */
export const articleReviewFeedback = pgTable(
  'article_review_feedback',
  {
    id: serial('id').primaryKey(),
    articleId: bigint('article_id', { mode: 'number' })
      .notNull()
      .references(() => articles.id, { onDelete: 'cascade' }),
    highlightId: bigint('highlight_id', { mode: 'number' })
      .notNull()
      .references(() => highlights.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    apvQuality: integer('apv_quality'),
    apvReason: text('apv_reason'),
    tvQuality: integer('tv_quality'),
    tvReason: text('tv_reason'),
    actionType: text('action_type').$type<ReviewActionType>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('article_review_feedback_article_idx').on(t.articleId, t.createdAt),
    index('article_review_feedback_highlight_idx').on(t.highlightId),
    check('article_review_feedback_action_ck', sql`${t.actionType} in ('done', 'reject', 'manual')`),
    check('article_review_feedback_apv_ck', sql`${t.apvQuality} is null or ${t.apvQuality} in (0, 1)`),
    check('article_review_feedback_tv_ck', sql`${t.tvQuality} is null or ${t.tvQuality} in (0, 1)`),
  ],
);
