// Stories, their pages and uploaded objects: reads scoped to one publisher, and the writes the service
// runs inside its transactions.
import { and, asc, count, eq, ilike, inArray } from 'drizzle-orm';
import { indexOrders } from '@hc/db/order';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type { StoryListQuery } from '@hc/shared/api/stories';

const { stories, storyPages, uploadedObjects, publishers } = schema;

export type StoryRow = typeof stories.$inferSelect;
export type StoryPageRow = typeof storyPages.$inferSelect;
export type StoryPageInsert = typeof storyPages.$inferInsert;
export type UploadedObjectRow = typeof uploadedObjects.$inferSelect;

/** % and _ typed into the search box are plain characters. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export class StoryRepository {
  constructor(private readonly db: Db) {}

  /** A page of the publisher's stories, updated_at newest first. */
  async list(publisherId: number, query: StoryListQuery): Promise<{ rows: StoryRow[]; count: number }> {
    const where = and(
      eq(stories.publisherId, publisherId),
      query.q ? ilike(stories.title, likePattern(query.q)) : undefined,
    );
    const rows = await this.db
      .select()
      .from(stories)
      .where(where)
      .orderBy(...indexOrders([stories.updatedAt, stories.id], 'desc'))
      .limit(query.per)
      .offset((query.page - 1) * query.per);
    const [total] = await this.db.select({ n: count() }).from(stories).where(where);
    return { rows, count: total?.n ?? 0 };
  }

  /** One story of the publisher; `lock` takes the row for the rest of the transaction. */
  async find(publisherId: number, id: number, lock = false): Promise<StoryRow | null> {
    const query = this.db
      .select()
      .from(stories)
      .where(and(eq(stories.id, id), eq(stories.publisherId, publisherId)));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  }

  /** Pages of the stories, in display order, grouped by story. */
  async pagesOf(storyIds: number[]): Promise<Map<number, StoryPageRow[]>> {
    const byStory = new Map<number, StoryPageRow[]>();
    if (storyIds.length === 0) return byStory;
    const rows = await this.db
      .select()
      .from(storyPages)
      .where(inArray(storyPages.storyId, storyIds))
      .orderBy(asc(storyPages.ordinal), asc(storyPages.index), asc(storyPages.id));
    for (const row of rows) byStory.set(row.storyId, [...(byStory.get(row.storyId) ?? []), row]);
    return byStory;
  }

  /** A page whose story belongs to the publisher. */
  async page(publisherId: number, pageId: number): Promise<StoryPageRow | null> {
    const [row] = await this.db
      .select({ page: storyPages })
      .from(storyPages)
      .innerJoin(stories, eq(stories.id, storyPages.storyId))
      .where(and(eq(storyPages.id, pageId), eq(stories.publisherId, publisherId)));
    return row?.page ?? null;
  }

  async uploadedObject(publisherId: number, id: number): Promise<UploadedObjectRow | null> {
    const [row] = await this.db
      .select()
      .from(uploadedObjects)
      .where(and(eq(uploadedObjects.id, id), eq(uploadedObjects.publisherId, publisherId)));
    return row ?? null;
  }

  async uploadedObjects(publisherId: number, ids: number[]): Promise<Map<number, UploadedObjectRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(uploadedObjects)
      .where(and(inArray(uploadedObjects.id, ids), eq(uploadedObjects.publisherId, publisherId)));
    return new Map(rows.map((r) => [r.id, r]));
  }

  async publisherName(publisherId: number): Promise<string> {
    const [row] = await this.db
      .select({ name: publishers.name })
      .from(publishers)
      .where(eq(publishers.id, publisherId));
    return row?.name ?? '';
  }

  /** A published story for the public link, whatever its publisher. */
  async findPublished(id: number): Promise<StoryRow | null> {
    const [row] = await this.db
      .select()
      .from(stories)
      .where(and(eq(stories.id, id), eq(stories.state, 'published')));
    return row ?? null;
  }

  async insertStory(values: typeof stories.$inferInsert): Promise<StoryRow> {
    const [row] = await this.db.insert(stories).values(values).returning();
    return row!;
  }

  async updateStory(id: number, values: Partial<typeof stories.$inferInsert>): Promise<void> {
    await this.db.update(stories).set(values).where(eq(stories.id, id));
  }

  async insertPage(values: StoryPageInsert): Promise<StoryPageRow> {
    const [row] = await this.db.insert(storyPages).values(values).returning();
    return row!;
  }

  async updatePage(id: number, values: Partial<StoryPageInsert>): Promise<StoryPageRow> {
    const [row] = await this.db.update(storyPages).set(values).where(eq(storyPages.id, id)).returning();
    return row!;
  }

  async deletePage(id: number): Promise<void> {
    await this.db.delete(storyPages).where(eq(storyPages.id, id));
  }

  async insertUploadedObject(values: typeof uploadedObjects.$inferInsert): Promise<UploadedObjectRow> {
    const [row] = await this.db.insert(uploadedObjects).values(values).returning();
    return row!;
  }
}
