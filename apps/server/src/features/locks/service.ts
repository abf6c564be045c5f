// Exclusive task locks: one service for vertical tasks and review-queue articles. A reviewer
// takes a lease when a task opens, renews it by heartbeat, and releases it on close; it lapses by
// itself after config.taskLockSeconds (a closed tab, a crashed browser, a dead server process). Every
// action on a task proves the live lease inside its own transaction (holdForAction), so a holder whose
// lease lapsed or was taken cannot write. Every change is broadcast on the live channel to the
// publisher's room; socket.io only tells, PostgreSQL decides.
import type { Db } from '@hc/db/client';
import type { TaskLock } from '@hc/shared/api/locks';
import type { Role } from '@hc/shared/constants';
import type { LockChangedEvent, LockKind } from '@hc/shared/live/events';
import { lockMessages } from '@hc/shared/live/locks';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { conflict, HttpError, notFound } from '../../plugins/errors.ts';
import { REVIEW_ROLE } from '../review/repo.ts';
import { requirePermission, VERTICAL_REVIEW_ROLE } from '../vertical/scope.ts';
import { LockRepository, type LeaseRow, type LockScope } from './repo.ts';
import { writeAudit } from '../audit/writer.ts';

/** The lease is live: held and not yet lapsed. */
const isLive = (lease: LeaseRow, now = new Date()) =>
  lease.holderUserId !== null && lease.expiresAt !== null && lease.expiresAt > now;

/** A lease as the lock calls answer it (holder and expiry only while it is live). */
export function presentLock(kind: LockKind, id: number, lease: LeaseRow): TaskLock {
  const live = isLive(lease);
  return {
    kind,
    id,
    fence: lease.fence,
    expires_at: live ? lease.expiresAt!.toISOString() : null,
    holder_email: live ? lease.holderEmail : null,
  };
}

/** Why an action may not write: someone else holds the task, or the caller's lease is gone. */
function refusal(lease: LeaseRow | null, caller: AuthContext, fenceSent: boolean): HttpError {
  if (!lease) return notFound();
  if (isLive(lease) && lease.holderUserId !== caller.userId)
    return conflict(lockMessages.heldBy(lease.holderEmail ?? ''));
  return conflict(fenceSent ? lockMessages.lost : lockMessages.required);
}

/** An acquire that reached the database: taken by the caller, or refused for a live lease of another. */
interface AcquireOutcome {
  taken: boolean;
  lease: LeaseRow;
}

/**
 * The caller works on tasks of this kind in the task's publisher, known without asking the database: an
 * admin, or the session's own publisher with the kind's role (repo.ts's scope, for the common case).
 */
const worksAt = (caller: AuthContext, kind: LockKind, lease: LeaseRow) =>
  caller.isAdmin ||
  (lease.publisherId === caller.publisherId &&
    caller.roles.includes((kind === 'vertical_task' ? VERTICAL_REVIEW_ROLE : REVIEW_ROLE) as Role));

export class TaskLockService {
  private readonly repo: LockRepository;
  /** Acquires asking the database now, by task (`kind:id`), with the lease they will end with. */
  private readonly acquiring = new Map<string, Promise<LeaseRow | null>>();

  constructor(private readonly ctx: AppContext) {
    this.repo = new LockRepository(ctx.db);
  }

  private get seconds() {
    return this.ctx.config.taskLockSeconds;
  }

  /**
   * The publishers where the caller may work on tasks of this kind, as the task's own calls decide:
   * vertical tasks the review permission (switch_publisher); articles the reviewer role per publisher.
   */
  private scope(caller: AuthContext, kind: LockKind): LockScope {
    if (kind === 'vertical_task') requirePermission(caller, 'review');
    if (caller.isAdmin) return null;
    return { userId: caller.userId, role: kind === 'vertical_task' ? VERTICAL_REVIEW_ROLE : REVIEW_ROLE };
  }

  /** Tells the publisher's browsers who holds the task now. */
  private announce(kind: LockKind, id: number, lease: LeaseRow): void {
    const lock = presentLock(kind, id, lease);
    const event: LockChangedEvent = {
      kind,
      id,
      holder_email: lock.holder_email,
      expires_at: lock.expires_at,
    };
    this.ctx.live.lockChanged(lease.publisherId, event);
  }

