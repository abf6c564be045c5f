// The vertical task list: filtered by publisher scope, look-back, status and content type, sorted on
// the server by several keys.
import { and, asc, desc, eq, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type { VerticalTaskListQuery } from '@hc/shared/api/vertical';

const { verticalTasks, publishers } = schema;

const SORTS: Record<NonNullable<VerticalTaskListQuery['sort_by[]']>[number], AnyPgColumn> = {
  updated_at: verticalTasks.updatedAt,
  created_at: verticalTasks.createdAt,
  generated_at: verticalTasks.generatedAt,
  duration: verticalTasks.durationSeconds,
  title: verticalTasks.title,
  channel: verticalTasks.channel,
  publisher_name: publishers.name,
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export class VerticalTaskRepository {
  constructor(private readonly db: Db) {}

  async list(publisherIds: number[], query: VerticalTaskListQuery) {
    const filters: (SQL | undefined)[] = [
      inArray(verticalTasks.publisherId, publisherIds),
      eq(verticalTasks.status, query.status as 'review'),
      gte(verticalTasks.createdAt, sql`now() - make_interval(days => ${query.from})`),
    ];
    if (query.content_type) filters.push(eq(verticalTasks.contentType, query.content_type));
    if (query.channel) filters.push(eq(verticalTasks.channel, query.channel));
    if (query.program) filters.push(eq(verticalTasks.programId, query.program));
    if (query.free_query) {
      const like = `%${escapeLike(query.free_query)}%`;
      filters.push(
        or(
          ilike(verticalTasks.title, like),
          ilike(verticalTasks.externalProgramId, like),
          ilike(verticalTasks.segmentId, like),
          sql`${verticalTasks.videoId}::text = ${query.free_query}`,
        ),
      );
    }
    const where = and(...filters);

    const sortBy = query['sort_by[]'] ?? ['updated_at'];
    const orderDir = query['order_dir[]'] ?? [];
    const orderBy = sortBy.map((key, i) =>
      (orderDir[i] ?? 'desc') === 'asc' ? asc(SORTS[key]) : desc(SORTS[key]),
    );
    orderBy.push(desc(verticalTasks.videoId));

    const per = query.per;
    const [rows, [total]] = await Promise.all([
      per === 0
        ? Promise.resolve([])
        : this.db
            .select({ task: verticalTasks, publisherName: publishers.name })
            .from(verticalTasks)
            .innerJoin(publishers, eq(publishers.id, verticalTasks.publisherId))
            .where(where)
            .orderBy(...orderBy)
            .limit(per)
            .offset(Math.max(query.page - 1, 0) * per),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(verticalTasks)
        .where(where),
    ]);
    const count = Number(total?.n ?? 0);
    return { rows, count, pages: per > 0 ? Math.ceil(count / per) : 0 };
  }

  /** Publisher ids in the given groups. */
  async publishersInGroups(groupIds: number[]): Promise<number[]> {
    const rows = await this.db
      .select({ id: publishers.id })
      .from(publishers)
      .where(inArray(publishers.groupId, groupIds));
    return rows.map((r) => r.id);
  }
}
