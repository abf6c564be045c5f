// The package rules of the spec (fields, lifecycle, form rules) checked on the server: name, size, alias,
// ownership of the highlights, category inference, status transitions, auto-package removals and the
// updated_at check. Every change runs in one transaction with its audit_log row.
import { randomBytes } from 'node:crypto';
import type { Db } from '@hc/db/client';
import type { PackageStatus, PackageWrite } from '@hc/shared/api/packages';
import { PACKAGE_DEFAULT_MAX_ADS } from '@hc/shared/constants';
import { embedNameInUse, messages, packageNameInUse } from '@hc/shared/messages';
import { validateAlias, validatePackageName, validatePackageSize } from '@hc/shared/validation';
import { badRequest, conflict, notFound } from '../../plugins/errors.ts';
import { LISTED_STATUSES, PackageRepository, type PackageRow } from './repo.ts';
import { dateToSeconds } from '@hc/shared/formatters';
import { writeAudit } from '../audit/writer.ts';

/** Legal status changes (docs/decisions.md, "Packages API"). Nothing leaves Archive or Rejected. */
export const STATUS_TRANSITIONS: Record<PackageStatus, readonly PackageStatus[]> = {
  Draft: ['Active', 'Archive', 'Rejected'],
  Active: ['Draft', 'Archive'],
  Archive: [],
  Rejected: [],
};

/** Server answers the spec does not word (shown by the web as the error text). */
export const packageErrors = {
  aliasImmutable: 'The embed name cannot be changed after the package is created.',
  autoNotCreatable: 'Auto packages are made by the system; a new package is a user package.',
  newStatus: 'A new package can only be saved as Active or Draft.',
  duplicateHighlight: 'A highlight can be in a package only once.',
  closed: (status: PackageStatus) =>
    `This package is ${status === 'Archive' ? 'archived' : 'rejected'} and cannot be changed.`,
  notForTopVideos: (id: number) => `Highlight ${id} is no longer available for Top Videos.`,
  transition: (from: PackageStatus, to: PackageStatus) => `A package cannot go from ${from} to ${to}.`,
};

export interface Actor {
  userId: number;
  publisherId: number;
}

/** Embed ids: 8 random url-safe characters (48 bits). */
const newEmbedId = () => randomBytes(6).toString('base64url');

/**
 * The next updated_at: now, but at least one second past the previous value, so that two saves within
 * one second still differ in the seconds the clients see and the stale check always catches the second.
 */
const nextUpdatedAt = (previous: Date) =>
  new Date(Math.max(Date.now(), (dateToSeconds(previous) + 1) * 1000));

