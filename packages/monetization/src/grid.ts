// The ad configuration grid over the stored configs: the rows of some publishers as the grid shows
// them (own value, else the publisher's for a placement, else the default), and the application of
// row changes inside a caller's transaction with one monetization audit entry per changed record.
// Used by the grid fetch (server), the monetization-submit job, and the report-fill / report-update jobs.
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import {
  gridColumnsOf,
  gridDefaultsOf,
  gridRowErrors,
  gridRowKey,
  normalizeGridValue,
  type GridData,
  type GridRow,
  type GridRowChange,
  type GridSubmitData,
  type GridValue,
} from '@hc/shared/api/ad-grid';
import {
  AB_TEST_REFUSAL,
  GRID_TABS,
  isDisplayTab,
  isMonetizationAbTest,
  type GridTab,
} from '@hc/shared/monetization/grid-rules';
import { messages, staleConfigRow } from '@hc/shared/messages';
import { diffConfigs } from '@hc/shared/monetization/audit-changes';

const { publishers, placements, videoConfigs, displayConfigs, monetizationAudits, abTests } = schema;

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;
type Config = Record<string, unknown>;

interface StoredRecord {
  id: number;
  publisherId: number;
  publisherName: string;
  placementId: number | null;
  placementName: string | null;
  platform: 'mobile' | 'desktop' | null;
  config: Config;
  updatedAt: Date;
  /** The placement's A/B test flag (null: no test). */
  abMonetization: boolean | null;
}

const tabOf = (r: StoredRecord): GridTab =>
  r.platform === null
    ? r.placementId === null
      ? 'publisher'
      : 'placement'
    : r.placementId === null
      ? 'display'
      : 'displayPlacement';

/** The stored video and display records of the publishers, locked when `lock` (inside a transaction). */
async function storedRecords(db: Executor, publisherIds: number[], lock: boolean): Promise<StoredRecord[]> {
  if (publisherIds.length === 0) return [];
  const video = db
    .select({
      id: videoConfigs.id,
      publisherId: videoConfigs.publisherId,
      publisherName: publishers.name,
      placementId: videoConfigs.placementId,
      placementName: placements.name,
      config: videoConfigs.config,
      updatedAt: videoConfigs.updatedAt,
      abMonetization: abTests.monetization,
    })
    .from(videoConfigs)
    .innerJoin(publishers, eq(publishers.id, videoConfigs.publisherId))
    .leftJoin(placements, eq(placements.id, videoConfigs.placementId))
    .leftJoin(abTests, eq(abTests.placementId, videoConfigs.placementId))
    .where(inArray(videoConfigs.publisherId, publisherIds))
    .orderBy(asc(publishers.name), asc(videoConfigs.publisherId), asc(placements.name), asc(videoConfigs.id));
  const display = db
    .select({
      id: displayConfigs.id,
      publisherId: displayConfigs.publisherId,
      publisherName: publishers.name,
      placementId: displayConfigs.placementId,
      placementName: placements.name,
      platform: displayConfigs.platform,
      config: displayConfigs.config,
      updatedAt: displayConfigs.updatedAt,
      abMonetization: abTests.monetization,
    })
    .from(displayConfigs)
    .innerJoin(publishers, eq(publishers.id, displayConfigs.publisherId))
    .leftJoin(placements, eq(placements.id, displayConfigs.placementId))
    .leftJoin(abTests, eq(abTests.placementId, displayConfigs.placementId))
    .where(inArray(displayConfigs.publisherId, publisherIds))
    .orderBy(
      asc(publishers.name),
      asc(displayConfigs.publisherId),
      asc(placements.name),
      asc(displayConfigs.placementId),
      asc(displayConfigs.platform),
    );
  const [videoRows, displayRows] = lock
    ? [await video.for('update', { of: videoConfigs }), await display.for('update', { of: displayConfigs })]
    : await Promise.all([video, display]);
  return [
    ...videoRows.map((r) => ({ ...r, platform: null, config: r.config as Config })),
    ...displayRows.map((r) => ({ ...r, config: r.config as Config })),
  ];
}

/** Only the tab's columns, normalised. */
function cellsOf(tab: GridTab, config: Config): Record<string, GridValue> {
  const cells: Record<string, GridValue> = {};
  for (const column of gridColumnsOf(tab)) {
    if (config[column.field] !== undefined && config[column.field] !== null)
      cells[column.field] = normalizeGridValue(column.kind, config[column.field]);
  }
  return cells;
}

/** A stored record's version as the grid and the workbook carry it. */
export const versionOf = (r: { updatedAt: Date }): string => r.updatedAt.toISOString();

