// Monetization setups: publishers and placements with or without a setup, the video and display config
// rows of publishers or one placement, A/B tests, the audit list, and the writes the service runs inside
// its transaction (rows locked while a save reads them).
import { and, asc, count, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { indexOrders } from '@hc/db/order';
import type { Db } from '@hc/db/client';
import type { AuditListRow } from './presenter.ts';
import { schema, type Schema } from '@hc/db/schema';
import { auditRange, type AuditQuery } from '@hc/shared/api/monetization';
import type { DisplayPlatform } from '@hc/shared/monetization/setup-form';

const { publishers, placements, videoConfigs, displayConfigs, abTests, monetizationAudits } = schema;

/** Text as a LIKE pattern matching it anywhere, its own % _ and \\ taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type AbTestRow = Schema['abTests']['$inferSelect'];
export type VideoConfigRecord = Schema['videoConfigs']['$inferSelect'];
export type DisplayConfigRecord = Schema['displayConfigs']['$inferSelect'];
export type AuditInsert = Schema['monetizationAudits']['$inferInsert'];

export interface Scope {
  publisherId: number;
  /** null: the publisher's own setup. */
  placementId: number | null;
}

/** A config row with the names of its scope and, for placements, the A/B test. */
export interface ScopedRow<T> {
  record: T;
  publisherName: string;
  placementName: string | null;
  abTest: AbTestRow | null;
}

const scopeIs = (table: typeof videoConfigs | typeof displayConfigs, scope: Scope) =>
  and(
    eq(table.publisherId, scope.publisherId),
    scope.placementId === null ? isNull(table.placementId) : eq(table.placementId, scope.placementId),
  );

export class MonetizationRepository {
  constructor(private readonly db: Db) {}

  /** Publishers with (true) or without (false) a publisher-level video setup, by name. */
  async publishersMonetized(monetized: boolean): Promise<{ id: number; name: string }[]> {
    const hasSetup = sql`exists (select 1 from ${videoConfigs} where ${videoConfigs.publisherId} = ${publishers.id} and ${videoConfigs.placementId} is null)`;
    return this.db
      .select({ id: publishers.id, name: publishers.name })
      .from(publishers)
      .where(monetized ? hasSetup : sql`not ${hasSetup}`)
      .orderBy(asc(publishers.name));
  }

  /** A publisher's placements, optionally only those with (true) or without (false) their own setup. */
  async placements(publisherId: number, monetized?: boolean) {
    const hasSetup = sql`exists (select 1 from ${videoConfigs} where ${videoConfigs.placementId} = ${placements.id})`;
    const conditions: SQL[] = [eq(placements.publisherId, publisherId)];
    if (monetized !== undefined) conditions.push(monetized ? hasSetup : sql`not ${hasSetup}`);
    return this.db
      .select({
        id: placements.id,
        name: placements.name,
        enable: placements.enable,
        platform: placements.platform,
        abMonetization: abTests.monetization,
      })
      .from(placements)
      .leftJoin(abTests, eq(abTests.placementId, placements.id))
      .where(and(...conditions))
      .orderBy(asc(placements.name));
  }

  async publisher(id: number): Promise<{ id: number; name: string } | undefined> {
    const [row] = await this.db
      .select({ id: publishers.id, name: publishers.name })
      .from(publishers)
      .where(eq(publishers.id, id));
    return row;
  }

  async placement(id: number): Promise<{ id: number; name: string; publisherId: number } | undefined> {
    const [row] = await this.db
      .select({ id: placements.id, name: placements.name, publisherId: placements.publisherId })
      .from(placements)
      .where(eq(placements.id, id));
    return row;
  }

  async abTest(placementId: number): Promise<AbTestRow | undefined> {
    const [row] = await this.db.select().from(abTests).where(eq(abTests.placementId, placementId));
    return row;
  }

  /** Video rows of some publishers (every level), or of one scope. */
  async videoRows(where: { publisherIds: number[] } | Scope): Promise<ScopedRow<VideoConfigRecord>[]> {
    const rows = await this.db
      .select({
        record: videoConfigs,
        publisherName: publishers.name,
        placementName: placements.name,
        abTest: abTests,
      })
      .from(videoConfigs)
      .innerJoin(publishers, eq(publishers.id, videoConfigs.publisherId))
      .leftJoin(placements, eq(placements.id, videoConfigs.placementId))
      .leftJoin(abTests, eq(abTests.placementId, videoConfigs.placementId))
      .where(
        'publisherIds' in where
          ? inArray(videoConfigs.publisherId, where.publisherIds)
          : scopeIs(videoConfigs, where),
      )
      .orderBy(asc(publishers.name), sql`${placements.name} asc nulls first`);
    return rows;
  }

  /** Display rows (two per scope), like videoRows. */
  async displayRows(where: { publisherIds: number[] } | Scope): Promise<ScopedRow<DisplayConfigRecord>[]> {
    return this.db
      .select({
        record: displayConfigs,
        publisherName: publishers.name,
        placementName: placements.name,
        abTest: abTests,
      })
      .from(displayConfigs)
      .innerJoin(publishers, eq(publishers.id, displayConfigs.publisherId))
      .leftJoin(placements, eq(placements.id, displayConfigs.placementId))
      .leftJoin(abTests, eq(abTests.placementId, displayConfigs.placementId))
      .where(
        'publisherIds' in where
          ? inArray(displayConfigs.publisherId, where.publisherIds)
          : scopeIs(displayConfigs, where),
      )
      .orderBy(asc(publishers.name), sql`${placements.name} asc nulls first`, asc(displayConfigs.platform));
  }

