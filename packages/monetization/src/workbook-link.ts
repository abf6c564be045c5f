// A workbook's short-lived download link: the reports screen's status call and the report-fill job's
// live 'done' event hand out the same one.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import { WORKBOOK_LINK_TTL_MS, workbookDownloadPath } from '@hc/shared/api/reports';

const { workbooks } = schema;

/** The workbook's current token while it has a good while left, else a fresh one; null when it is gone. */
export async function workbookDownloadLink(db: Db, externalId: string): Promise<string | null> {
  const [row] = await db
    .select({ token: workbooks.downloadToken, expiresAt: workbooks.downloadExpiresAt })
    .from(workbooks)
    .where(eq(workbooks.externalId, externalId));
  if (!row) return null;
  if (row.token && row.expiresAt && row.expiresAt.getTime() - Date.now() > WORKBOOK_LINK_TTL_MS / 2)
    return workbookDownloadPath(row.token);
  // 128 random bits, base64url, as the workbooks' other ids.
  const token = randomBytes(16).toString('base64url');
  // Only over the token read above: the status call and the fill job's event ask at the same moment,
  // and a second fresh token must not void the link the first one already handed out.
  const [renewed] = await db
    .update(workbooks)
    .set({ downloadToken: token, downloadExpiresAt: new Date(Date.now() + WORKBOOK_LINK_TTL_MS) })
    .where(
      and(
        eq(workbooks.externalId, externalId),
        row.token === null ? isNull(workbooks.downloadToken) : eq(workbooks.downloadToken, row.token),
      ),
    )
    .returning({ token: workbooks.downloadToken });
  if (!renewed) return workbookDownloadLink(db, externalId);
  return workbookDownloadPath(token);
}
