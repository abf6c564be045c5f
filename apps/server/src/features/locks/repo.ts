// Task leases in PostgreSQL (one holder a task, lapsing by itself): the lock columns live on the task's own
// row (vertical_tasks by video_id, articles by id), so the resource itself checks them. Each change is one
// statement: of N callers racing to acquire, PostgreSQL's row lock lets exactly one take the lease.
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { Db } from '@hc/db/client';
import { queryRows } from '@hc/db/client';
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
// every lock call (50 racers each paid it, in the lock-race bench).
/** The task `t` belongs to a publisher where the user holds the role (values or placeholders). */
const publisherWithRole = (userId: unknown, role: unknown): SQL =>
  sql`t.publisher_id in (select r.publisher_id from user_publisher_roles r
    where r.user_id = ${userId} and ${role} = any(r.roles))`;
const inScope = (scope: LockScope): SQL =>
  scope === null ? sql`true` : publisherWithRole(scope.userId, scope.role);

/** What the statements return: the lease after the change, with the holder's e-mail. */
const RETURNING = sql`t.publisher_id, t.lock_fence::text as fence, t.lock_holder_user_id as holder_user_id,
  (select u.email from users u where u.id = t.lock_holder_user_id) as holder_email,
  t.lock_expires_at as expires_at`;

const dialect = new PgDialect();

/** The acquire statement's values, by placeholder name. */
type AcquireValues = { id: number; userId: number; seconds: number; role: string | null };
const value = (name: keyof AcquireValues) => sql.placeholder(name);

/** A row of `s` (columns as RETURNING names them) is a live lease of someone other than the caller. */
const liveOther = sql`s.holder_user_id is not null and s.holder_user_id <> ${value('userId')}
  and s.expires_at > now()`;

/**
 * The acquire statement of one kind, scope form and wait mode (see LockRepository.acquire), with its
 * values as placeholders: its text never changes, so it is built once and runs as a named statement.
 */
function acquireStatement(kind: LockKind, scoped: boolean, wait: boolean): SQL {
  const { table, id: key } = TABLES[kind];
  const scope = scoped ? publisherWithRole(value('userId'), value('role')) : sql`true`;
  const where = sql`t.${key} = ${value('id')} and ${scope}`;
  return sql`
    with free as (
      select t.${key} from ${table} t
      where ${where}
        and (t.lock_holder_user_id is null or t.lock_expires_at is null or t.lock_expires_at < now()
             or t.lock_holder_user_id = ${value('userId')})
      for no key update of t ${wait ? sql`` : sql`skip locked`}),
    taken as (
      update ${table} t
      set lock_holder_user_id = ${value('userId')},
          lock_expires_at = now() + make_interval(secs => ${value('seconds')}),
          lock_fence = t.lock_fence + 1
      from free where t.${key} = free.${key}
      returning ${RETURNING}, true as taken),
    seen as (
      select ${RETURNING}, false as taken from ${table} t
      where ${where} and not exists (select 1 from taken)),
    held as (
      select ${RETURNING}, false as taken, set_config('synchronous_commit', 'off', true)
      from ${table} t
      where ${where} and not exists (select 1 from taken)
        and not exists (select 1 from seen s where ${liveOther})
      for share of t)
    select * from taken
    union all
    select * from seen s where ${liveOther}
    union all
    select publisher_id, fence, holder_user_id, holder_email, expires_at, taken from held`;
}

export class LockRepository {
  private readonly prepared = new Map<string, PgPreparedQuery<PreparedQueryConfig>>();

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
   * time. Refused, it answers the lease as it stands in the same statement, so a loser of a race needs
   * no second round trip to learn who won. Null when the task is missing or out of scope.
   *
   * `wait: false` skips a row another transaction has locked instead of queueing on it (the lock-race bench:
   * 50 racers queued one after another behind the winner, each taking the row lock and a WAL flush in turn).
   * `wait: true` queues, for a row held by anything else (an action, a render status write).
   *
   * The refusal is read from the statement's snapshot when that already shows someone else's live
   * lease (no lock, the common case of a lost race). Otherwise the row may be changing under us (the
   * winner has not committed yet): a FOR SHARE read waits for that commit and sees the row as
   * committed, so the loser learns the winner's name rather than an old free lease. Share locks do not
   * queue behind one another. That transaction changes no data, so it commits without waiting for its
   * WAL flush: a crash can lose only its row lock. Hence never call this inside a transaction of
   * yours: the setting would apply to all of it.
   */
  async acquire(
    kind: LockKind,
    id: number,
    userId: number,
    seconds: number,
    scope: LockScope,
    { wait }: { wait: boolean },
  ): Promise<{ taken: boolean; lease: LeaseRow } | null> {
    const values: AcquireValues = { id, userId, seconds, role: scope?.role ?? null };
    const result = (await this.acquireQuery(kind, scope !== null, wait).execute(values)) as {
      rows: (RawLease & { taken: boolean })[];
    };
    const [row] = result.rows;
    return row ? { taken: row.taken, lease: toLease(row) } : null;
  }

  /**
   * The acquire statement as a named (server-side prepared) one, built once: each pool connection
   * plans it once. Planning it took ~0.3 ms of PostgreSQL's CPU against ~0.07 ms to run it, and
   * building its text in drizzle a few percent of the server's CPU, for every racer (the lock-race bench).
   */
  private acquireQuery(kind: LockKind, scoped: boolean, wait: boolean) {
    const name = `task_lock_acquire_${kind}_${scoped ? 'scoped' : 'all'}_${wait ? 'wait' : 'skip'}`;
    let query = this.prepared.get(name);
    if (!query) {
      const built = dialect.sqlToQuery(acquireStatement(kind, scoped, wait));
      query = this.db._.session.prepareQuery(built, undefined, name, false);
      this.prepared.set(name, query);
    }
    return query;
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
}
