// The quick search's lookups: one kind's rows of a publisher whose words start with what was typed
// (GIN-indexed 'simple' vectors, @hc/db/text-search) or whose id is what was typed, ranked: an exact id
// first, then ts_rank of the words.
import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import { prefixTsQuery } from '@hc/db/text-search';

const { packages, stories, programs, verticalTasks } = schema;
/** An id typed as a number is looked up as one only within the range of the id columns. */
const MAX_ID = 2_147_483_647;

/** What was typed, read once for every kind. */
export interface SearchTerms {
  text: string;
  words: SQL | null;
  asId: number | null;
  limit: number;
}

export const searchTerms = (text: string, limit: number): SearchTerms => ({
  text,
  words: prefixTsQuery(text),
  asId: /^\d{1,10}$/.test(text) && Number(text) <= MAX_ID ? Number(text) : null,
  limit,
});

export interface FoundRow {
  id: string;
  title: string;
  score: number;
}

interface Searched {
  publisherId: AnyPgColumn;
  id: AnyPgColumn;
  title: AnyPgColumn;
  vector: AnyPgColumn;
  /** A text key (a package's embed id), matched as typed rather than as a number. */
  textId?: boolean;
}

export class SearchRepository {
  constructor(private readonly db: Db) {}

  packages(publisherId: number, terms: SearchTerms) {
    return this.find(packages, publisherId, terms, {
      publisherId: packages.publisherId,
      id: packages.embedId,
      textId: true,
      title: packages.name,
      vector: packages.searchVector,
    });
  }

  stories(publisherId: number, terms: SearchTerms) {
    return this.find(stories, publisherId, terms, {
      publisherId: stories.publisherId,
      id: stories.id,
      title: stories.title,
      vector: stories.searchVector,
    });
  }

  programs(publisherId: number, terms: SearchTerms) {
    return this.find(programs, publisherId, terms, {
      publisherId: programs.publisherId,
      id: programs.id,
      title: programs.programName,
      vector: programs.searchVector,
    });
  }

  /** Vertical tasks, with what decides which list opens them. */
  verticalTasks(publisherId: number, terms: SearchTerms) {
    return this.find(
      verticalTasks,
      publisherId,
      terms,
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
    ) as Promise<(FoundRow & { contentType: string; status: string })[]>;
  }

  private async find(
    table: PgTable,
    publisherId: number,
    { text, words, asId, limit }: SearchTerms,
    columns: Searched,
    extra: Record<string, SQL> = {},
  ): Promise<FoundRow[]> {
    const { id, title, vector } = columns;
    const idMatch = columns.textId ? sql`${id} = ${text}` : asId === null ? null : sql`${id} = ${asId}`;
    const matches = [words ? sql`${vector} @@ ${words}` : undefined, idMatch ?? undefined].filter(
      (m): m is SQL => m !== undefined,
    );
    if (matches.length === 0) return [];
    const score = sql<number>`(case when ${idMatch ?? sql`false`} then 10 else 0 end) + ${
      words ? sql`ts_rank(${vector}, ${words})` : sql`0`
    }`;
    const rows = await this.db
      .select({ id: sql<string>`${id}::text`, title: sql<string>`${title}`, score, ...extra })
      .from(table)
      .where(and(eq(columns.publisherId, publisherId), or(...matches)))
      .orderBy(desc(score), desc(id))
      .limit(limit);
    return rows.map((row) => ({ ...row, score: Number(row.score) }));
  }
}