  /** Opens a task: the lease, or 409 naming whoever holds it; 404 outside the caller's publishers. */
  async acquire(caller: AuthContext, kind: LockKind, id: number): Promise<TaskLock> {
    const scope = this.scope(caller, kind);
    const key = `${kind}:${id}`;
    const running = this.acquiring.get(key);
    if (running) {
      // Many reviewers opening one task at once (the lock-race bench: 50): one asks PostgreSQL and the others
      // who arrive meanwhile get its outcome when it is a live lease of someone else in a publisher where
      // they work, the answer the database gives them at that moment. Anything else asks the database.
      const lease = await running;
      if (lease && isLive(lease) && lease.holderUserId !== caller.userId && worksAt(caller, kind, lease))
        throw conflict(lockMessages.heldBy(lease.holderEmail ?? ''));
      return this.present(caller, kind, id, await this.acquireInDatabase(caller, kind, id, scope));
    }
    const attempt = this.acquireInDatabase(caller, kind, id, scope);
    const outcome = attempt.then(
      (found) => found.lease,
      () => null,
    );
    this.acquiring.set(key, outcome);
    try {
      return this.present(caller, kind, id, await attempt);
    } finally {
      if (this.acquiring.get(key) === outcome) this.acquiring.delete(key);
    }
  }

  /** The lease taken (announced), or 409 naming whoever holds it. */
  private present(caller: AuthContext, kind: LockKind, id: number, found: AcquireOutcome): TaskLock {
    if (!found.taken) throw conflict(lockMessages.heldBy(found.lease.holderEmail ?? ''));
    this.announce(kind, id, found.lease);
    return presentLock(kind, id, found.lease);
  }

  private async acquireInDatabase(
    caller: AuthContext,
    kind: LockKind,
    id: number,
    scope: LockScope,
  ): Promise<AcquireOutcome> {
    // The first try skips a row some other transaction has locked; the second queues on it (the row was
    // locked by an action or a status write, or the lease was freed while we looked: see repo.acquire).
    for (let attempt = 0; attempt < 2; attempt++) {
      const found = await this.repo.acquire(kind, id, caller.userId, this.seconds, scope, {
        wait: attempt > 0,
      });
      if (!found) throw notFound();
      if (found.taken) return { taken: true, lease: found.lease };
      const { lease } = found;
      if (isLive(lease) && lease.holderUserId !== caller.userId) return { taken: false, lease };
    }
    throw conflict(lockMessages.lost);
  }

  /** Renews the caller's live lease of that fence; 409 when it lapsed or was taken over. */
  async heartbeat(caller: AuthContext, kind: LockKind, id: number, fence: number): Promise<TaskLock> {
    const scope = this.scope(caller, kind);
    const renewed = await this.repo.renew(kind, id, caller.userId, fence, this.seconds, scope);
    if (renewed) {
      this.announce(kind, id, renewed);
      return presentLock(kind, id, renewed);
    }
    throw refusal(await this.repo.read(kind, id, scope), caller, true);
  }

  /** Closes a task: frees the caller's lease of that fence. Idempotent: a lease already gone is fine. */
  async release(caller: AuthContext, kind: LockKind, id: number, fence: number): Promise<TaskLock> {
    const scope = this.scope(caller, kind);
    const freed = await this.repo.clear(kind, id, scope, { userId: caller.userId, fence });
    if (freed) {
      this.announce(kind, id, freed);
      return presentLock(kind, id, freed);
    }
    const lease = await this.repo.read(kind, id, scope);
    if (!lease) throw notFound();
    return presentLock(kind, id, lease);
  }

  /** An admin frees the task whoever holds it (403 for anyone else); logged in the audit log. */
  async breakLock(caller: AuthContext, kind: LockKind, id: number): Promise<TaskLock> {
    if (!caller.isAdmin) throw new HttpError(403, [lockMessages.breakAdminsOnly]);
    const before = await this.repo.read(kind, id, null);
    if (!before) throw notFound();
    const freed = await this.repo.clear(kind, id, null);
    if (!freed) return presentLock(kind, id, before);
    await writeAudit(this.ctx.db, {
      publisherId: freed.publisherId,
      userId: caller.userId,
      actionName: 'lock_break',
      objectId: String(id),
      objectType: kind,
      payload: {
        holder_email: isLive(before) ? before.holderEmail : null,
        fence: before.fence,
      },
    });
    this.announce(kind, id, freed);
    return presentLock(kind, id, freed);
  }

  // ------------------------------------------------------------------ inside an action's transaction

  /**
   * Inside an action's transaction: the caller's live lease of `fence` on the task, row-locked until the
   * action commits, else a 409 saying why (held by someone else, lapsed or taken, none sent).
   */
  async holdForAction(
    tx: Db,
    caller: AuthContext,
    kind: LockKind,
    id: number,
    fence: number | undefined,
  ): Promise<void> {
    const repo = new LockRepository(tx);
    if (fence !== undefined && (await repo.holdForAction(kind, id, caller.userId, fence))) return;
    throw refusal(await repo.read(kind, id, null), caller, fence !== undefined);
  }

  /**
   * After an action that finished the task committed (approve, reject, submit_feedback): frees the
   * caller's lease and tells the browsers.
   */
  async releaseAfterAction(caller: AuthContext, kind: LockKind, id: number, fence: number | undefined) {
    if (fence === undefined) return;
    const freed = await this.repo.clear(kind, id, null, { userId: caller.userId, fence });
    if (freed) this.announce(kind, id, freed);
  }
}
