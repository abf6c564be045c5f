// The one module that writes audit_log rows: every audited action of the server, and the frame editor's
// edit log a browser sends, goes through writeAudit. Lint refuses an insert into audit_log anywhere else,
// so the table's vocabulary (object types, who wrote the row) is read here and nowhere else.
// The table is append-only (a trigger refuses updates and deletes) and copies the user's email on insert.
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type { AuditSource } from '@hc/shared/api/audit';
import type { CLIENT_AUDIT_OBJECT_TYPES } from '@hc/shared/constants';

/** What an audit row is about: the server's own objects, and what a browser may log. */
export type AuditObjectType =
  | 'article'
  | 'highlight'
  | 'job'
  | 'package'
  | 'publisher'
  | 'story'
  | 'story_page'
  | 'uploaded_object'
  | 'vertical_task'
  | (typeof CLIENT_AUDIT_OBJECT_TYPES)[number];

export interface AuditEntry {
  /** The publisher whose log shows the row (the object's, which may differ from the caller's). */
  publisherId: number;
  userId: number;
  actionName: string;
  objectType: AuditObjectType;
  objectId: string;
  payload: unknown;
  /** 'client' for what a browser said it did; the server's own record otherwise. */
  source?: AuditSource;
}

/**
 * Writes one audit row and returns its id. Pass the transaction of the change being recorded, so that the
 * change and its row commit (or roll back) together; a read-only action (a download) passes the plain
 * handle.
 */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<number> {
  const [row] = await db
    .insert(schema.auditLog)
    .values({ ...entry, source: entry.source ?? 'server' })
    .returning({ id: schema.auditLog.id });
  return row!.id;
}