/** A unique-index violation of the named constraint (drizzle wraps the driver's error in `cause`). */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e = error as { code?: string; constraint?: string; cause?: unknown } | undefined; e;) {
    if (e.code === '23505' && e.constraint === constraint) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/**
 * The 409 for a write the unique indexes refused: a save that raced another one for the same name or
 * embed name passed the checks before either was written, and must still get the message, not a 500.
 */
function uniqueRefusal(error: unknown, name: string, alias: string | null | undefined): Error {
  if (isUniqueViolation(error, 'packages_publisher_name_uq')) return conflict(packageNameInUse(name));
  if (alias && isUniqueViolation(error, 'packages_publisher_alias_uq'))
    return conflict(embedNameInUse(alias));
  return error as Error;
}

/** Name, size and duplicates: the checks that need no database. */
function checkShape(body: PackageWrite): { name: string; items: { id: number; title: string }[] } {
  const name = body.name.trim();
  const nameError = validatePackageName(name);
  if (nameError) throw badRequest(nameError);
  const sizeError = validatePackageSize(body.highlights.length);
  if (sizeError) throw badRequest(sizeError);
  const ids = body.highlights.map((h) => h.id);
  if (new Set(ids).size !== ids.length) throw badRequest(packageErrors.duplicateHighlight);
  return { name, items: body.highlights.map((h) => ({ id: h.id, title: h.title.trim() })) };
}

/** A blank alias is no alias. */
const normalizeAlias = (alias: string | null | undefined) =>
  alias === undefined ? undefined : alias === null || alias.trim() === '' ? null : alias.trim();

const summary = (row: PackageRow, highlightIds: number[]) => ({
  name: row.name,
  alias: row.alias,
  status: row.status,
  package_type: row.packageType,
  category: row.category,
  highlights: highlightIds,
  tvInvalidHlts: row.tvInvalidHlts,
});

export class PackageService {
  constructor(private readonly db: Db) {}

  /**
   * The highlights must all be the publisher's (a foreign or unknown id is a 404: nothing leaks about
   * other publishers), and highlights not already in the package must still be valid for Top Videos.
   * Returns the inferred category: the one category all highlights share, else null.
   */
  private async checkHighlights(
    repo: PackageRepository,
    publisherId: number,
    ids: number[],
    alreadyIn: Set<number>,
  ): Promise<string | null> {
    const found = await repo.publisherHighlights(publisherId, ids);
    if (found.length !== ids.length) throw notFound();
    const stale = found.find((h) => !h.tvValid && !alreadyIn.has(h.id));
    if (stale) throw badRequest(packageErrors.notForTopVideos(stale.id));
    const categories = new Set(found.map((h) => h.category));
    const [only] = categories;
    return categories.size === 1 && only ? only : null;
  }

  private async locked(repo: PackageRepository, publisherId: number, embedId: string, updatedAt?: number) {
    const row = await repo.find(publisherId, embedId, true);
    if (!row) throw notFound();
    if (updatedAt !== undefined && updatedAt < dateToSeconds(row.updatedAt))
      throw conflict(messages.packageStale);
    return row;
  }

  /** POST packages: a new user package (Active unless saved as Draft). Returns its embed id. */
  async create(actor: Actor, body: PackageWrite): Promise<string> {
    const { name, items } = checkShape(body);
    const alias = normalizeAlias(body.alias) ?? null;
    if (alias !== null) {
      const aliasError = validateAlias(alias);
      if (aliasError) throw badRequest(aliasError);
    }
    if (body.package_type === 'auto') throw badRequest(packageErrors.autoNotCreatable);
    const status = body.status ?? 'Active';
    if (status !== 'Active' && status !== 'Draft') throw badRequest(packageErrors.newStatus);

    try {
      return await this.db.transaction(async (tx) => {
        const repo = new PackageRepository(tx);
        const category = await this.checkHighlights(
          repo,
          actor.publisherId,
          items.map((h) => h.id),
          new Set(),
        );
        if (await repo.nameTaken(actor.publisherId, name)) throw conflict(packageNameInUse(name));
        if (alias !== null && (await repo.aliasTaken(actor.publisherId, alias)))
          throw conflict(embedNameInUse(alias));
        const values = {
          publisherId: actor.publisherId,
          name,
          alias,
          packageType: 'user' as const,
          category,
          status,
          sequence: '',
          maxAds: PACKAGE_DEFAULT_MAX_ADS,
          tvInvalidHlts: [],
        };
        let embedId = newEmbedId();
        for (let attempt = 1; !(await repo.insert({ ...values, embedId })); attempt++) {
          if (attempt >= 5) throw new Error('could not draw a free embed id');
          embedId = newEmbedId();
        }
        await repo.replaceHighlights(embedId, items);
        await writeAudit(tx, {
          objectType: 'package',
          publisherId: actor.publisherId,
          userId: actor.userId,
          actionName: 'create',
          objectId: embedId,
          payload: {
            after: { ...values, package_type: values.packageType, highlights: items.map((h) => h.id) },
          },
        });
        return embedId;
      });
    } catch (error) {
      // Two creations racing for one name or alias: the unique indexes decide.
      throw uniqueRefusal(error, name, alias);
    }
  }

  /** PUT packages/{id} with the full payload: highlights, titles, name, sequence, maybe a status. */
  async update(actor: Actor, embedId: string, body: PackageWrite): Promise<void> {
    const { name, items } = checkShape(body);
    const alias = normalizeAlias(body.alias);
    await this.db
      .transaction(async (tx) => {
        const repo = new PackageRepository(tx);
        const before = await this.locked(repo, actor.publisherId, embedId, body.updated_at);
        if (before.status === 'Archive' || before.status === 'Rejected')
          throw conflict(packageErrors.closed(before.status));
        if (alias !== undefined && alias !== before.alias) throw badRequest(packageErrors.aliasImmutable);
        const status = body.status ?? before.status;
        if (status !== before.status && !STATUS_TRANSITIONS[before.status].includes(status))
          throw conflict(packageErrors.transition(before.status, status));
        if (LISTED_STATUSES.includes(status) && (await repo.nameTaken(actor.publisherId, name, embedId)))
          throw conflict(packageNameInUse(name));

        const previous = (await repo.highlightsOf([embedId])).get(embedId) ?? [];
        const previousIds = new Set(previous.map((h) => h.highlightId));
        const category = await this.checkHighlights(
          repo,
          actor.publisherId,
          items.map((h) => h.id),
          previousIds,
        );

        // Auto packages remember the highlights the editor removed and confirmed (the 'Highlight removed'
        // dialog); only ids that really left the package count, and the list only grows.
        let tvInvalidHlts = before.tvInvalidHlts;
        let newlyInvalid: number[] = [];
        if (before.packageType === 'auto') {
          const kept = new Set(items.map((h) => h.id));
          const known = new Set(before.tvInvalidHlts);
          newlyInvalid = [...new Set(body.tvInvalidHlts)].filter(
            (id) => previousIds.has(id) && !kept.has(id) && !known.has(id),
          );
          tvInvalidHlts = [...before.tvInvalidHlts, ...newlyInvalid];
        }

        const after = {
          name,
          category,
          status,
          sequence: body.sequence,
          tvInvalidHlts,
          updatedAt: nextUpdatedAt(before.updatedAt),
        };
        await repo.update(embedId, after);
        await repo.replaceHighlights(embedId, items);
        await repo.markTvInvalid(actor.publisherId, newlyInvalid);
        await writeAudit(tx, {
          objectType: 'package',
          publisherId: actor.publisherId,
          userId: actor.userId,
          actionName: 'update',
          objectId: embedId,
          payload: {
            before: summary(before, [...previousIds]),
            after: summary(
              { ...before, ...after },
              items.map((h) => h.id),
            ),
            ...(newlyInvalid.length > 0 ? { tv_invalidated: newlyInvalid } : {}),
          },
        });
      })
      .catch((error: unknown) => {
        // A rename racing another save (or a create) for the same name: the unique index decides.
        throw uniqueRefusal(error, name, undefined);
      });
  }

  /** PUT packages/{id} with only a status: activate, deactivate, archive or reject. */
  async changeStatus(
    actor: Actor,
    embedId: string,
    body: { status: PackageStatus; updated_at?: number | undefined },
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      const repo = new PackageRepository(tx);
      const before = await this.locked(repo, actor.publisherId, embedId, body.updated_at);
      if (body.status === before.status) return; // Already there: nothing changes, nothing to record.
      if (!STATUS_TRANSITIONS[before.status].includes(body.status))
        throw conflict(packageErrors.transition(before.status, body.status));
      await repo.update(embedId, { status: body.status, updatedAt: nextUpdatedAt(before.updatedAt) });
      await writeAudit(tx, {
        objectType: 'package',
        publisherId: actor.publisherId,
        userId: actor.userId,
        actionName: body.status === 'Archive' ? 'archive' : body.status === 'Rejected' ? 'reject' : 'status',
        objectId: embedId,
        payload: { before: { status: before.status }, after: { status: body.status } },
      });
    });
  }
}
