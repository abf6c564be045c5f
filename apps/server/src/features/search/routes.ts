// The quick search behind Ctrl+K: packages, stories, programs and vertical tasks of the caller's
// publisher whose words start with what was typed (GIN-indexed 'simple' vectors, @hc/db/text-search), or
// whose id is the number typed. Each kind only for a caller whose roles open its screen, at most `limit`
// of each, ranked: an exact id first, then ts_rank of the words.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { schema } from '@hc/db/schema';
import { prefixTsQuery } from '@hc/db/text-search';
import { canAccess, PERMISSIONS } from '@hc/shared/access';
import { okEnvelope } from '@hc/shared/api/envelope';
import {
  searchQuerySchema,
  searchResultsSchema,
  type SearchKind,
  type SearchResult,
} from '@hc/shared/api/search';
import type { AppContext } from '../../context.ts';
import { callerOf } from '../../plugins/auth.ts';

const { packages, stories, programs, verticalTasks } = schema;
/** An id typed as a number is looked up as one only within the range of the id columns. */
const MAX_ID = 2_147_483_647;

export async function searchRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/search',
    { schema: { querystring: searchQuerySchema, response: { 200: okEnvelope(searchResultsSchema) } } },
    async (request) => {
      const caller = callerOf(request);
      const { q, limit } = request.query;
      const words = prefixTsQuery(q);
      const asId = /^\d{1,10}$/.test(q) && Number(q) <= MAX_ID ? Number(q) : null;
      const may = (rule: (typeof PERMISSIONS)[keyof typeof PERMISSIONS]) => canAccess(rule, caller.roles);

      /** One kind's rows: matched by words or id, ranked, within the caller's publisher. */
      const find = async (
        kind: SearchKind,
        table: PgTable,
        columns: {
          publisherId: AnyPgColumn;
          id: AnyPgColumn;
          title: AnyPgColumn;
          vector: AnyPgColumn;
          /** A text key (a package's embed id), matched as typed rather than as a number. */
          textId?: boolean;
        },
        extra: Record<string, SQL> = {},
      ) => {
        const { id, title, vector } = columns;
        const idMatch = columns.textId ? sql`${id} = ${q}` : asId === null ? null : sql`${id} = ${asId}`;
        const matches = [words ? sql`${vector} @@ ${words}` : undefined, idMatch ?? undefined].filter(
          (m): m is SQL => m !== undefined,
        );
        if (matches.length === 0) return [];
        const score = sql<number>`(case when ${idMatch ?? sql`false`} then 10 else 0 end) + ${
          words ? sql`ts_rank(${vector}, ${words})` : sql`0`
        }`;
        return ctx.db
          .select({ id: sql<string>`${id}::text`, title: sql<string>`${title}`, score, ...extra })
          .from(table)
          .where(and(eq(columns.publisherId, caller.publisherId), or(...matches)))
          .orderBy(desc(score), desc(id))
          .limit(limit)
          .then((rows) => rows.map((row) => ({ kind, ...row, score: Number(row.score) })));
      };

      const results: SearchResult[] = [];
      const lookups: Promise<void>[] = [];
      if (may(PERMISSIONS.packages))
        lookups.push(
          find('package', packages, {
            publisherId: packages.publisherId,
            id: packages.embedId,
            textId: true,
            title: packages.name,
            vector: packages.searchVector,
          }).then((rows) => {
            // The editor's path ends with a time stamp that makes each opening a fresh load.
            for (const r of rows) results.push({ ...r, path: `/packages/editor/${r.id}/${Date.now()}` });
          }),
        );
      if (may(PERMISSIONS.stories))
        lookups.push(
          find('story', stories, {
            publisherId: stories.publisherId,
            id: stories.id,
            title: stories.title,
            vector: stories.searchVector,
          }).then((rows) => {
            for (const r of rows) results.push({ ...r, path: `/stamp/${r.id}` });
          }),
        );
      if (may(PERMISSIONS.stream))
        lookups.push(
          find('program', programs, {
            publisherId: programs.publisherId,
            id: programs.id,
            title: programs.programName,
            vector: programs.searchVector,
          }).then((rows) => {
            for (const r of rows) results.push({ ...r, path: `/highlights/live/stream/program/${r.id}` });
          }),
        );
      if (may(PERMISSIONS.view)) {
        const review = may(PERMISSIONS.review);
        lookups.push(
          find(
            'vertical_task',
            verticalTasks,
            {
              publisherId: verticalTasks.publisherId,
              id: verticalTasks.videoId,
              title: verticalTasks.title,
              vector: verticalTasks.searchVector,
            },
            {
              contentType: sql<string>`${verticalTasks.contentType}`,
              status: sql<string>`${verticalTasks.status}`,
            },
          ).then((rows) => {
            for (const { contentType, status, ...r } of rows as (SearchResult & {
              contentType: string;
              status: string;
            })[]) {
              // A task waiting for review opens in the review list (for reviewers), any other in the view.
              const base = contentType === 'full_video' ? '/vertical' : '/highlights/live/vertical';
              const list = status === 'review' && review ? 'review' : 'view';
              results.push({ ...r, path: `${base}/${list}` });
            }
          }),
        );
      }
      await Promise.all(lookups);
      results.sort((a, b) => b.score - a.score || a.title.localeCompare(b.title));
      return { success: true as const, data: { results } };
    },
  );
}
