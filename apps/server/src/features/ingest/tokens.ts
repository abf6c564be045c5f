// Service tokens of the highlight pipeline: made by the operator CLI, each feeding exactly one
// publisher. Only a SHA-256 of the token is stored; a request's token is found by its hash (an index
// lookup, so no comparison of secrets runs in JavaScript and none leaks timing).
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import { SERVICE_TOKEN_PREFIX } from '@hc/shared/api/ingest';
import { hashToken } from '../auth/tokens.ts';

const { serviceTokens, publishers } = schema;

export interface ServiceCaller {
  tokenId: number;
  publisherId: number;
}

export type ServiceTokenRow = typeof serviceTokens.$inferSelect;

/** last_used_at is written at most once a minute, so a busy pipeline does not write on every call. */
const LAST_USED_GRANULARITY = sql`interval '1 minute'`;

export const newServiceToken = () => SERVICE_TOKEN_PREFIX + randomBytes(32).toString('base64url');

export class ServiceTokenRepository {
  constructor(private readonly db: Db) {}

  /** A new token for the publisher; the token itself is returned once and never stored. */
  async create(name: string, publisherId: number): Promise<{ row: ServiceTokenRow; token: string }> {
    const token = newServiceToken();
    const [row] = await this.db
      .insert(serviceTokens)
      .values({ name, publisherId, tokenHash: hashToken(token) })
      .returning();
    return { row: row!, token };
  }

  async list(): Promise<(ServiceTokenRow & { publisherName: string })[]> {
    const rows = await this.db
      .select({ token: serviceTokens, publisherName: publishers.name })
      .from(serviceTokens)
      .innerJoin(publishers, eq(publishers.id, serviceTokens.publisherId))
      .orderBy(asc(serviceTokens.id));
    return rows.map((r) => ({ ...r.token, publisherName: r.publisherName }));
  }

  /** Revokes a live token; false when there is no such token or it was already revoked. */
  async revoke(id: number): Promise<boolean> {
    const rows = await this.db
      .update(serviceTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(serviceTokens.id, id), isNull(serviceTokens.revokedAt)))
      .returning({ id: serviceTokens.id });
    return rows.length > 0;
  }

  async publisherExists(id: number): Promise<boolean> {
    const [row] = await this.db.select({ id: publishers.id }).from(publishers).where(eq(publishers.id, id));
    return row !== undefined;
  }

  /** The caller of a live token, or null (unknown or revoked). */
  async resolve(token: string): Promise<ServiceCaller | null> {
    if (!token.startsWith(SERVICE_TOKEN_PREFIX)) return null;
    const [row] = await this.db
      .select({ id: serviceTokens.id, publisherId: serviceTokens.publisherId })
      .from(serviceTokens)
      .where(and(eq(serviceTokens.tokenHash, hashToken(token)), isNull(serviceTokens.revokedAt)));
    if (!row) return null;
    await this.db
      .update(serviceTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(serviceTokens.id, row.id),
          or(
            isNull(serviceTokens.lastUsedAt),
            lt(serviceTokens.lastUsedAt, sql`now() - ${LAST_USED_GRANULARITY}`),
          ),
        ),
      );
    return { tokenId: row.id, publisherId: row.publisherId };
  }
}