/** The publisher-level record a placement row inherits from. */
const parentKeyOf = (r: StoredRecord) =>
  r.platform === null ? `publisher:${r.publisherId}` : `display:${r.publisherId}:${r.platform}`;

/** Grid rows from stored records: what each cell shows and which cells a placement overrides. */
function rowsOf(records: StoredRecord[], configs: Map<number | string, Config>): GridData {
  const data: GridData = { publisher: [], placement: [], display: [], displayPlacement: [] };
  const parents = new Map<string, Config>();
  const identity = (r: StoredRecord) => `${r.platform === null ? 'v' : 'd'}${r.id}`;
  for (const r of records) {
    const tab = tabOf(r);
    if (r.placementId === null) parents.set(gridRowKey(tab, r), configs.get(identity(r)) ?? r.config);
  }
  for (const r of records) {
    const tab = tabOf(r);
    const own = cellsOf(tab, configs.get(identity(r)) ?? r.config);
    const inherited = r.placementId === null ? {} : cellsOf(tab, parents.get(parentKeyOf(r)) ?? {});
    const row: GridRow = {
      key: gridRowKey(tab, r),
      publisherId: r.publisherId,
      publisherName: r.publisherName,
      placementId: r.placementId,
      placementName: r.placementName,
      platform: r.platform,
      values: { ...gridDefaultsOf(tab), ...inherited, ...own },
      overridden: r.placementId === null ? [] : Object.keys(own),
      version: versionOf(r),
      abTest: isMonetizationAbTest(r.abMonetization === null ? null : { monetization: r.abMonetization }),
    };
    data[tab].push(row);
  }
  return data;
}

/** The grid of some publishers: every stored config, by publisher then placement name. */
export async function loadGridData(db: Executor, publisherIds: number[]): Promise<GridData> {
  return rowsOf(await storedRecords(db, publisherIds, false), new Map());
}

export interface GridActor {
  userId: number | null;
  email: string;
}

export interface ApplyOptions {
  /** all: any bad row and nothing is written (the grid); rows: the valid rows are written (reports). */
  atomicity: 'all' | 'rows';
  /**
   * Whether rows that are not stale are written when some are: only when the user chose to apply the
   * rest. Otherwise one stale row holds back the whole batch, so nothing is half-applied.
   */
  applyRest?: boolean;
  /** Checks everything and writes nothing (a preview): rows are read without locks. */
  dryRun?: boolean;
  onProgress?: (done: number, total: number) => Promise<void> | void;
}

export interface ApplyResult {
  /** One entry per bad row, 'Row label: problem; problem'. */
  errors: string[];
  /** Records written. */
  changed: number;
  /** The rows refused because they were read before a newer save (also in errors). */
  conflicts: string[];
  /** What became of each row sent (and of each row refused with them), in the order sent. */
  outcomes: RowOutcome[];
}

/**
 * One row's fate: applied (or unchanged: its cells already held these values), conflict (read before a
 * newer save), refused (a rule broke; reasons as the grid words them, 'Label: message'), or held (fine,
 * but not written because other rows of the batch were refused and the rest was not asked for).
 */
export interface RowOutcome {
  key: string;
  label: string;
  status: 'applied' | 'unchanged' | 'conflict' | 'refused' | 'held';
  reasons: string[];
  /** The fields the row's write changed (applied rows). */
  fields: string[];
}

const rowLabel = (r: StoredRecord) =>
  [r.publisherName, r.placementName ? `> ${r.placementName}` : null, r.platform ? `(${r.platform})` : null]
    .filter(Boolean)
    .join(' ');

/** The publisher ids a set of changes touches, from the row keys (placements looked up). */
export async function publishersOfKeys(db: Executor, keys: string[]): Promise<number[]> {
  const ids = new Set<number>();
  const placementIds: number[] = [];
  for (const key of keys) {
    const [tab, id] = key.split(':');
    const n = Number(id);
    if (!Number.isSafeInteger(n) || n <= 0) continue;
    if (tab === 'publisher' || tab === 'display') ids.add(n);
    else placementIds.push(n);
  }
  if (placementIds.length > 0) {
    const rows = await db
      .select({ publisherId: placements.publisherId })
      .from(placements)
      .where(inArray(placements.id, placementIds));
    rows.forEach((r) => ids.add(r.publisherId));
  }
  return [...ids];
}

/**
 * Applies row changes inside the caller's transaction: each changed cell is set on the row's own
 * record (null clears it: a placement then shows its publisher's value again), every touched row is
 * checked as the grid shows it after all changes, and each changed record gets its audit entry.
 */