  /** The scope's video record, locked until the transaction ends. */
  async lockVideo(scope: Scope): Promise<VideoConfigRecord | undefined> {
    const [row] = await this.db.select().from(videoConfigs).where(scopeIs(videoConfigs, scope)).for('update');
    return row;
  }

  async lockDisplays(scope: Scope): Promise<DisplayConfigRecord[]> {
    return this.db.select().from(displayConfigs).where(scopeIs(displayConfigs, scope)).for('update');
  }

  async writeVideo(
    scope: Scope,
    existing: VideoConfigRecord | undefined,
    config: VideoConfigRecord['config'],
  ) {
    if (existing) {
      await this.db
        .update(videoConfigs)
        .set({ config, updatedAt: new Date() })
        .where(eq(videoConfigs.id, existing.id));
    } else {
      await this.db.insert(videoConfigs).values({ ...scope, config });
    }
  }

  async writeDisplay(
    scope: Scope,
    platform: DisplayPlatform,
    existing: DisplayConfigRecord | undefined,
    config: DisplayConfigRecord['config'],
  ) {
    if (existing) {
      await this.db
        .update(displayConfigs)
        .set({ config, updatedAt: new Date() })
        .where(eq(displayConfigs.id, existing.id));
    } else {
      await this.db.insert(displayConfigs).values({ ...scope, platform, config });
    }
  }

  async insertAudits(rows: AuditInsert[]): Promise<void> {
    if (rows.length > 0) await this.db.insert(monetizationAudits).values(rows);
  }

  /**
   * One page of the audit log, newest first, within the query's days back or calendar dates (index on
   * created_at, id).
   */
  /** The audit list's conditions: its period, publisher, user, action, object, field and words. */
  private auditWhere(query: AuditQuery): SQL | undefined {
    const { since, until } = auditRange(query);
    const a = monetizationAudits;
    return and(
      gte(a.createdAt, since),
      until === null ? undefined : lt(a.createdAt, until),
      query.publisher_id === undefined ? undefined : eq(a.publisherId, query.publisher_id),
      query.user === undefined ? undefined : ilike(a.email, likePattern(query.user)),
      query.action === undefined ? undefined : eq(a.action, query.action),
      query.auditable_type === undefined ? undefined : eq(a.auditableType, query.auditable_type),
      query.placement_id === undefined ? undefined : eq(a.placementId, query.placement_id),
      // An entry of several fields names none in field_name: its changes hold the field as a key.
      query.field === undefined
        ? undefined
        : or(eq(a.fieldName, query.field), sql`(${a.auditedChanges} -> ${query.field}) is not null`),
      query.q === undefined
        ? undefined
        : or(
            ilike(a.email, likePattern(query.q)),
            ilike(publishers.name, likePattern(query.q)),
            ilike(placements.name, likePattern(query.q)),
            ilike(a.fieldName, likePattern(query.q)),
            ilike(sql`${a.auditedChanges}::text`, likePattern(query.q)),
          ),
    );
  }

  private auditRows() {
    return this.db
      .select({
        audit: monetizationAudits,
        publisherName: publishers.name,
        placementName: placements.name,
      })
      .from(monetizationAudits)
      .innerJoin(publishers, eq(publishers.id, monetizationAudits.publisherId))
      .leftJoin(placements, eq(placements.id, monetizationAudits.placementId));
  }

  async audits(query: AuditQuery) {
    const where = this.auditWhere(query);
    const [rows, [total]] = await Promise.all([
      this.auditRows()
        .where(where)
        .orderBy(...indexOrders([monetizationAudits.createdAt, monetizationAudits.id], 'desc'))
        .limit(query.per)
        .offset((query.page - 1) * query.per),
      this.db
        .select({ n: count() })
        .from(monetizationAudits)
        .innerJoin(publishers, eq(publishers.id, monetizationAudits.publisherId))
        .leftJoin(placements, eq(placements.id, monetizationAudits.placementId))
        .where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /**
   * Every entry the list's filters match, newest first, at most `max`, read in keyset batches so an
   * export never holds more than one batch in memory.
   */
  async *auditBatches(query: AuditQuery, max: number, batch = 500) {
    const where = this.auditWhere(query);
    let after: { createdAt: Date; id: number } | null = null;
    let left = max;
    while (left > 0) {
      const size = Math.min(batch, left);
      const cursor: SQL | undefined = after
        ? sql`(${monetizationAudits.createdAt}, ${monetizationAudits.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
        : undefined;
      const rows: AuditListRow[] = await this.auditRows()
        .where(and(where, cursor))
        .orderBy(...indexOrders([monetizationAudits.createdAt, monetizationAudits.id], 'desc'))
        .limit(size);
      if (rows.length > 0) yield rows;
      if (rows.length < size) return;
      left -= rows.length;
      const last: AuditListRow['audit'] = rows[rows.length - 1]!.audit;
      after = { createdAt: last.createdAt, id: last.id };
    }
  }

  async audit(id: number) {
    const [row] = await this.auditRows().where(eq(monetizationAudits.id, id));
    return row ?? null;
  }
}
