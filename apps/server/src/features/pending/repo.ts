// Counts behind the menu badges and the tool settings list.
import { and, asc, eq, gte, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type { Setting } from '@hc/shared/api/pending';
import { LOOK_BACK_DAYS, type VERTICAL_CONTENT_TYPES } from '@hc/shared/constants';

const { verticalTasks, settings } = schema;

type ContentType = (typeof VERTICAL_CONTENT_TYPES)[number];

export class PendingRepository {
  constructor(private readonly db: Db) {}

  /**
   * Vertical tasks in review of the publisher discovered within the look-back, per content type (the
   * menu's page 1, per 1, from 120, status review query; vertical_tasks_list_idx).
   */
  async verticalReviewCounts(publisherId: number): Promise<Record<ContentType, number>> {
    const rows = await this.db
      .select({ type: verticalTasks.contentType, n: sql<number>`count(*)::int` })
      .from(verticalTasks)
      .where(
        and(
          eq(verticalTasks.publisherId, publisherId),
          eq(verticalTasks.status, 'review'),
          // As the review lists: an approved task whose render is on its way is no longer pending.
          or(isNull(verticalTasks.renderState), ne(verticalTasks.renderState, 'queued')),
          gte(verticalTasks.createdAt, sql`now() - make_interval(days => ${LOOK_BACK_DAYS})`),
        ),
      )
      .groupBy(verticalTasks.contentType);
    const counts: Record<ContentType, number> = { highlight: 0, full_video: 0 };
    for (const r of rows) counts[r.type] = Number(r.n);
    return counts;
  }

  /** Global settings overlaid with the publisher's own (one entry per key), sorted by key. */
  async settings(publisherId: number, limit: number): Promise<Setting[]> {
    const rows = await this.db
      .selectDistinctOn([settings.key], { key: settings.key, value: settings.value })
      .from(settings)
      .where(or(eq(settings.publisherId, publisherId), isNull(settings.publisherId)))
      .orderBy(asc(settings.key), sql`${settings.publisherId} nulls last`)
      .limit(limit);
    return rows;
  }
}