export async function applyGridChanges(
  tx: Tx,
  data: GridSubmitData,
  actor: GridActor,
  options: ApplyOptions,
): Promise<ApplyResult> {
  const changes: { tab: GridTab; change: GridRowChange }[] = GRID_TABS.flatMap((tab) =>
    data[tab].map((change) => ({ tab, change })),
  );
  const records = await storedRecords(
    tx,
    await publishersOfKeys(
      tx,
      changes.map((c) => c.change.key),
    ),
    !options.dryRun,
  );
  const byKey = new Map(records.map((r) => [gridRowKey(tabOf(r), r), r]));
  const identity = (r: StoredRecord) => `${r.platform === null ? 'v' : 'd'}${r.id}`;
  const next = new Map<string, Config>();
  const errorsByKey = new Map<string, string[]>();
  const fail = (key: string, message: string) =>
    errorsByKey.set(key, [...(errorsByKey.get(key) ?? []), message]);

  const staleKeys: string[] = [];
  for (const { tab, change } of changes) {
    const record = byKey.get(change.key);
    if (!record || tabOf(record) !== tab) {
      fail(change.key, `${change.key}: this configuration does not exist.`);
      continue;
    }
    // The config page refuses these placements; so does every other path into the same records.
    if (record.placementId !== null && isMonetizationAbTest(abTestOf(record))) {
      fail(change.key, AB_TEST_REFUSAL);
      continue;
    }
    if (change.version !== undefined && change.version !== versionOf(record)) {
      staleKeys.push(change.key);
      continue;
    }
    const columns = gridColumnsOf(tab);
    const config: Config = { ...(next.get(identity(record)) ?? record.config) };
    for (const [field, value] of Object.entries(change.changes)) {
      const column = columns.find((c) => c.field === field);
      if (!column) {
        fail(change.key, `${field} is not a column of this tab.`);
        continue;
      }
      const normal = normalizeGridValue(column.kind, value);
      if (normal === null) delete config[field];
      else config[field] = normal;
    }
    next.set(identity(record), config);
  }

  // Every touched row, and every placement under a touched publisher row, is checked as shown.
  const shown = rowsOf(records, next);
  const touched = new Set(changes.map((c) => c.change.key));
  const touchedParents = new Set(
    [...touched].filter((k) => k.startsWith('publisher:') || k.startsWith('display:')),
  );
  for (const tab of GRID_TABS) {
    for (const row of shown[tab]) {
      const parentKey = isDisplayTab(tab)
        ? `display:${row.publisherId}:${row.platform}`
        : `publisher:${row.publisherId}`;
      if (!touched.has(row.key) && !(row.placementId !== null && touchedParents.has(parentKey))) continue;
      if (staleKeys.includes(row.key)) continue;
      const problems = gridRowErrors(tab, row.values);
      problems.forEach((p) => fail(row.key, p));
    }
  }

  const conflicts: string[] = [];
  const conflictByKey = new Map<string, string>();
  for (const key of staleKeys) {
    const record = byKey.get(key)!;
    const message = await staleMessage(tx, record);
    conflicts.push(message);
    conflictByKey.set(key, message);
    errorsByKey.set(key, [...(errorsByKey.get(key) ?? [])]);
  }
  const labelOf = (key: string) => {
    const record = byKey.get(key);
    return record ? rowLabel(record) : key;
  };
  const errors = [
    ...conflicts,
    ...[...errorsByKey.entries()]
      .filter(([, problems]) => problems.length > 0)
      .map(([key, problems]) => {
        const record = byKey.get(key);
        return record ? `${rowLabel(record)}: ${problems.join('; ')}` : problems.join('; ');
      }),
  ];
  // A bad publisher row also holds back its placements' rows in 'rows' mode: they were checked with it.
  // A stale one does not: its changes were left out, so its placements were checked with what is stored.
  const badParents = new Set(
    [...errorsByKey.entries()]
      .filter(([k, problems]) => touchedParents.has(k) && problems.length > 0)
      .map(([k]) => k),
  );
  const heldByParent = (record: StoredRecord) =>
    record.placementId !== null && badParents.has(parentKeyOf(record));
  const batchHeld =
    (options.atomicity === 'all' && errors.length > 0) || (conflicts.length > 0 && !options.applyRest);

  // Each row's fate, decided before anything is written so a preview and the write agree.
  const outcomes: RowOutcome[] = [];
  const seen = new Set<string>();
  const writes: { record: StoredRecord; config: Config; diff: Record<string, unknown> }[] = [];
  for (const key of [...changes.map((c) => c.change.key), ...errorsByKey.keys()]) {
    if (seen.has(key)) continue;
    seen.add(key);
    const record = byKey.get(key);
    const conflict = conflictByKey.get(key);
    const problems = errorsByKey.get(key) ?? [];
    const base = { key, label: labelOf(key), fields: [] as string[] };
    if (conflict) outcomes.push({ ...base, status: 'conflict', reasons: [conflict] });
    else if (problems.length > 0 || !record) outcomes.push({ ...base, status: 'refused', reasons: problems });
    else if (heldByParent(record))
      outcomes.push({ ...base, status: 'refused', reasons: [messages.reportHeldWithPublisher] });
    else {
      const config = next.get(identity(record)) ?? record.config;
      const diff = diffConfigs(record.config, config);
      const fields = Object.keys(diff);
      if (fields.length === 0) outcomes.push({ ...base, status: 'unchanged', reasons: [] });
      else if (batchHeld) outcomes.push({ ...base, status: 'held', reasons: [messages.reportBatchHeld] });
      else {
        outcomes.push({
          ...base,
          status: 'applied',
          reasons: [],
          fields: fields.map((f) => fieldLabelOf(record, f)),
        });
        writes.push({ record, config, diff });
      }
    }
  }
  if (batchHeld || options.dryRun)
    return { errors, changed: options.dryRun ? writes.length : 0, conflicts, outcomes };

  let done = 0;
  let changed = 0;
  for (const { record, config, diff } of writes) {
    done += 1;
    const table = record.platform === null ? videoConfigs : displayConfigs;
    await tx.update(table).set({ config, updatedAt: new Date() }).where(eq(table.id, record.id));
    const fields = Object.keys(diff);
    await tx.insert(monetizationAudits).values({
      publisherId: record.publisherId,
      placementId: record.placementId,
      userId: actor.userId,
      email: actor.email,
      action: 'update',
      auditableType: record.platform === null ? 'VideoConfig' : 'DisplayConfig',
      associatedType: record.placementId === null ? 'Publisher' : 'Placement',
      fieldName: fields.length === 1 ? (fields[0] ?? null) : null,
      auditedChanges: record.platform === null ? diff : prefixKeys(`${record.platform}.`, diff),
    });
    changed += 1;
    await options.onProgress?.(done, writes.length);
  }
  return { errors, changed, conflicts, outcomes };
}

