// Database rows of the monetization setup as the calls answer them: flat config rows with their scope
// (the spec's field names), grouped as publisher, display, placement and display placement.
import type {
  AbTest,
  AuditEntry,
  ConfigGroups,
  DisplayConfigRow,
  VideoConfigRow,
} from '@hc/shared/api/monetization';
import { dateToSeconds } from '@hc/shared/formatters';
import type { DisplayConfigRecord, ScopedRow, VideoConfigRecord } from './repo.ts';

type AbTestRecord = NonNullable<ScopedRow<VideoConfigRecord>['abTest']>;

export const presentAbTest = (row: AbTestRecord): AbTest => ({
  placement_id: row.placementId,
  monetization: row.monetization,
  variants: row.variants.map((v) => ({ weight: v.weight, name: v.name })),
});

const scopeOf = (row: ScopedRow<VideoConfigRecord | DisplayConfigRecord>) => ({
  id: row.record.id,
  publisherId: row.record.publisherId,
  publisherName: row.publisherName,
  placementId: row.record.placementId,
  placementName: row.placementName,
  updated_at: dateToSeconds(row.record.updatedAt),
});

export const presentVideoRow = (row: ScopedRow<VideoConfigRecord>): VideoConfigRow => ({
  ...row.record.config,
  ...scopeOf(row),
  abTest: row.abTest ? presentAbTest(row.abTest) : null,
});

export const presentDisplayRow = (row: ScopedRow<DisplayConfigRecord>): DisplayConfigRow => ({
  ...row.record.config,
  ...scopeOf(row),
  displayAdOptions: row.record.platform,
});

export function presentGroups(
  video: ScopedRow<VideoConfigRecord>[],
  display: ScopedRow<DisplayConfigRecord>[],
): ConfigGroups {
  const isPublisherLevel = (r: ScopedRow<VideoConfigRecord | DisplayConfigRecord>) =>
    r.record.placementId === null;
  return {
    publisher: video.filter(isPublisherLevel).map(presentVideoRow),
    display: display.filter(isPublisherLevel).map(presentDisplayRow),
    placement: video.filter((r) => !isPublisherLevel(r)).map(presentVideoRow),
    displayPlacement: display.filter((r) => !isPublisherLevel(r)).map(presentDisplayRow),
  };
}

export interface AuditListRow {
  audit: {
    id: number;
    action: string;
    auditableType: string;
    associatedType: string | null;
    createdAt: Date;
    email: string;
    publisherId: number;
    placementId: number | null;
    fieldName: string | null;
    auditedChanges: Record<string, unknown>;
  };
  publisherName: string;
  placementName: string | null;
}

export const presentAudit = ({ audit, publisherName, placementName }: AuditListRow): AuditEntry => ({
  id: audit.id,
  action: audit.action,
  auditable_type: audit.auditableType,
  associated_type: audit.associatedType,
  date: audit.createdAt.toISOString(),
  email: audit.email,
  publisher_id: audit.publisherId,
  publisher_name: publisherName,
  placement_id: audit.placementId,
  placement_name: placementName,
  field_name: audit.fieldName,
  audited_changes: audit.auditedChanges,
});
