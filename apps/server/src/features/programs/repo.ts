// Live programs of one publisher: the searched, sorted page with a capped count, and one program with
// its highlights. Every read is scoped to the publisher.
import { and, eq, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { caseless, indexOrders } from '@hc/db/order';
import { prefixTsQuery } from '@hc/db/text-search';
import { queryRows, type Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import { PROGRAM_HIGHLIGHTS_LIMIT, type ProgramListQuery, type ProgramSort } from '@hc/shared/api/programs';
import { SEARCH_RESULT_LIMIT } from '@hc/shared/constants';

const { programs, programHighlights } = schema;

export type ProgramRow = typeof programs.$inferSelect;
export type ProgramHighlightRow = typeof programHighlights.$inferSelect;

const SORTS: Record<ProgramSort, SQLWrapper> = {
  start_time: programs.startTime,
  program_name: caseless(programs.programName),
  program_id: programs.id,
};

/** program_id search: the exact id, or the broadcaster's external id (btree (publisher_id, external_program_id)). */
function idQuery(text: string): SQL | undefined {
  const asId = /^\d+$/.test(text) ? Number(text) : NaN;
  const byExternal = eq(programs.externalProgramId, text);
  return Number.isSafeInteger(asId) && asId <= 2_147_483_647
    ? or(eq(programs.id, asId), byExternal)
    : byExternal;
}

export interface ProgramPage {
  rows: ProgramRow[];
  /** Capped at SEARCH_RESULT_LIMIT + 1, like the highlight list. */
  count: number;
}

export class ProgramRepository {
  constructor(private readonly db: Db) {}

  async list(publisherId: number, query: ProgramListQuery): Promise<ProgramPage> {
    const filters: (SQL | undefined)[] = [eq(programs.publisherId, publisherId)];
    const text = query.search_text ?? '';
    if (text !== '') {
      if (query.search_type === 'program_id') filters.push(idQuery(text));
      else {
        const ts = prefixTsQuery(text);
        filters.push(ts ? sql`${programs.searchVector} @@ ${ts}` : sql`false`);
      }
    }
    const where = and(...filters);
    // The id breaks ties so paging is stable; each sort walks its (publisher_id, column, id) index.
    const orderBy = indexOrders([SORTS[query.sort_by], programs.id], query.order_by);

    const [rows, countRows] = await Promise.all([
      this.db
        .select()
        .from(programs)
        .where(where)
        .orderBy(...orderBy)
        .limit(query.per)
        .offset((query.page - 1) * query.per),
      queryRows<{ n: number }>(
        this.db,
        sql`select count(*)::int as n from (select 1 from ${programs} where ${where} limit ${SEARCH_RESULT_LIMIT + 1}) capped`,
      ),
    ]);
    return { rows, count: Number(countRows[0]?.n ?? 0) };
  }

  async find(publisherId: number, id: number): Promise<ProgramRow | undefined> {
    const [row] = await this.db
      .select()
      .from(programs)
      .where(and(eq(programs.publisherId, publisherId), eq(programs.id, id)));
    return row;
  }

  /** Newest first (program_highlights_program_idx), at most PROGRAM_HIGHLIGHTS_LIMIT. */
  async highlights(programId: number): Promise<ProgramHighlightRow[]> {
    return this.db
      .select()
      .from(programHighlights)
      .where(eq(programHighlights.programId, programId))
      .orderBy(...indexOrders([programHighlights.createdAt, programHighlights.hldId], 'desc'))
      .limit(PROGRAM_HIGHLIGHTS_LIMIT);
  }
}
