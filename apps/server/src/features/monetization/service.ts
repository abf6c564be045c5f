// Saving a monetization setup (the config pages): the submitted configs are rebuilt into the page's form
// and checked with the same shared rules as the browser, stored with the stated conversions, and every
// changed record gets its audit entry (acting user, before and after) in the same transaction.
import type { Db } from '@hc/db/client';
import type { SaveSetupBody } from '@hc/shared/api/monetization';
import { messages } from '@hc/shared/messages';
import { diffConfigs } from '@hc/shared/monetization/audit-changes';
import { isMonetizationAbTest } from '@hc/shared/monetization/grid-rules';
import {
  blankSetupForm,
  DISPLAY_PLATFORMS,
  displayConfigsOf,
  isKnownAdFlow,
  setupFormFrom,
  validateSetupForm,
  videoConfigOf,
} from '@hc/shared/monetization/setup-form';
import { conflict, HttpError } from '../../plugins/errors.ts';
import { MonetizationRepository, type AuditInsert, type Scope } from './repo.ts';

/** Server answers the spec does not word. */
export const setupErrors = {
  unknownFlow: 'The ad flow settings do not match Autoplay or a Preload sequence option.',
  exists: (level: string) => `This ${level} already has a setup. Use Update existing setup to change it.`,
  missing: (level: string) => `This ${level} has no setup yet. Use a new setup to create one.`,
};

export interface SetupActor {
  userId: number;
  email: string;
}

const unprocessable = (errors: string[]) => new HttpError(422, errors);
const notFoundWith = (message: string) => new HttpError(404, [message]);

/** A unique-index violation (two new setups of one scope racing); drizzle wraps the driver's error. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}

const prefixed = (prefix: string, changes: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(changes).map(([k, v]) => [`${prefix}${k}`, v]));

export class MonetizationService {
  constructor(private readonly db: Db) {}

  /**
   * PUT publisher_info/monetization. Values the page does not send (fields that do not apply to the flow,
   * display details with the fallback off) keep their stored value; the flags say they do not apply.
   */
  async save(actor: SetupActor, body: SaveSetupBody): Promise<Scope> {
    if (!isKnownAdFlow(body.video)) throw unprocessable([setupErrors.unknownFlow]);
    const form = setupFormFrom(body.video, body.display, blankSetupForm());
    const errors = validateSetupForm(form);
    if (errors.length > 0) throw unprocessable(errors.map((e) => e.message));
    const video = videoConfigOf(form);
    const displays = displayConfigsOf(form);

    const scope: Scope = { publisherId: body.publisher_id, placementId: body.placement_id };
    const level = scope.placementId === null ? 'publisher' : 'placement';
    try {
      await this.db.transaction(async (tx) => {
        const repo = new MonetizationRepository(tx);
        const publisher = await repo.publisher(scope.publisherId);
        if (!publisher) throw notFoundWith(messages.notFound);
        let description = `${publisher.name} default`;
        if (scope.placementId !== null) {
          const placement = await repo.placement(scope.placementId);
          if (placement?.publisherId !== scope.publisherId) throw notFoundWith(messages.notFound);
          if (isMonetizationAbTest(await repo.abTest(placement.id))) throw conflict(messages.abTestBlocked);
          description = placement.name;
        }

        const existing = await repo.lockVideo(scope);
        if (body.mode === 'new' && existing) throw conflict(setupErrors.exists(level));
        if (body.mode === 'update' && !existing) throw notFoundWith(setupErrors.missing(level));
        const existingDisplays = await repo.lockDisplays(scope);

        const audits: AuditInsert[] = [];
        const audit = (auditableType: string, changes: Record<string, unknown>, created: boolean) => {
          const fields = Object.keys(changes);
          if (fields.length === 0) return;
          audits.push({
            publisherId: scope.publisherId,
            placementId: scope.placementId,
            userId: actor.userId,
            email: actor.email,
            action: created ? 'create' : 'update',
            auditableType,
            associatedType: scope.placementId === null ? 'Publisher' : 'Placement',
            fieldName: fields.length === 1 ? (fields[0] ?? null) : null,
            auditedChanges: changes,
          });
        };

        const before = existing?.config ?? {};
        const nextVideo = { ...before, ...video, description: before.description ?? description };
        await repo.writeVideo(scope, existing, nextVideo);
        audit('VideoConfig', diffConfigs(before, nextVideo), !existing);

        for (const platform of DISPLAY_PLATFORMS) {
          const current = existingDisplays.find((d) => d.platform === platform);
          const previous = current?.config ?? {};
          const next = { ...previous, ...displays[platform] };
          await repo.writeDisplay(scope, platform, current, next);
          audit('DisplayConfig', prefixed(`${platform}.`, diffConfigs(previous, next)), !current);
        }
        await repo.insertAudits(audits);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(setupErrors.exists(level));
      throw error;
    }
    return scope;
  }
}
