// Users and the publishers they may act for: the data side of login, set_publisher and the users CLI.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type { Role } from '@hc/shared/constants';

const { users, publishers, userPublisherRoles } = schema;

export interface UserRow {
  id: number;
  email: string;
  passwordHash: string;
  isAdmin: boolean;
  userIdentifier: string | null;
  defaultPublisherId: number | null;
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export class AccountRepository {
  constructor(private readonly db: Db) {}

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select({
        id: users.id,
        email: users.email,
        passwordHash: users.passwordHash,
        isAdmin: users.isAdmin,
        userIdentifier: users.userIdentifier,
        defaultPublisherId: users.defaultPublisherId,
      })
      .from(users)
      .where(eq(users.email, normalizeEmail(email)))
      .limit(1);
    return row;
  }

  /** Publishers the user may act for: all of them for an admin, else those with a roles row. */
  async publishersFor(user: { id: number; isAdmin: boolean }): Promise<{ id: number; name: string }[]> {
    if (user.isAdmin) {
      return this.db
        .select({ id: publishers.id, name: publishers.name })
        .from(publishers)
        .orderBy(asc(publishers.id));
    }
    return this.db
      .select({ id: publishers.id, name: publishers.name })
      .from(userPublisherRoles)
      .innerJoin(publishers, eq(publishers.id, userPublisherRoles.publisherId))
      .where(eq(userPublisherRoles.userId, user.id))
      .orderBy(asc(publishers.id));
  }

  async canActFor(user: { id: number; isAdmin: boolean }, publisherId: number): Promise<boolean> {
    if (user.isAdmin) {
      const [p] = await this.db
        .select({ id: publishers.id })
        .from(publishers)
        .where(eq(publishers.id, publisherId));
      return p !== undefined;
    }
    const [row] = await this.db
      .select({ userId: userPublisherRoles.userId })
      .from(userPublisherRoles)
      .where(and(eq(userPublisherRoles.userId, user.id), eq(userPublisherRoles.publisherId, publisherId)));
    return row !== undefined;
  }

  /** The publisher a fresh login acts for: the user's default when still allowed, else the first one. */
  async loginPublisher(user: UserRow): Promise<number | null> {
    if (user.defaultPublisherId !== null && (await this.canActFor(user, user.defaultPublisherId))) {
      return user.defaultPublisherId;
    }
    const [first] = await this.publishersFor(user);
    return first?.id ?? null;
  }

  async create(input: {
    email: string;
    passwordHash: string;
    isAdmin: boolean;
    publisherId: number;
    roles: Role[];
    userIdentifier?: string | null;
  }): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          email: normalizeEmail(input.email),
          passwordHash: input.passwordHash,
          isAdmin: input.isAdmin,
          userIdentifier: input.userIdentifier ?? null,
          defaultPublisherId: input.publisherId,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      await tx
        .insert(userPublisherRoles)
        .values({ userId: user.id, publisherId: input.publisherId, roles: input.roles });
      return user.id;
    });
  }

  /** One login attempt, kept for the admins' view of who tried what from where (email cut to its column). */
  async recordLoginAttempt(attempt: { email: string; ip: string; success: boolean; reason: string | null }) {
    await this.db.insert(schema.loginAttempts).values({ ...attempt, email: attempt.email.slice(0, 254) });
  }

  async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
    await this.db.update(users).set({ passwordHash }).where(eq(users.id, userId));
  }

  async remove(userId: number): Promise<void> {
    await this.db.delete(users).where(eq(users.id, userId));
  }

  async list(): Promise<
    { email: string; isAdmin: boolean; publisherId: number | null; roles: string[] | null }[]
  > {
    return this.db
      .select({
        email: users.email,
        isAdmin: users.isAdmin,
        publisherId: userPublisherRoles.publisherId,
        roles: userPublisherRoles.roles,
      })
      .from(users)
      .leftJoin(userPublisherRoles, eq(userPublisherRoles.userId, users.id))
      .orderBy(asc(users.email), asc(userPublisherRoles.publisherId));
  }

  async publishersExist(ids: number[]): Promise<boolean> {
    if (ids.length === 0) return true;
    const rows = await this.db
      .select({ id: publishers.id })
      .from(publishers)
      .where(inArray(publishers.id, ids));
    return rows.length === new Set(ids).size;
  }
}
