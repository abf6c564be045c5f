// "Revert to this value" on a monetization audit entry: one field of the record the entry changed is set
// back to its value before that change. It goes through the ad grid's own path (applyGridChanges): the
// same rules check the row as it would show, the same version check refuses a record saved meanwhile, and
// the same audit entry records the revert under the admin who asked. It is refused when the field moved
// again since the entry (the revert would undo someone else's later change without them seeing it).
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import {
  gridColumnsOf,
  gridRowKey,
  normalizeGridValue,
  type GridSubmitData,
  type GridValue,
} from '@hc/shared/api/ad-grid';
import { REVERTIBLE_AUDITABLE_TYPES } from '@hc/shared/api/monetization';
import { auditToolMessages } from '@hc/shared/messages';
import { formatAuditValue, sameValue } from '@hc/shared/monetization/audit-changes';
import type { GridTab } from '@hc/shared/monetization/grid-rules';
import { applyGridChanges, versionOf } from '@hc/monetization/grid';
import { conflict, HttpError, notFound } from '../../plugins/errors.ts';
import { MonetizationRepository } from './repo.ts';

const { videoConfigs, displayConfigs } = schema;
const unprocessable = (errors: string[]) => new HttpError(422, errors);
const PLATFORMS = ['mobile', 'desktop'] as const;

export async function revertAuditField(
  db: Db,
  actor: { userId: number; email: string },
  auditId: number,
  field: string,
): Promise<void> {
  const entry = await new MonetizationRepository(db).audit(auditId);
  if (!entry) throw notFound();
  const { audit } = entry;
  const type = audit.auditableType as (typeof REVERTIBLE_AUDITABLE_TYPES)[number];
  if (!REVERTIBLE_AUDITABLE_TYPES.includes(type) || audit.action !== 'update')
    throw unprocessable([auditToolMessages.notRevertible]);
  const pair = audit.auditedChanges[field];
  if (!Array.isArray(pair) || pair.length !== 2) throw unprocessable([auditToolMessages.fieldNotInEntry]);
  const [before, after] = pair as [unknown, unknown];

  // Display entries name their field with its platform: 'desktop.displayAdDuration'.
  let platform: (typeof PLATFORMS)[number] | null = null;
  let name = field;
  if (type === 'DisplayConfig') {
    const [prefix, ...rest] = field.split('.');
    platform = PLATFORMS.find((p) => p === prefix) ?? null;
    name = rest.join('.');
    if (!platform || !name) throw unprocessable([auditToolMessages.fieldNotInEntry]);
  }
  const placementId = audit.placementId;
  const tab: GridTab =
    platform === null
      ? placementId === null
        ? 'publisher'
        : 'placement'
      : placementId === null
        ? 'display'
        : 'displayPlacement';
  const column = gridColumnsOf(tab).find((c) => c.field === name);
  if (!column) throw unprocessable([auditToolMessages.notGridField]);

  await db.transaction(async (tx) => {
    const scope = (table: typeof videoConfigs | typeof displayConfigs) =>
      and(
        eq(table.publisherId, audit.publisherId),
        placementId === null ? isNull(table.placementId) : eq(table.placementId, placementId),
      );
    const [record] =
      platform === null
        ? await tx
            .select({ config: videoConfigs.config, updatedAt: videoConfigs.updatedAt })
            .from(videoConfigs)
            .where(scope(videoConfigs))
            .for('update')
        : await tx
            .select({ config: displayConfigs.config, updatedAt: displayConfigs.updatedAt })
            .from(displayConfigs)
            .where(and(scope(displayConfigs), eq(displayConfigs.platform, platform)))
            .for('update');
    if (!record) throw conflict(auditToolMessages.recordGone);
    const current = (record.config as Record<string, unknown>)[name];
    const normal = (value: unknown) =>
      value === null || value === undefined ? null : normalizeGridValue(column.kind, value);
    if (sameValue(normal(current), normal(before))) throw conflict(auditToolMessages.alreadyBack);
    if (!sameValue(normal(current), normal(after)))
      throw conflict(auditToolMessages.changedSince(column.label, formatAuditValue(current)));

    const data: GridSubmitData = { publisher: [], placement: [], display: [], displayPlacement: [] };
    data[tab].push({
      key: gridRowKey(tab, { publisherId: audit.publisherId, placementId, platform }),
      changes: { [name]: normal(before) as GridValue },
      version: versionOf(record),
    });
    const result = await applyGridChanges(tx, data, actor, { atomicity: 'all' });
    if (result.conflicts.length > 0) throw conflict(result.conflicts[0]!);
    if (result.errors.length > 0) throw unprocessable(result.errors);
  });
}
