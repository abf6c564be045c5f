// Publisher groups as syndication reads them.
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';

const { publishers } = schema;

/** The other publishers sharing the publisher's group (none without a group). */
export async function groupPeers(db: Db, publisherId: number): Promise<number[]> {
  const [own] = await db
    .select({ groupId: publishers.groupId })
    .from(publishers)
    .where(eq(publishers.id, publisherId));
  if (!own?.groupId) return [];
  const rows = await db
    .select({ id: publishers.id })
    .from(publishers)
    .where(and(eq(publishers.groupId, own.groupId), ne(publishers.id, publisherId)));
  return rows.map((r) => r.id);
}
