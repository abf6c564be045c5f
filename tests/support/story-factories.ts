// Factories for the stories suites: stories, pages and uploaded objects as real rows.
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';

let sequence = 0;
const next = () => ++sequence;

export async function buildStory(
  db: Db,
  publisherId: number,
  overrides: Partial<typeof schema.stories.$inferInsert> = {},
) {
  const [row] = await db
    .insert(schema.stories)
    .values({ publisherId, title: `Story ${next()}`, ...overrides })
    .returning();
  return row!;
}

export async function buildUploadedObject(
  db: Db,
  publisherId: number,
  overrides: Partial<typeof schema.uploadedObjects.$inferInsert> = {},
) {
  const kind = overrides.kind ?? 'image';
  const [row] = await db
    .insert(schema.uploadedObjects)
    .values({
      publisherId,
      kind,
      path: `uploads/${publisherId}/object-${next()}.${kind === 'image' ? 'jpg' : 'mp4'}`,
      mime: kind === 'image' ? 'image/jpeg' : 'video/mp4',
      bytes: 1000,
      width: 1280,
      height: 720,
      ...(kind === 'video' ? { durationSeconds: 6 } : {}),
      ...overrides,
    })
    .returning();
  return row!;
}

export async function buildStoryPage(
  db: Db,
  storyId: number,
  overrides: Partial<typeof schema.storyPages.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(schema.storyPages)
    .values({
      storyId,
      index: n,
      ordinal: n,
      objectType: 'image',
      title: `Page ${n}`,
      image: `uploads/page-${n}.jpg`,
      duration: 15,
      metadata: { duration: 15, template_options: { layout: 0, blurb: 1 } },
      ...overrides,
    })
    .returning();
  return row!;
}
