// Publishers and their splash images as the admin changes them: each change and its audit_log entry in
// one transaction.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { indexOrders } from '@hc/db/order';
import { schema } from '@hc/db/schema';
import type { PublisherProductKey } from '@hc/shared/api/publishers-admin';
import { writeAudit } from '../audit/writer.ts';

const { publishers, splashImages } = schema;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type SplashImageRow = typeof splashImages.$inferSelect;

async function audit(
  tx: Tx,
  entry: { publisherId: number; userId: number; action: string; objectId: number; payload: unknown },
) {
  await writeAudit(tx, {
    publisherId: entry.publisherId,
    userId: entry.userId,
    actionName: entry.action,
    objectType: 'publisher',
    objectId: String(entry.objectId),
    payload: entry.payload,
  });
}

export class PublisherAdminRepository {
  constructor(private readonly db: Db) {}

  /** A new publisher with its audit entry; false when the id is taken. */
  create(publisher: { id: number; name: string; homeUrl: string }, userId: number): Promise<boolean> {
    const { id, name, homeUrl } = publisher;
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(publishers)
        // The account key publishers paste into their embed snippets: random, never derived.
        .values({ id, name, homeUrl, key: randomBytes(12).toString('hex') })
        .onConflictDoNothing({ target: publishers.id })
        .returning({ id: publishers.id });
      if (!row) return false;
      await audit(tx, {
        publisherId: id,
        userId,
        action: 'publisher_create',
        objectId: id,
        payload: { pub_name: name, pub_id: id, home_url: homeUrl },
      });
      return true;
    });
  }

  /** A product flag switched with its audit entry (before and after); false when no such publisher. */
  setProductStatus(
    id: number,
    product: PublisherProductKey,
    status: boolean,
    userId: number,
  ): Promise<boolean> {
    const column = product === 'apv' ? 'apvEnabled' : 'editorEnabled';
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ value: publishers[column] })
        .from(publishers)
        .where(eq(publishers.id, id))
        .for('update');
      if (!before) return false;
      await tx
        .update(publishers)
        .set({ [column]: status })
        .where(eq(publishers.id, id));
      await audit(tx, {
        publisherId: id,
        userId,
        action: 'publisher_product_status',
        objectId: id,
        payload: { product, status: [before.value, status] },
      });
      return true;
    });
  }

  /** A stored splash image's row with its audit entry. */
  addSplash(publisherId: number, stored: string, bytes: number, userId: number): Promise<SplashImageRow> {
    return this.db.transaction(async (tx) => {
      const [inserted] = await tx.insert(splashImages).values({ publisherId, path: stored }).returning();
      await audit(tx, {
        publisherId,
        userId,
        action: 'splash_image_upload',
        objectId: publisherId,
        payload: { splash_image_id: inserted!.id, bytes },
      });
      return inserted!;
    });
  }

  /** The publisher's latest 100 splash images, newest first. */
  splashImages(publisherId: number): Promise<SplashImageRow[]> {
    return this.db
      .select()
      .from(splashImages)
      .where(eq(splashImages.publisherId, publisherId))
      .orderBy(...indexOrders([splashImages.createdAt, splashImages.id], 'desc'))
      .limit(100);
  }
}