/** A stored field by the grid's column name, as the admin reads it. */
const fieldLabelOf = (record: StoredRecord, field: string) =>
  gridColumnsOf(tabOf(record)).find((c) => c.field === field)?.label ?? field;

const prefixKeys = (prefix: string, changes: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(changes).map(([k, v]) => [prefix + k, v]));

const abTestOf = (r: StoredRecord) => (r.abMonetization === null ? null : { monetization: r.abMonetization });

/**
 * Why a row is stale, from the audit log: the fields of the newest change of that record, who made it
 * and when. A change without an audit entry (a direct write) still refuses the row, worded generally.
 */
async function staleMessage(tx: Tx, record: StoredRecord): Promise<string> {
  const auditableType = record.platform === null ? 'VideoConfig' : 'DisplayConfig';
  const [latest] = await tx
    .select({
      email: monetizationAudits.email,
      createdAt: monetizationAudits.createdAt,
      changes: monetizationAudits.auditedChanges,
    })
    .from(monetizationAudits)
    .where(
      and(
        eq(monetizationAudits.publisherId, record.publisherId),
        record.placementId === null
          ? isNull(monetizationAudits.placementId)
          : eq(monetizationAudits.placementId, record.placementId),
        eq(monetizationAudits.auditableType, auditableType),
      ),
    )
    .orderBy(desc(monetizationAudits.createdAt), desc(monetizationAudits.id))
    .limit(1);
  const prefix = record.platform === null ? '' : `${record.platform}.`;
  const fields = latest
    ? Object.keys(latest.changes)
        .filter((f) => prefix === '' || f.startsWith(prefix))
        .map((f) => f.slice(prefix.length))
        // The grid's column names, as the admin reads them.
        .map((f) => gridColumnsOf(tabOf(record)).find((c) => c.field === f)?.label ?? f)
    : [];
  return staleConfigRow(
    rowLabel(record),
    fields,
    latest?.email ?? 'someone else',
    (latest?.createdAt ?? record.updatedAt).toISOString().replace('T', ' ').slice(0, 19) + ' UTC',
  );
}
