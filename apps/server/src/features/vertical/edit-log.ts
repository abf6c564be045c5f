// Frame-editor changes (the spec's edit log entry): an audit_log/create with object_type
// 'vertical_video' is also an edit_log row of the task, written in the same transaction. Only for a
// task of the caller's publishers, by someone who may edit it (the review permission).
import { schema } from '@hc/db/schema';
import type { AuditLogCreate } from '@hc/shared/api/audit';
import { editLogEntrySchema } from '@hc/shared/api/vertical';
import { writeAudit } from '../audit/writer.ts';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { HttpError, notFound } from '../../plugins/errors.ts';
import { VerticalTaskRepository } from './repo.ts';
import { assertInScope, requirePermission, scopeOf } from './scope.ts';

export interface AuditRequest {
  payload: Record<string, unknown>;
  action_name: string;
  object_id: string;
  object_type: AuditLogCreate['object_type'];
}

/** Records one frame-editor entry in audit_log and edit_log; returns the audit_log id. */
export async function recordEditLogEntry(ctx: AppContext, caller: AuthContext, body: AuditRequest) {
  requirePermission(caller, 'review');
  const parsed = editLogEntrySchema.safeParse(body.payload);
  if (!parsed.success) {
    throw new HttpError(
      400,
      parsed.error.issues.map((i) => `payload.${i.path.join('.')}: ${i.message}`),
    );
  }
  const entry = parsed.data;
  if (entry.action !== body.action_name) {
    throw new HttpError(400, [`action_name must be the entry's action (${entry.action})`]);
  }
  const repo = new VerticalTaskRepository(ctx.db);
  const [scope, view] = await Promise.all([
    scopeOf(ctx, caller, 'review'),
    repo.task(entry.vertical_video_id),
  ]);
  if (!view) throw notFound();
  assertInScope(scope, view.task.publisherId);

  return ctx.db.transaction(async (tx) => {
    const id = await writeAudit(tx, {
      publisherId: view.task.publisherId,
      userId: caller.userId,
      actionName: body.action_name,
      objectId: body.object_id,
      objectType: body.object_type,
      payload: body.payload,
      // Sent by the browser: on record as what the client said, not as what the server did.
      source: 'client',
    });
    await tx.insert(schema.editLog).values({
      verticalVideoId: entry.vertical_video_id,
      groupId: entry.group_id,
      objectId: entry.object_id,
      frame: entry.frame,
      action: entry.action,
      oldValue: entry.old_value,
      newValue: entry.new_value,
      timestampMs: entry.timestamp,
      userId: caller.userId,
    });
    return id;
  });
}
