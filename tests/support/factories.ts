// Factories for integration tests: real rows with sensible defaults, overridable per test.
import { randomInt } from 'node:crypto';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type { Role } from '@hc/shared/constants';
import { hashPassword } from '../../apps/server/src/features/auth/passwords.ts';

let sequence = 0;
const next = () => ++sequence;

export const TEST_PASSWORD = 'correct horse battery staple';

export async function buildPublisher(db: Db, overrides: Partial<typeof schema.publishers.$inferInsert> = {}) {
  const id = overrides.id ?? randomInt(100_000, 2_000_000_000);
  const [row] = await db
    .insert(schema.publishers)
    .values({
      id,
      name: `Publisher ${id}`,
      key: `key-${id}`,
      homeUrl: `https://p${id}.example`,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function buildUser(
  db: Db,
  options: {
    publisherId: number;
    roles?: Role[];
    isAdmin?: boolean;
    password?: string;
    email?: string;
    extraPublishers?: number[];
  },
) {
  const email = options.email ?? `user${next()}-${randomInt(1e9)}@test.example`;
  const [user] = await db
    .insert(schema.users)
    .values({
      email: email.toLowerCase(),
      passwordHash: await hashPassword(options.password ?? TEST_PASSWORD),
      isAdmin: options.isAdmin ?? false,
      defaultPublisherId: options.publisherId,
    })
    .returning();
  for (const publisherId of [options.publisherId, ...(options.extraPublishers ?? [])]) {
    await db
      .insert(schema.userPublisherRoles)
      .values({ userId: user!.id, publisherId, roles: options.roles ?? [] });
  }
  return { ...user!, password: options.password ?? TEST_PASSWORD };
}

export async function buildArticle(
  db: Db,
  publisherId: number,
  overrides: Partial<typeof schema.articles.$inferInsert> = {},
) {
  const id = overrides.id ?? randomInt(10_000_000, 99_999_999);
  const [row] = await db
    .insert(schema.articles)
    .values({
      id,
      publisherId,
      title: `Article ${id}`,
      url: `https://news.example/a/${id}`,
      createdAt: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}

export async function buildHighlight(
  db: Db,
  publisherId: number,
  overrides: Partial<typeof schema.highlights.$inferInsert> = {},
) {
  const article = overrides.articleId ? { id: overrides.articleId } : await buildArticle(db, publisherId);
  const id = overrides.id ?? randomInt(1_000_000, 9_999_999);
  const [row] = await db
    .insert(schema.highlights)
    .values({
      id,
      publisherId,
      articleId: article.id,
      title: `Highlight ${id}`,
      link: `https://news.example/a/${article.id}`,
      publishedAt: new Date(),
      articleCreatedAt: new Date(),
      videoPath: 'test/clip.mp4',
      thumbnailPath: 'test/clip.jpg',
      durationSeconds: 6,
      ...overrides,
    })
    .returning();
  return row!;
}

/** A package of the publisher holding `highlightIds` in order (embed id: 8 random url-safe characters). */
export async function buildPackage(
  db: Db,
  publisherId: number,
  options: { highlightIds: number[]; titles?: string[] } & Partial<typeof schema.packages.$inferInsert>,
) {
  const { highlightIds, titles, ...overrides } = options;
  const embedId =
    overrides.embedId ?? `p${next().toString(36)}${randomInt(36 ** 5).toString(36)}`.slice(0, 8);
  const [row] = await db
    .insert(schema.packages)
    .values({
      embedId,
      publisherId,
      name: `Package ${embedId}`,
      status: 'Active',
      ...overrides,
    })
    .returning();
  if (highlightIds.length > 0) {
    await db.insert(schema.packageHighlights).values(
      highlightIds.map((highlightId, position) => ({
        packageId: embedId,
        highlightId,
        position,
        title: titles?.[position] ?? `Title ${highlightId}`,
      })),
    );
  }
  return row!;
}

/** `count` highlights of the publisher (sharing `overrides`, e.g. a category). */
export async function buildHighlights(
  db: Db,
  publisherId: number,
  count: number,
  overrides: Partial<typeof schema.highlights.$inferInsert> = {},
) {
  const rows = [];
  for (let i = 0; i < count; i++) rows.push(await buildHighlight(db, publisherId, overrides));
  return rows;
}

/** A live program of the publisher (its search vector is generated from the name). */
export async function buildProgram(
  db: Db,
  publisherId: number,
  overrides: Partial<typeof schema.programs.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(schema.programs)
    .values({
      publisherId,
      programName: `Program ${n}`,
      channel: 'Channel 1',
      externalProgramId: `EXT-${n}-${randomInt(1e6)}`,
      startTime: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}

/** A highlight cut from a program. */
export async function buildProgramHighlight(
  db: Db,
  programId: number,
  overrides: Partial<typeof schema.programHighlights.$inferInsert> = {},
) {
  const n = next();
  const [row] = await db
    .insert(schema.programHighlights)
    .values({
      programId,
      segmentId: `seg-${n}`,
      type: 'goal',
      videoPath: `programs/${programId}/clip-${n}.mp4`,
      thumbnailPath: `programs/${programId}/clip-${n}.jpg`,
      ...overrides,
    })
    .returning();
  return row!;
}
