// Workbooks (the product's spreadsheets) and report requests (spreadsheets rows) in the database.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import { workbookDownloadLink } from '@hc/monetization/workbook-link';

const { workbooks, spreadsheets, publishers, populatedWorkbooks } = schema;

/** 128 random bits, base64url: spreadsheet ids and download tokens. */
const randomId = () => randomBytes(16).toString('base64url');

export class ReportRepository {
  constructor(private readonly db: Db) {}

  async createWorkbook(content: Buffer, userId: number) {
    const [row] = await this.db
      .insert(workbooks)
      .values({ externalId: randomId(), content, createdBy: userId })
      .returning({ external_id: workbooks.externalId, version: workbooks.version });
    return row!;
  }

  async workbookExists(externalId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: workbooks.id })
      .from(workbooks)
      .where(eq(workbooks.externalId, externalId));
    return row !== undefined;
  }

  /** A download link: the workbook's current token while it has a good while left, else a fresh one. */
  downloadLink(externalId: string): Promise<string | null> {
    return workbookDownloadLink(this.db, externalId);
  }

  /** The workbook a live token names. */
  async workbookByToken(token: string) {
    const [row] = await this.db
      .select({ content: workbooks.content, version: workbooks.version })
      .from(workbooks)
      .where(and(eq(workbooks.downloadToken, token), gt(workbooks.downloadExpiresAt, new Date())));
    return row ?? null;
  }

  /** Publisher ids of the chosen publishers and of every publisher of the chosen groups, that exist. */
  async publisherIdsOf(publisherIds: number[], groupIds: number[]): Promise<number[]> {
    const ids = new Set<number>();
    if (publisherIds.length > 0) {
      const rows = await this.db
        .select({ id: publishers.id })
        .from(publishers)
        .where(inArray(publishers.id, publisherIds));
      rows.forEach((r) => ids.add(r.id));
    }
    if (groupIds.length > 0) {
      const rows = await this.db
        .select({ id: publishers.id })
        .from(publishers)
        .where(inArray(publishers.groupId, groupIds));
      rows.forEach((r) => ids.add(r.id));
    }
    return [...ids].sort((a, b) => a - b);
  }

  async createRequest(
    kind: 'fill' | 'update',
    externalId: string,
    publisherIds: number[],
    createdBy: number | null = null,
  ) {
    const [row] = await this.db
      .insert(spreadsheets)
      .values({ kind, externalId, publisherIds, createdBy })
      .returning({ id: spreadsheets.id });
    return row!.id;
  }

  async workbookContent(externalId: string): Promise<Buffer | null> {
    const [row] = await this.db
      .select({ content: workbooks.content })
      .from(workbooks)
      .where(eq(workbooks.externalId, externalId));
    return row ? Buffer.from(row.content) : null;
  }

  /** An update request waiting for its admin's confirmation, holding the changes the preview showed. */
  async createPreview(externalId: string, userId: number, plan: unknown) {
    const [row] = await this.db
      .insert(spreadsheets)
      .values({ kind: 'update', externalId, createdBy: userId, status: 'previewed', plan })
      .returning({ id: spreadsheets.id });
    return row!.id;
  }

  /**
   * Turns the caller's preview into a pending update (once: a second confirm finds it pending or done).
   * gone: no preview of this caller (and workbook, when named) with that id.
   */
  async confirmPreview(
    id: number,
    userId: number,
    externalId: string | null,
    applyRest: boolean,
  ): Promise<{ externalId: string } | 'gone' | 'used'> {
    const [confirmed] = await this.db
      .update(spreadsheets)
      .set({ status: 'pending', applyRest, updatedAt: new Date() })
      .where(
        and(
          eq(spreadsheets.id, id),
          eq(spreadsheets.kind, 'update'),
          eq(spreadsheets.createdBy, userId),
          eq(spreadsheets.status, 'previewed'),
          ...(externalId ? [eq(spreadsheets.externalId, externalId)] : []),
        ),
      )
      .returning({ externalId: spreadsheets.externalId });
    if (confirmed) return confirmed;
    const row = await this.request(id);
    const mine =
      row?.kind === 'update' &&
      row.createdBy === userId &&
      row.plan !== null &&
      (!externalId || row.externalId === externalId);
    return mine ? 'used' : 'gone';
  }

  /** The caller's populated workbooks, newest first, without their bytes. */
  async populatedBy(userId: number) {
    const rows = await this.db
      .select({
        id: populatedWorkbooks.id,
        externalId: populatedWorkbooks.externalId,
        createdAt: populatedWorkbooks.createdAt,
        publisherIds: populatedWorkbooks.publisherIds,
        size: sql<number>`octet_length(${populatedWorkbooks.content})`.mapWith(Number),
      })
      .from(populatedWorkbooks)
      .where(eq(populatedWorkbooks.createdBy, userId))
      .orderBy(desc(populatedWorkbooks.createdAt), desc(populatedWorkbooks.id));
    const ids = [...new Set(rows.flatMap((r) => r.publisherIds))];
    const names = new Map(
      ids.length === 0
        ? []
        : (
            await this.db
              .select({ id: publishers.id, name: publishers.name })
              .from(publishers)
              .where(inArray(publishers.id, ids))
          ).map((p) => [p.id, p.name]),
    );
    return rows.map((r) => ({
      ...r,
      publishers: r.publisherIds.flatMap((id) => names.get(id) ?? []).sort((a, b) => a.localeCompare(b)),
    }));
  }

  /** One populated workbook of the caller, with its bytes. */
  async populatedFile(id: number, userId: number) {
    const [row] = await this.db
      .select({
        content: populatedWorkbooks.content,
        createdAt: populatedWorkbooks.createdAt,
        publisherIds: populatedWorkbooks.publisherIds,
      })
      .from(populatedWorkbooks)
      .where(and(eq(populatedWorkbooks.id, id), eq(populatedWorkbooks.createdBy, userId)));
    return row ?? null;
  }

  async request(id: number): Promise<ReportRequest | null> {
    const [row] = await this.db.select().from(spreadsheets).where(eq(spreadsheets.id, id));
    return row ?? null;
  }

  /** The request row once a transaction writing it (a cancel, a job) has ended: read under a share lock. */
  async requestAfterWriters(id: number): Promise<ReportRequest | null> {
    const [row] = await this.db.select().from(spreadsheets).where(eq(spreadsheets.id, id)).for('share');
    return row ?? null;
  }
}

export type ReportRequest = typeof spreadsheets.$inferSelect;
