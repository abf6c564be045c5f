// Task leases in PostgreSQL (issue 7, ARCHITECTURE.md §8): the lock columns live on the task's own row
// (vertical_tasks by video_id, articles by id), so the resource itself checks them. Each change is one
// conditional UPDATE: of N callers racing to acquire, PostgreSQL's row lock lets exactly one match.
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { queryRows } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type { LockKind } from '@hc/shared/live/events';

/** Table and key column of each kind (constants, never input). */
const TABLES: Record<LockKind, { table: SQL; id: SQL }> = {
  vertical_task: { table: sql.raw('vertical_tasks'), id: sql.raw('video_id') },
  article: { table: sql.raw('articles'), id: sql.raw('id') },
};

/**
 * Where the caller works on tasks of this kind: the publishers where the user holds `role`; null means
 * every publisher (admins).
 */
export type LockScope = { userId: number; role: string } | null;

/** A task's lease as stored: the holder is live only while expiresAt is in the future. */
export interface LeaseRow {
  publisherId: number;
  fence: number;
  holderUserId: number | null;
  holderEmail: string | null;
  expiresAt: Date | null;
}

interface RawLease {
  publisher_id: number;
  fence: string | number;
  holder_user_id: number | null;
  holder_email: string | null;
  expires_at: Date | string | null;
}

const toLease = (row: RawLease): LeaseRow => ({
  publisherId: Number(row.publisher_id),
  fence: Number(row.fence),
  holderUserId: row.holder_user_id,
  holderEmail: row.holder_email,
  expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
});

// The scope is a subquery of each statement rather than a query of its own: one round trip less on
// every lock call (50 racers each paid it, bench B7).
const inScope = (scope: LockScope): SQL =>
  scope === null
    ? sql`true`
    : sql`t.publisher_id in (select r.publisher_id from user_publisher_roles r
        where r.user_id = ${scope.userId} and ${scope.role} = any(r.roles))`;

/** What the statements return: the lease after the change, with the holder's e-mail. */
const RETURNING = sql`t.publisher_id, t.lock_fence::text as fence, t.lock_holder_user_id as holder_user_id,
  (select u.email from users u where u.id = t.lock_holder_user_id) as holder_email,
  t.lock_expires_at as expires_at`;

export class LockRepository {
  constructor(private readonly db: Db) {}

  private async one(query: SQL): Promise<LeaseRow | null> {
    const [row] = await queryRows<RawLease>(this.db, query);
    return row ? toLease(row) : null;
  }

  /** The task's lease now (null when the task is missing or out of scope). */
  async read(kind: LockKind, id: number, scope: LockScope): Promise<LeaseRow | null> {
    const { table, id: key } = TABLES[kind];
    return this.one(sql`select ${RETURNING} from ${table} t where t.${key} = ${id} and ${inScope(scope)}`);
  }

  /**
   * Takes the lease when it is free, lapsed, or already the caller's (a second tab): a new fence each
   * time. Refused (someone else holds a live lease), it answers the lease as it stands, in the same
   * statement: a loser of a race needs no second round trip to learn who won. That read sees the
   * statement's snapshot, so a lease taken while the UPDATE waited on the row shows as before it (not
   * live): the caller asks again. Null when the task is missing or out of scope.
   */
  async acquire(
    kind: LockKind,
    id: number,
    userId: number,
    seconds: number,
    scope: LockScope,
  ): Promise<{ taken: boolean; lease: LeaseRow } | null> {
    const { table, id: key } = TABLES[kind];
    const [row] = await queryRows<RawLease & { taken: boolean }>(
      this.db,
      sql`
      with taken as (
        update ${table} t
        set lock_holder_user_id = ${userId},
            lock_expires_at = now() + make_interval(secs => ${seconds}),
            lock_fence = t.lock_fence + 1
        where t.${key} = ${id} and ${inScope(scope)}
          and (t.lock_holder_user_id is null or t.lock_expires_at is null or t.lock_expires_at < now()
               or t.lock_holder_user_id = ${userId})
        returning ${RETURNING}, true as taken)
      select * from taken
      union all
      select ${RETURNING}, false as taken from ${table} t
      where t.${key} = ${id} and ${inScope(scope)} and not exists (select 1 from taken)`,
    );
    return row ? { taken: row.taken, lease: toLease(row) } : null;
  }

  /** Renews the caller's live lease of that fence; null when it lapsed or was taken. */
  async renew(
    kind: LockKind,
    id: number,
    userId: number,
    fence: number,
    seconds: number,
    scope: LockScope,
  ): Promise<LeaseRow | null> {
    const { table, id: key } = TABLES[kind];
    return this.one(sql`
      update ${table} t
      set lock_expires_at = now() + make_interval(secs => ${seconds})
      where t.${key} = ${id} and ${inScope(scope)}
        and t.lock_holder_user_id = ${userId} and t.lock_fence = ${fence} and t.lock_expires_at > now()
      returning ${RETURNING}`);
  }

  /**
   * Frees the lease. With a holder and fence, only that lease (release); without, whoever holds it
   * (an admin's break). Null when nothing matched.
   */
  async clear(
    kind: LockKind,
    id: number,
    scope: LockScope,
    holder?: { userId: number; fence: number },
  ): Promise<LeaseRow | null> {
    const { table, id: key } = TABLES[kind];
    const whose = holder
      ? sql`t.lock_holder_user_id = ${holder.userId} and t.lock_fence = ${holder.fence}`
      : sql`t.lock_holder_user_id is not null`;
    return this.one(sql`
      update ${table} t
      set lock_holder_user_id = null, lock_expires_at = null
      where t.${key} = ${id} and ${inScope(scope)} and ${whose}
      returning ${RETURNING}`);
  }

  /**
   * Inside an action's transaction: row-locks the task while the caller's live lease of that fence
   * holds, so no acquire can take it over until the action commits. False when it does not hold.
   */
  async holdForAction(kind: LockKind, id: number, userId: number, fence: number): Promise<boolean> {
    const { table, id: key } = TABLES[kind];
    const rows = await queryRows(
      this.db,
      sql`select 1 from ${table} t
          where t.${key} = ${id} and t.lock_holder_user_id = ${userId} and t.lock_fence = ${fence}
            and t.lock_expires_at > now()
          for update`,
    );
    return rows.length === 1;
  }

  async audit(row: typeof schema.auditLog.$inferInsert): Promise<void> {
    await this.db.insert(schema.auditLog).values(row);
  }
}
