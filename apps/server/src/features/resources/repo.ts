// Post-on-google resources kept on highlights: the highlights still holding resources of a type, and
// publishing (removing) some of them, always within the caller's publisher.
import { and, eq, sql } from 'drizzle-orm';
import { indexOrders } from '@hc/db/order';
import { queryRows, type Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import { SEARCH_RESULT_LIMIT } from '@hc/shared/constants';
import { writeAudit } from '../audit/writer.ts';

const { highlights } = schema;

export type Resource = (typeof highlights.$inferSelect)['resources'][number];

export class ResourceRepository {
  constructor(private readonly db: Db) {}

  /** Newest first; `resources @> [{type}]` is answered by the GIN (jsonb_path_ops) index. */
  async list(publisherId: number, type: string, page: number, per: number) {
    const where = and(
      eq(highlights.publisherId, publisherId),
      sql`${highlights.resources} @> ${JSON.stringify([{ type }])}::jsonb`,
    );
    const [rows, countRows] = await Promise.all([
      this.db
        .select()
        .from(highlights)
        .where(where)
        .orderBy(...indexOrders([highlights.publishedAt, highlights.id], 'desc'))
        .limit(per)
        .offset((page - 1) * per),
      queryRows<{ n: number }>(
        this.db,
        sql`select count(*)::int as n from (select 1 from ${highlights} where ${where} limit ${SEARCH_RESULT_LIMIT + 1}) capped`,
      ),
    ]);
    return { rows, count: Number(countRows[0]?.n ?? 0) };
  }

  /**
   * Removes the published resources from the highlight in one transaction (row locked) and records the
   * action. Ids already gone change nothing. Returns the remaining resources, or null when the highlight
   * is not the publisher's.
   */
  async publish(
    actor: { publisherId: number; userId: number },
    highlightId: number,
    resourceIds: string[],
  ): Promise<Resource[] | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ resources: highlights.resources })
        .from(highlights)
        .where(and(eq(highlights.publisherId, actor.publisherId), eq(highlights.id, highlightId)))
        .for('update');
      if (!row) return null;
      const published = new Set(resourceIds);
      const remaining = row.resources.filter((r) => !published.has(r.id));
      const removed = row.resources.filter((r) => published.has(r.id)).map((r) => r.id);
      if (removed.length > 0) {
        await tx.update(highlights).set({ resources: remaining }).where(eq(highlights.id, highlightId));
      }
      await writeAudit(tx, {
        publisherId: actor.publisherId,
        userId: actor.userId,
        actionName: 'publish',
        objectId: String(highlightId),
        objectType: 'highlight',
        payload: { requested: resourceIds, removed, remaining: remaining.map((r) => r.id) },
      });
      return remaining;
    });
  }
}
