// Workbooks (the product's spreadsheets) and report requests (spreadsheets rows) in the database.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import { workbookDownloadLink } from '@hc/worker/processors/report-link';

const { workbooks, spreadsheets, publishers } = schema;

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

  async createRequest(kind: 'fill' | 'update', externalId: string, publisherIds: number[]) {
    const [row] = await this.db
      .insert(spreadsheets)
      .values({ kind, externalId, publisherIds })
      .returning({ id: spreadsheets.id });
    return row!.id;
  }

  async request(id: number) {
    const [row] = await this.db.select().from(spreadsheets).where(eq(spreadsheets.id, id));
    return row ?? null;
  }
}
