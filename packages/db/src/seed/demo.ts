// The demo seed: a deterministic, realistic data set over real playable media, loaded on first start.
// Rows are built in memory first (a pure function of the media and the current UTC day), then
// inserted in one transaction, in batches, in foreign-key order.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { DISPLAY_AD_DEFAULTS, VERTICAL_BAD_QUALITY_REASONS, VIDEO_AD_DEFAULTS } from '@hc/shared/constants';
import type { Db } from '../client.ts';
import {
  consoleConfigs,
  placements,
  products,
  publisherGroups,
  publisherProducts,
  publishers,
  userPublisherRoles,
  users,
} from '../schema/core.ts';
import { articles, categories, highlights } from '../schema/highlights.ts';
import { seedDemoTrends } from './trends.ts';
import {
  abTests,
  displayConfigs,
  monetizationAudits,
  spreadsheets,
  videoConfigs,
  type DisplayConfigData,
  type VideoConfigData,
} from '../schema/monetization.ts';
import { packageHighlights, packages, type PackageStatus, type PackageType } from '../schema/packages.ts';
import { programHighlights, programs } from '../schema/programs.ts';
import { stories, storyPages, uploadedObjects } from '../schema/stories.ts';
import {
  editLog,
  keyframeFiles,
  settings,
  verticalFeedback,
  verticalSuggestions,
  verticalTasks,
  type VerticalContentType,
  type VerticalTaskStatus,
} from '../schema/vertical.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts.ts';
import { makeTitle, PROGRAM_NAMES, slugify, STORY_TITLES } from './demo-text.ts';
import { buildKeyframeFile, sceneCuts, type CropPlan } from './keyframes.ts';
import { generateDemoMedia, type DemoClip, type DemoMedia } from './media.ts';
import { createRandom, type Random } from './random.ts';

export interface SeedDemoOptions {
  /** Folder of the media store (DATA_DIR/media); demo files go under its demo/ folder. */
  mediaDir: string;
  hashPassword: (plain: string) => Promise<string>;
  log?: (line: string) => void;
}

const SEED = 0x5eed_2124;
const BATCH = 500;
/** Serialises concurrent first starts on one PostgreSQL (two processes seeding at once). */
const SEED_LOCK_KEY = 7_406_512;
const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/** Prefixes of the display config's pubmaticUrl and adUnitPath (their real values are not in the spec). */
const PUBMATIC_URL_PREFIX = 'https://ads.pubmatic.example/AdServer/js/pwt/';
const AD_UNIT_PATH_PREFIX = '/21700000000/apv/';

interface PublisherPlan {
  id: number;
  name: string;
  domain: string;
  groupId: number | null;
  /** Highlights outside the review queue. */
  highlights: number;
  /** Articles waiting in the auto-highlight review queue. */
  pendingArticles: number;
  categories: readonly string[];
  products: readonly number[];
  console: { iab: 'true' | 'false'; generic: 'true' | 'false' };
  createGif: boolean;
}

const GROUP = { id: 1, name: 'Planet Media Group' };

const PUBLISHERS: readonly PublisherPlan[] = [
  {
    id: 406,
    name: 'Daily Planet',
    domain: 'dailyplanet.example',
    groupId: GROUP.id,
    highlights: 490,
    pendingArticles: 8,
    categories: ['news', 'politics', 'sports', 'weather', 'entertainment', 'lifestyle', 'tech', 'business'],
    products: [1, 2, 3, 4],
    console: { iab: 'true', generic: 'true' },
    createGif: true,
  },
  {
    id: 407,
    name: 'Metro Sports',
    domain: 'metrosports.example',
    groupId: GROUP.id,
    highlights: 178,
    pendingArticles: 2,
    categories: ['sports', 'football', 'basketball', 'tennis', 'motorsport'],
    products: [1, 2, 3],
    console: { iab: 'true', generic: 'false' },
    createGif: true,
  },
  {
    id: 512,
    name: 'Coastal Times',
    domain: 'coastaltimes.example',
    groupId: null,
    highlights: 118,
    pendingArticles: 2,
    categories: ['news', 'weather', 'travel', 'lifestyle', 'business', 'sports'],
    products: [1, 2, 3],
    console: { iab: 'false', generic: 'false' },
    createGif: false,
  },
];

/** Signed up but not monetized yet: what New publisher setup lists (no content, products or setup). */
// Its key is fixed rather than drawn, so the random stream of everything seeded after it stays as it was.
const UNMONETIZED_PUBLISHER = {
  id: 618,
  name: 'Harbor Herald',
  domain: 'harborherald.example',
  key: '5e0c2a9b7d41f3866ab0d2c49e71f5a3',
};

const PRODUCTS = [
  { id: 1, key: 'apv', name: 'APV' },
  { id: 2, key: 'editor', name: 'Editor' },
  { id: 3, key: 'top_videos', name: 'Top Videos' },
  { id: 4, key: 'stories', name: 'Stories' },
];

/** Algorithm suggestions shown per vertical task (the settings row overriding the default of 2). */
const ALGO_SUGGESTIONS = 3;

type Insert<T extends PgTable> = T['$inferInsert'];

interface DemoRows {
  publisherGroups: Insert<typeof publisherGroups>[];
  publishers: Insert<typeof publishers>[];
  users: Insert<typeof users>[];
  userPublisherRoles: Insert<typeof userPublisherRoles>[];
  products: Insert<typeof products>[];
  publisherProducts: Insert<typeof publisherProducts>[];
  consoleConfigs: Insert<typeof consoleConfigs>[];
  settings: Insert<typeof settings>[];
  categories: Insert<typeof categories>[];
  articles: Insert<typeof articles>[];
  highlights: Insert<typeof highlights>[];
  packages: Insert<typeof packages>[];
  packageHighlights: Insert<typeof packageHighlights>[];
  uploadedObjects: Insert<typeof uploadedObjects>[];
  stories: Insert<typeof stories>[];
  storyPages: Insert<typeof storyPages>[];
  programs: Insert<typeof programs>[];
  programHighlights: Insert<typeof programHighlights>[];
  verticalTasks: Insert<typeof verticalTasks>[];
  keyframeFiles: Insert<typeof keyframeFiles>[];
  verticalSuggestions: Insert<typeof verticalSuggestions>[];
  verticalFeedback: Insert<typeof verticalFeedback>[];
  editLog: Insert<typeof editLog>[];
  placements: Insert<typeof placements>[];
  videoConfigs: Insert<typeof videoConfigs>[];
  displayConfigs: Insert<typeof displayConfigs>[];
  abTests: Insert<typeof abTests>[];
  monetizationAudits: Insert<typeof monetizationAudits>[];
  spreadsheets: Insert<typeof spreadsheets>[];
}

/** Loads the demo data set unless the database already holds publishers. */
export async function seedDemo(db: Db, options: SeedDemoOptions): Promise<{ seeded: boolean }> {
  const log = options.log ?? (() => undefined);
  if (await hasPublishers(db)) {
    log('seed: the database already holds publishers; demo seed skipped');
    return { seeded: false };
  }
  const started = Date.now();
  const media = await generateDemoMedia(options.mediaDir, log);
  const mediaDone = Date.now();
  const hashes = await Promise.all(DEMO_ACCOUNTS.map(() => options.hashPassword(DEMO_PASSWORD)));
  const sizes = await fileSizes(options.mediaDir, [
    ...media.storyImages.map((i) => i.path),
    ...media.highlightClips.map((c) => c.videoPath),
  ]);
  const rows = buildDemoRows(media, hashes, sizes, startOfUtcDay(new Date()));
  const built = Date.now();

  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    if (await hasPublishers(tx)) return false;
    await insertDemoRows(tx, rows);
    await seedDemoTrends(tx, new Date(startOfUtcDay(new Date())).toISOString().slice(0, 10));
    return true;
  });
  const done = Date.now();
  if (seeded) {
    log(
      `seed: demo data loaded (${rows.highlights.length} highlights, ${rows.verticalTasks.length} vertical tasks) ` +
        `in ${done - started} ms: media ${mediaDone - started} ms, passwords and rows ${built - mediaDone} ms, ` +
        `inserts ${done - built} ms`,
    );
  } else {
    log('seed: another process seeded first; demo seed skipped');
  }
  return { seeded };
}

async function hasPublishers(db: Db): Promise<boolean> {
  const found = await db.select({ id: publishers.id }).from(publishers).limit(1);
  return found.length > 0;
}

function startOfUtcDay(now: Date): number {
  return Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
}

async function fileSizes(mediaDir: string, rels: string[]): Promise<Map<string, number>> {
  const entries = await Promise.all(
    rels.map(async (rel) => [rel, (await stat(path.join(mediaDir, rel))).size] as const),
  );
  return new Map(entries);
}

async function insertAll<T extends PgTable>(db: Db, table: T, rows: Insert<T>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) {
    await db.insert(table).values(rows.slice(i, i + BATCH) as never);
  }
}

async function insertDemoRows(db: Db, r: DemoRows): Promise<void> {
  await insertAll(db, publisherGroups, r.publisherGroups);
  await insertAll(db, publishers, r.publishers);
  await insertAll(db, users, r.users);
  await insertAll(db, userPublisherRoles, r.userPublisherRoles);
  await insertAll(db, products, r.products);
  await insertAll(db, publisherProducts, r.publisherProducts);
  await insertAll(db, consoleConfigs, r.consoleConfigs);
  await insertAll(db, settings, r.settings);
  await insertAll(db, categories, r.categories);
  await insertAll(db, articles, r.articles);
  await insertAll(db, highlights, r.highlights);
  await insertAll(db, packages, r.packages);
  await insertAll(db, packageHighlights, r.packageHighlights);
  await insertAll(db, uploadedObjects, r.uploadedObjects);
  await insertAll(db, stories, r.stories);
  await insertAll(db, storyPages, r.storyPages);
  await insertAll(db, programs, r.programs);
  await insertAll(db, programHighlights, r.programHighlights);
  await insertAll(db, verticalTasks, r.verticalTasks);
  await insertAll(db, keyframeFiles, r.keyframeFiles);
  await insertAll(db, verticalSuggestions, r.verticalSuggestions);
  await insertAll(db, verticalFeedback, r.verticalFeedback);
  await insertAll(db, editLog, r.editLog);
  await insertAll(db, placements, r.placements);
  await insertAll(db, videoConfigs, r.videoConfigs);
  await insertAll(db, displayConfigs, r.displayConfigs);
  await insertAll(db, abTests, r.abTests);
  await insertAll(db, monetizationAudits, r.monetizationAudits);
  await insertAll(db, spreadsheets, r.spreadsheets);
  // Rows above carry explicit ids; move each sequence past them so later inserts do not collide.
  for (const [table, column] of [
    ['publisher_groups', 'id'],
    ['users', 'id'],
    ['products', 'id'],
    ['placements', 'id'],
    ['programs', 'id'],
    ['program_highlights', 'hld_id'],
    ['stories', 'id'],
    ['uploaded_objects', 'id'],
    ['keyframe_files', 'id'],
    ['vertical_suggestions', 'id'],
  ] as const) {
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${table}, ${column}), (select max(${sql.identifier(column)}) from ${sql.identifier(table)}))`,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// Building the rows

/** Builds every row of the demo set; the same inputs give the same rows. */
export function buildDemoRows(
  media: DemoMedia,
  passwordHashes: string[],
  fileSizes: Map<string, number>,
  anchorMs: number,
): DemoRows {
  const rnd = createRandom(SEED);
  const ago = (days: number) => new Date(anchorMs - Math.round(days * DAY_MS));
  const plus = (d: Date, minutes: number) => new Date(d.getTime() + Math.round(minutes * MINUTE_MS));

  const rows: DemoRows = {
    publisherGroups: [GROUP],
    publishers: [],
    users: [],
    userPublisherRoles: [],
    products: PRODUCTS,
    publisherProducts: [],
    consoleConfigs: [],
    settings: [{ publisherId: null, key: 'numberOfAlgoSuggestions', value: String(ALGO_SUGGESTIONS) }],
    categories: [],
    articles: [],
    highlights: [],
    packages: [],
    packageHighlights: [],
    uploadedObjects: [],
    stories: [],
    storyPages: [],
    programs: [],
    programHighlights: [],
    verticalTasks: [],
    keyframeFiles: [],
    verticalSuggestions: [],
    verticalFeedback: [],
    editLog: [],
    placements: [],
    videoConfigs: [],
    displayConfigs: [],
    abTests: [],
    monetizationAudits: [],
    spreadsheets: [],
  };

  // Publishers, products, console flags, settings, categories.
  for (const p of PUBLISHERS) {
    rows.publishers.push({
      id: p.id,
      name: p.name,
      key: hex(rnd, 32),
      homeUrl: `https://www.${p.domain}`,
      groupId: p.groupId,
      createdAt: ago(1200),
    });
    for (const productId of p.products)
      rows.publisherProducts.push({ publisherId: p.id, productId, status: 'active' });
    rows.consoleConfigs.push({
      publisherId: p.id,
      consoleDisplayIabMetrics: p.console.iab,
      consoleDisplayGenericMetrics: p.console.generic,
      numberOfAlgoSuggestions: ALGO_SUGGESTIONS,
    });
    rows.settings.push({ publisherId: p.id, key: 'create_gif', value: String(p.createGif) });
    for (const name of p.categories) rows.categories.push({ publisherId: p.id, name });
  }
  rows.publishers.push({
    id: UNMONETIZED_PUBLISHER.id,
    name: UNMONETIZED_PUBLISHER.name,
    key: UNMONETIZED_PUBLISHER.key,
    homeUrl: `https://www.${UNMONETIZED_PUBLISHER.domain}`,
    groupId: null,
    createdAt: ago(20),
  });

  // Accounts.
  const userIds = new Map<string, number>();
  DEMO_ACCOUNTS.forEach((account, i) => {
    const id = i + 1;
    userIds.set(account.email, id);
    rows.users.push({
      id,
      email: account.email,
      passwordHash: passwordHashes[i] ?? '',
      isAdmin: account.isAdmin,
      userIdentifier: account.userIdentifier,
      defaultPublisherId: account.publisherIds[0] ?? null,
      createdAt: ago(400),
    });
    for (const publisherId of account.publisherIds) {
      rows.userPublisherRoles.push({ userId: id, publisherId, roles: [...account.roles] });
    }
  });
  const userId = (email: string) => userIds.get(email) ?? null;

  const hl = buildHighlights(rnd, media, ago, plus);
  rows.articles = hl.articles;
  rows.highlights = hl.highlights;

  buildPackages(rnd, rows, ago);
  buildStories(rnd, rows, media, fileSizes, ago, plus, userId('stories@demo.example'));
  buildPrograms(rnd, rows, media, ago, plus);
  buildVertical(rnd, rows, media, ago, plus, userId);
  buildMonetization(rnd, rows, ago, userId('admin@demo.example'));
  return rows;
}

function hex(rnd: Random, length: number): string {
  return Array.from({ length }, () => rnd.int(0, 15).toString(16)).join('');
}

function digits(rnd: Random, length: number): string {
  return Array.from({ length }, () => String(rnd.int(0, 9))).join('');
}

/** Log-uniform in [lo, hi]: impressions span thousands to millions. */
function logUniform(rnd: Random, lo: number, hi: number): number {
  return Math.exp(Math.log(lo) + rnd.next() * (Math.log(hi) - Math.log(lo)));
}

type Ago = (days: number) => Date;
type Plus = (d: Date, minutes: number) => Date;

interface HighlightDraft {
  publisher: PublisherPlan;
  articleKey: number;
  category: string;
  title: string;
  publishedAt: Date;
  ageDays: number;
  pending: boolean;
}

interface Metrics {
  impressions: number;
  clicks: number;
  ctr: number | null;
}

/** Performance of one mode (front page or article page) for a highlight of the given age. */
function metrics(rnd: Random, ageDays: number, kind: 'unknown' | 'zero' | 'normal', scale: number): Metrics {
  if (kind === 'unknown') return { impressions: -1, clicks: -1, ctr: -1 };
  // Highlights accumulate impressions over their first two weeks.
  const grown = 0.15 + 0.85 * Math.min(1, ageDays / 14);
  const impressions = Math.max(1000, Math.round(logUniform(rnd, 2_000, 3_000_000) * grown * scale));
  if (kind === 'zero') return { impressions, clicks: 0, ctr: 0 };
  const clicks = Math.max(1, Math.round(impressions * logUniform(rnd, 0.002, 0.08)));
  return { impressions, clicks, ctr: clicks / impressions };
}

function buildHighlights(rnd: Random, media: DemoMedia, ago: Ago, plus: Plus) {
  const drafts: HighlightDraft[] = [];
  let articleKey = 0;
  for (const p of PUBLISHERS) {
    const recent = Math.max(4, Math.round(p.highlights / 50));
    for (let i = 0; i < p.highlights; i++) {
      // Denser towards today: age = 3 years x u^2. The first spans the full three years, a few fall
      // in the last 24 hours so the shortest date filter shows data.
      let ageDays: number;
      if (i === 0) ageDays = 1093 + rnd.next();
      else if (i <= recent) ageDays = 0.02 + rnd.next() * 0.9;
      else ageDays = 1095 * rnd.next() ** 2;
      const category = rnd.pick(p.categories);
      drafts.push({
        publisher: p,
        articleKey: articleKey++,
        category,
        title: makeTitle(rnd, category),
        publishedAt: ago(ageDays),
        ageDays,
        pending: false,
      });
    }
    // The auto-highlight review queue: recent articles with 2-3 algorithm highlights each.
    for (let a = 0; a < p.pendingArticles; a++) {
      const category = rnd.pick(p.categories);
      const title = makeTitle(rnd, category);
      const ageDays = 0.1 + rnd.next() * 6;
      const key = articleKey++;
      const n = rnd.int(2, 3);
      for (let k = 0; k < n; k++) {
        drafts.push({
          publisher: p,
          articleKey: key,
          category,
          title: k === 0 ? title : `${title} (cut ${k + 1})`,
          publishedAt: ago(ageDays - k * 0.002),
          ageDays,
          pending: true,
        });
      }
    }
  }

  // Ids grow with time, across publishers, like ids handed out by one pipeline.
  drafts.sort((a, b) => a.publishedAt.getTime() - b.publishedAt.getTime() || a.articleKey - b.articleKey);
  const articleIds = new Map<number, number>();
  let nextArticleId = 31_000_000;
  let nextHighlightId = 1_200_000;
  const articleRows: Insert<typeof articles>[] = [];
  const highlightRows: Insert<typeof highlights>[] = [];

  for (const d of drafts) {
    let articleId = articleIds.get(d.articleKey);
    const articleCreatedAt = plus(d.publishedAt, -rnd.int(5, 180));
    const slug = slugify(d.title.replace(/ \(cut \d\)$/, ''));
    if (articleId === undefined) {
      nextArticleId += rnd.int(3, 40);
      articleId = nextArticleId;
      articleIds.set(d.articleKey, articleId);
      articleRows.push({
        id: articleId,
        publisherId: d.publisher.id,
        title: d.title,
        url: `https://www.${d.publisher.domain}/${d.category}/${slug}-${articleId}`,
        featured: rnd.chance(0.15),
        reviewStatus: d.pending ? 'pending' : 'done',
        createdAt: articleCreatedAt,
      });
    }
    nextHighlightId += rnd.int(1, 9);
    const clip = rnd.pick(media.highlightClips);

    // About 5% unknown (-1) counts, 5% zero CTR, and no figures yet for the newest few hours.
    const roll = rnd.next();
    const fresh = d.pending || d.ageDays < 0.25;
    const regularKind = roll < 0.05 ? 'unknown' : roll < 0.1 ? 'zero' : 'normal';
    const iaKind = roll < 0.03 ? 'unknown' : roll >= 0.1 && roll < 0.13 ? 'zero' : 'normal';
    const regular: Metrics = fresh
      ? { impressions: 0, clicks: 0, ctr: null }
      : metrics(rnd, d.ageDays, regularKind, 1);
    const ia: Metrics = fresh
      ? { impressions: 0, clicks: 0, ctr: null }
      : metrics(rnd, d.ageDays, iaKind, 0.35);

    const resources =
      !d.pending && d.ageDays < 45 && rnd.chance(d.publisher.id === 406 ? 0.12 : 0.06)
        ? Array.from({ length: rnd.int(1, 2) }, (_, k) => ({
            id: `pog-${nextHighlightId}-${k + 1}`,
            type: 'pog',
            url: `https://www.${d.publisher.domain}/apv/${nextHighlightId}/${k === 0 ? 'video' : 'story'}`,
          }))
        : [];

    highlightRows.push({
      id: nextHighlightId,
      publisherId: d.publisher.id,
      articleId,
      title: d.title,
      category: d.category,
      link: `https://www.${d.publisher.domain}/${d.category}/${slug}-${articleId}`,
      publishedAt: d.publishedAt,
      articleCreatedAt,
      recommendationScore: Math.round(rnd.next() * 10_000) / 10_000,
      articleActive: d.pending ? false : !rnd.chance(0.07),
      iaArticleActive: d.pending ? false : !rnd.chance(0.1),
      videoPath: clip.videoPath,
      thumbnailPath: clip.thumbnailPath,
      gifPath: clip.gifPath || null,
      durationSeconds: clip.durationSeconds,
      resources,
      nonUniqRegularImpressions: regular.impressions,
      nonUniqRegularClicks: regular.clicks,
      regularCtr: regular.ctr,
      nonUniqIaImpressions: ia.impressions,
      nonUniqIaClicks: ia.clicks,
      iaCtr: ia.ctr,
    });
  }
  return { articles: articleRows, highlights: highlightRows };
}

interface PackagePlan {
  publisherId: number;
  name: string;
  type: PackageType;
  status: PackageStatus;
  /** A category all its highlights share, or null for a mixed package. */
  category: string | null;
  alias: string | null;
}

const PACKAGE_PLANS: readonly PackagePlan[] = [
  { publisherId: 406, name: 'Top News Today', type: 'auto', status: 'Active', category: 'news', alias: null },
  { publisherId: 406, name: 'Sports Daily', type: 'auto', status: 'Active', category: 'sports', alias: null },
  {
    publisherId: 406,
    name: 'Weather Watch',
    type: 'auto',
    status: 'Draft',
    category: 'weather',
    alias: null,
  },
  {
    publisherId: 406,
    name: 'Politics Roundup',
    type: 'auto',
    status: 'Rejected',
    category: 'politics',
    alias: null,
  },
  {
    publisherId: 406,
    name: 'Election Special',
    type: 'user',
    status: 'Active',
    category: 'politics',
    alias: 'election-special',
  },
  {
    publisherId: 406,
    name: 'Weekend Entertainment',
    type: 'user',
    status: 'Active',
    category: 'entertainment',
    alias: 'weekend-fun',
  },
  {
    publisherId: 406,
    name: 'Tech Bytes',
    type: 'user',
    status: 'Draft',
    category: 'tech',
    alias: 'tech-bytes',
  },
  {
    publisherId: 406,
    name: 'Editor Picks',
    type: 'user',
    status: 'Active',
    category: null,
    alias: 'editor-picks',
  },
  {
    publisherId: 406,
    name: 'Summer Lifestyle',
    type: 'user',
    status: 'Archive',
    category: 'lifestyle',
    alias: 'summer-lifestyle',
  },
  {
    publisherId: 406,
    name: 'Business Brief',
    type: 'auto',
    status: 'Archive',
    category: 'business',
    alias: null,
  },
  {
    publisherId: 512,
    name: 'Coastal Weather',
    type: 'auto',
    status: 'Active',
    category: 'weather',
    alias: null,
  },
  {
    publisherId: 512,
    name: 'Travel the Coast',
    type: 'user',
    status: 'Active',
    category: 'travel',
    alias: 'travel-the-coast',
  },
  {
    publisherId: 512,
    name: 'Local News',
    type: 'user',
    status: 'Draft',
    category: 'news',
    alias: 'local-news',
  },
  {
    publisherId: 512,
    name: 'Harbour Business',
    type: 'user',
    status: 'Archive',
    category: 'business',
    alias: 'harbour-business',
  },
  // Metro Sports (407) shares a group with 406: its Active packages are what 406's syndication lists.
  {
    publisherId: 407,
    name: 'Metro Matchday',
    type: 'user',
    status: 'Active',
    category: null,
    alias: 'metro-matchday',
  },
  {
    publisherId: 407,
    name: 'Metro Sports Auto',
    type: 'auto',
    status: 'Active',
    category: null,
    alias: null,
  },
  {
    publisherId: 407,
    name: 'Metro Weekend Draft',
    type: 'user',
    status: 'Draft',
    category: null,
    alias: null,
  },
];

function buildPackages(rnd: Random, rows: DemoRows, ago: Ago): void {
  const embedIds = new Set<string>();
  const usable = rows.highlights.filter(
    (h) => h.articleActive !== false && (h.nonUniqRegularImpressions ?? 0) > 0,
  );
  for (const plan of PACKAGE_PLANS) {
    let embedId = rnd.token(8);
    while (embedIds.has(embedId)) embedId = rnd.token(8);
    embedIds.add(embedId);

    const pool = usable.filter(
      (h) => h.publisherId === plan.publisherId && (plan.category === null || h.category === plan.category),
    );
    // Prefer recent highlights, as an editor would.
    const recent = pool.slice(-40);
    const chosen = rnd.sample(recent.length >= 5 ? recent : pool, rnd.int(3, 5));
    const category =
      plan.category ??
      (new Set(chosen.map((h) => h.category)).size === 1 ? (chosen[0]?.category ?? null) : null);

    // An auto package remembers highlights an editor removed; they are no longer valid for Top Videos.
    const removed =
      plan.type === 'auto' && plan.status === 'Active'
        ? rnd.sample(
            pool.filter((h) => !chosen.includes(h)),
            rnd.int(1, 2),
          )
        : [];
    for (const h of removed) h.tvValid = false;

    const ageDays = plan.status === 'Draft' ? rnd.next() * 3 : 5 + rnd.next() * 240;
    const createdAt = ago(ageDays);
    const updatedAt = ago(ageDays * rnd.next());
    const live = plan.status !== 'Draft';
    const impressions = live ? Math.round(logUniform(rnd, 5_000, 2_000_000)) : 0;
    const clicks = live ? Math.round(impressions * logUniform(rnd, 0.004, 0.06)) : 0;
    const iabImpressions = Math.round(impressions * (0.6 + rnd.next() * 0.25));
    rows.packages.push({
      embedId,
      publisherId: plan.publisherId,
      name: plan.name,
      alias: plan.alias,
      packageType: plan.type,
      category,
      status: plan.status,
      sequence: '',
      maxAds: 100,
      tvInvalidHlts: removed.map((h) => h.id),
      createdAt,
      updatedAt,
      packageClicks: clicks,
      packageImpressions: impressions,
      packageCtr: impressions > 0 ? clicks / impressions : null,
      packageIabImpressions: iabImpressions,
      packageIabCtr:
        iabImpressions > 0 ? Math.min(1, (clicks * (1 + rnd.next() * 0.2)) / iabImpressions) : null,
    });
    chosen.forEach((h, position) => {
      const renamed = position === 0 && plan.type === 'user' && rnd.chance(0.5);
      rows.packageHighlights.push({
        packageId: embedId,
        highlightId: h.id,
        position,
        title: renamed ? h.title.split(':')[0]!.slice(0, 40) : h.title,
      });
    });
  }
}

function buildStories(
  rnd: Random,
  rows: DemoRows,
  media: DemoMedia,
  fileSizes: Map<string, number>,
  ago: Ago,
  plus: Plus,
  storiesUserId: number | null,
): void {
  const publisherId = 406;
  let objectId = 0;
  const imageObjects = media.storyImages.map((image) => {
    objectId++;
    rows.uploadedObjects.push({
      id: objectId,
      publisherId,
      userId: storiesUserId,
      kind: 'image',
      path: image.path,
      mime: 'image/jpeg',
      bytes: fileSizes.get(image.path) ?? 0,
      width: image.width,
      height: image.height,
      createdAt: ago(120),
    });
    return { id: objectId, image };
  });
  const videoClip = media.highlightClips[0];
  let videoObjectId: number | null = null;
  if (videoClip) {
    videoObjectId = ++objectId;
    rows.uploadedObjects.push({
      id: videoObjectId,
      publisherId,
      userId: storiesUserId,
      kind: 'video',
      path: videoClip.videoPath,
      mime: 'video/mp4',
      bytes: fileSizes.get(videoClip.videoPath) ?? 0,
      width: videoClip.width,
      height: videoClip.height,
      durationSeconds: videoClip.durationSeconds,
      createdAt: ago(60),
    });
  }

  STORY_TITLES.forEach((title, i) => {
    const id = i + 1;
    const published = i < 4;
    const createdAt = ago(8 + i * 14 + rnd.next() * 5);
    const updatedAt = plus(createdAt, rnd.int(30, 3 * 24 * 60));
    const slug = slugify(title);
    const cover = imageObjects[i % imageObjects.length];
    rows.stories.push({
      id,
      publisherId,
      title,
      name: slug,
      state: published ? 'published' : 'draft',
      link: published ? `https://stories.dailyplanet.example/${slug}-${id}` : null,
      thumbnailPath: published && cover ? cover.image.path : null,
      createdAt,
      updatedAt,
    });
    const pages = rnd.int(3, 5);
    for (let ordinal = 0; ordinal < pages; ordinal++) {
      if (i === 0 && ordinal === pages - 1 && videoClip && videoObjectId !== null) {
        rows.storyPages.push({
          storyId: id,
          index: ordinal,
          ordinal,
          objectId: videoObjectId,
          objectType: 'video',
          title: 'The winning goal',
          subtitle: 'Watch the moment again',
          poster: videoClip.thumbnailPath,
          thumbnail: videoClip.thumbnailPath,
          duration: 6,
          videoUrl: videoClip.videoPath,
          metadata: {
            duration: 6,
            video_url: videoClip.videoPath,
            home_or_away_team_playing: 'home',
            title: 'The winning goal',
          },
        });
        continue;
      }
      const object = imageObjects[(i + ordinal) % imageObjects.length];
      const layout = ordinal === 0 ? 0 : rnd.int(0, 1);
      const blurb = ordinal === 0 ? 1 : rnd.chance(0.7) ? 1 : 0;
      const duration = ordinal === 0 ? 15 : rnd.int(4, 15);
      rows.storyPages.push({
        storyId: id,
        index: ordinal,
        ordinal,
        objectId: object?.id ?? null,
        objectType: 'image',
        title: ordinal === 0 ? title : `${title}: part ${ordinal + 1}`,
        subtitle: ordinal === 0 ? 'Swipe up for more' : `Page ${ordinal + 1} of ${pages}`,
        image: object?.image.path ?? null,
        thumbnail: object?.image.path ?? null,
        layout,
        blurb,
        duration,
        metadata: { duration, template_options: { layout, blurb } },
      });
    }
  });
}

const CHANNELS: Record<number, readonly string[]> = {
  406: ['Planet News 24', 'Planet Live'],
  407: ['Metro Sports 1', 'Metro Sports 2', 'Metro Sports Extra'],
};
const SEGMENT_TYPES: Record<number, readonly string[]> = {
  406: ['highlight', 'interview', 'report', 'analysis'],
  407: ['goal', 'highlight', 'save', 'interview', 'replay'],
};

function buildPrograms(rnd: Random, rows: DemoRows, media: DemoMedia, ago: Ago, plus: Plus): void {
  let programId = 0;
  let hldId = 5_000_000;
  for (const publisherId of [406, 407]) {
    const names = PROGRAM_NAMES[publisherId] ?? [];
    names.forEach((programName, i) => {
      programId++;
      // Spread over the 120-day look-back, newest first in list order, on the half hour.
      const startDays = 0.3 + i * (100 / names.length) + rnd.next() * 4;
      const startTime = new Date(Math.round(ago(startDays).getTime() / 1_800_000) * 1_800_000);
      rows.programs.push({
        id: programId,
        publisherId,
        programName,
        channel: rnd.pick(CHANNELS[publisherId] ?? ['Live']),
        externalProgramId: `EP${digits(rnd, 10)}`,
        startTime,
        createdAt: startTime,
      });
      const count = rnd.int(3, 6);
      for (let k = 0; k < count; k++) {
        hldId += rnd.int(1, 7);
        const clip = rnd.pick(media.highlightClips);
        rows.programHighlights.push({
          hldId,
          programId,
          segmentId: `${programId}${String(k + 1).padStart(3, '0')}`,
          type: rnd.pick(SEGMENT_TYPES[publisherId] ?? ['highlight']),
          videoPath: clip.videoPath,
          thumbnailPath: clip.thumbnailPath,
          createdAt: plus(startTime, 4 + k * rnd.int(4, 15)),
        });
      }
    });
  }
}

const VERTICAL_PLAN: readonly [number, VerticalContentType, VerticalTaskStatus, number][] = [
  [406, 'highlight', 'review', 5],
  [406, 'highlight', 'ready', 3],
  [406, 'highlight', 'rejected', 2],
  [406, 'full_video', 'review', 3],
  [406, 'full_video', 'ready', 2],
  [406, 'full_video', 'rejected', 2],
  [407, 'highlight', 'review', 4],
  [407, 'highlight', 'ready', 3],
  [407, 'highlight', 'rejected', 2],
  [407, 'full_video', 'review', 3],
  [407, 'full_video', 'ready', 2],
  [407, 'full_video', 'rejected', 1],
];

const FULL_VIDEO_TITLES: Record<number, readonly string[]> = {
  406: [
    'Election Night Special (full programme)',
    'Storm Watch: the full report',
    'Planet News at Six, full edition',
    'Sunday Politics: the debate',
    'Morning Briefing: full show',
    'Year in review: the big stories',
    'Town hall meeting, full recording',
  ],
  407: [
    'Full match: Arsenal vs Chelsea',
    'Full match: Liverpool vs Manchester City',
    'Grand Prix qualifying, full session',
    'Tennis quarter-final, full match',
    'NBA Courtside: full game',
    'Champions League Tonight, full show',
  ],
};

function buildVertical(
  rnd: Random,
  rows: DemoRows,
  media: DemoMedia,
  ago: Ago,
  plus: Plus,
  userId: (email: string) => number | null,
): void {
  const reviewerId = userId('reviewer@demo.example');
  const cutsByClip = new Map<string, number[]>(media.verticalSources.map((c) => [c.key, sceneCuts(c)]));
  let videoId = 7_300_000;
  let keyframeFileId = 0;
  let suggestionId = 0;
  let verticalHighlightId = 8_100_000;
  let sourceIndex = 0;
  const titleCursor = new Map<number, number>();

  const addSuggestion = (
    clip: DemoClip,
    taskVideoId: number,
    plan: CropPlan & { source: number; active: boolean; verticalHighlightId?: number },
    created: Date,
  ): number => {
    keyframeFileId++;
    suggestionId++;
    rows.keyframeFiles.push({
      id: keyframeFileId,
      version: 1,
      data: buildKeyframeFile(clip, plan, cutsByClip.get(clip.key)),
      createdAt: created,
      updatedAt: created,
    });
    rows.verticalSuggestions.push({
      id: suggestionId,
      videoId: taskVideoId,
      startTime: plan.startTime,
      endTime: plan.endTime,
      source: plan.source,
      active: plan.active,
      verticalHighlightId: plan.verticalHighlightId ?? null,
      keyframeFileId,
      createdAt: created,
    });
    return suggestionId;
  };

  for (const [publisherId, contentType, status, count] of VERTICAL_PLAN) {
    const publisherPrograms = rows.programs.filter((p) => p.publisherId === publisherId);
    for (let n = 0; n < count; n++) {
      const clip = media.verticalSources[sourceIndex % media.verticalSources.length];
      const result = media.verticalResults[sourceIndex % media.verticalResults.length];
      sourceIndex++;
      if (!clip || !result) throw new Error('demo media holds no vertical sources');
      videoId += rnd.int(1, 25);
      const duration = clip.durationSeconds;

      const createdAt = status === 'review' ? ago(0.1 + rnd.next() * 8) : ago(9 + rnd.next() * 95);
      const generatedAt = plus(createdAt, rnd.int(5, 40));
      const updatedAt = status === 'review' ? generatedAt : plus(generatedAt, rnd.int(60, 48 * 60));

      // Highlight tasks come from a program segment and are cut to 5-12 s; full videos run whole.
      let programFields: Partial<Insert<typeof verticalTasks>> = {};
      let title: string;
      if (contentType === 'highlight') {
        const program = rnd.pick(publisherPrograms);
        const segments = rows.programHighlights.filter((h) => h.programId === program.id);
        const segment = rnd.pick(segments);
        programFields = {
          programId: program.id ?? null,
          externalProgramId: program.externalProgramId ?? null,
          channel: program.channel,
          segmentId: segment.segmentId,
          highlightId: segment.hldId ?? null,
        };
        title = `${program.programName}: ${segment.type} ${segment.segmentId}`;
      } else {
        const titles = FULL_VIDEO_TITLES[publisherId] ?? ['Full video'];
        const cursor = titleCursor.get(publisherId) ?? 0;
        titleCursor.set(publisherId, cursor + 1);
        title = titles[cursor % titles.length]!;
        programFields = {
          channel: rnd.pick(CHANNELS[publisherId] ?? ['Live']),
          externalProgramId: `CS${digits(rnd, 8)}`,
        };
      }
      const range =
        contentType === 'highlight'
          ? (() => {
              const length = rnd.int(7, 10);
              const start = Math.min(1 + rnd.int(0, 2) * 0.5, duration - length);
              return { startTime: start, endTime: start + length };
            })()
          : { startTime: 0, endTime: duration };

      const plans: (CropPlan & { source: number; active: boolean; verticalHighlightId?: number })[] = [
        { ...range, track: 0, heightShare: 1, offsetX: 0, source: 1, active: true },
      ];
      if (status === 'review') {
        // A second algorithm take: another object (or off-centre on the same). Full height like the first:
        // the demo's sources are enlarged more than 2x to 1920 already, so a tighter crop is refused.
        plans.push({
          ...(contentType === 'highlight'
            ? {
                startTime: Math.max(0, range.startTime - 0.5),
                endTime: Math.max(0, range.startTime - 0.5) + 6,
              }
            : range),
          track: clip.tracks.length > 1 ? 1 : 0,
          heightShare: 1,
          offsetX: clip.tracks.length > 1 ? 0 : 90,
          source: 3,
          active: false,
        });
        if (n % 2 === 0) {
          plans.push({
            ...(contentType === 'highlight' ? { startTime: duration - 6, endTime: duration } : range),
            track: 0,
            heightShare: 1,
            offsetX: -60,
            source: 4,
            active: false,
          });
        }
      } else if (status === 'ready' && contentType === 'full_video' && n === 1) {
        // Re-created by hand in the frame editor.
        plans[0] = { ...plans[0]!, source: 2, manual: true };
      }

      const reasons = status === 'rejected' ? rnd.sample(VERTICAL_BAD_QUALITY_REASONS, rnd.int(1, 2)) : [];
      const approved = plans[0]!;
      if (status === 'ready' && contentType === 'highlight') {
        verticalHighlightId += rnd.int(1, 9);
        approved.verticalHighlightId = verticalHighlightId;
      }

      rows.verticalTasks.push({
        videoId,
        publisherId,
        contentType,
        status,
        title,
        ...programFields,
        srcVideoPath: clip.videoPath,
        videoPath: status === 'ready' ? result.videoPath : null,
        thumbnailPath: status === 'ready' ? result.thumbnailPath : clip.thumbnailPath,
        durationSeconds: duration,
        trimmedDurationSeconds: status === 'ready' ? approved.endTime - approved.startTime : null,
        startTime: approved.startTime,
        endTime: approved.endTime,
        reviews: reasons,
        reelsValid: status === 'ready' ? n % 2 === 0 : status === 'rejected' ? n === 1 : false,
        createdAt,
        generatedAt,
        updatedAt,
        derivativeId: status === 'ready' && contentType === 'full_video' ? `DRV-${digits(rnd, 7)}` : null,
      });

      plans.forEach((plan) => {
        const id = addSuggestion(clip, videoId, plan, generatedAt);
        if (status === 'ready' && plan === approved) {
          rows.verticalFeedback.push({
            suggestionId: id,
            userId: reviewerId,
            quality: 'good',
            reasons: [],
            createdAt: updatedAt,
          });
        }
        if (status === 'rejected' && plan === approved) {
          rows.verticalFeedback.push({
            suggestionId: id,
            userId: reviewerId,
            quality: '',
            reasons,
            createdAt: updatedAt,
          });
        }
      });

      // The hand-made one leaves a trail in the edit log.
      if (approved.manual) {
        const file = rows.keyframeFiles[rows.keyframeFiles.length - 1]?.data;
        const group = file?.groups[0];
        const object = group?.objects[0];
        const key = object?.keyframes[1];
        if (group && object && key) {
          const t0 = updatedAt.getTime() - 10 * MINUTE_MS;
          const entries: [string, string | null, string | null][] = [
            ['RESET', null, null],
            ['CREATE_OBJECT', null, `${object.rect.join(',')}`],
            ['CREATE_KEYFRAME', null, `${key.x},${key.y}`],
            ['MODIFY_KEYFRAME', `${key.x - 24},${key.y}`, `${key.x},${key.y}`],
            ['GROUP_SPLIT', null, String(file.groups[1]?.start_frame ?? group.end_frame)],
          ];
          entries.forEach(([action, oldValue, newValue], k) => {
            rows.editLog.push({
              verticalVideoId: videoId,
              groupId: group.group_id,
              objectId: object.object_id,
              frame: key.frame,
              action,
              oldValue,
              newValue,
              timestampMs: t0 + k * 20_000,
              userId: reviewerId,
              createdAt: new Date(t0 + k * 20_000),
            });
          });
        }
      }
    }
  }
}

const PLACEMENT_PLANS: readonly { publisherId: number; name: string; platform: 'web' | 'amp' }[] = [
  { publisherId: 406, name: 'Homepage Top', platform: 'web' },
  { publisherId: 406, name: 'Article Inline', platform: 'web' },
  { publisherId: 406, name: 'AMP Article', platform: 'amp' },
  { publisherId: 407, name: 'Scores Hub', platform: 'web' },
  { publisherId: 407, name: 'AMP Match Report', platform: 'amp' },
  { publisherId: 512, name: 'Front Page', platform: 'web' },
  { publisherId: 512, name: 'AMP Story Feed', platform: 'amp' },
];

/** Autoplay, or the preload sequence with 'Play ad during highlights' (the flags of the spec's ad flow). */
function videoConfig(rnd: Random, description: string, flow: 'autoplay' | 'preload'): VideoConfigData {
  return {
    channel: hex(rnd, 24),
    description,
    adManager: VIDEO_AD_DEFAULTS.adManager,
    aniviewPreload: true,
    aniviewAutoplay: flow === 'autoplay',
    aniviewDelayedAutoplay: flow === 'autoplay',
    aniviewPlayAdExactBetween: flow === 'preload',
    aniviewPreloadAdDelay: false,
    aniviewPreloadAdPlayingWindow: VIDEO_AD_DEFAULTS.aniviewPreloadAdPlayingWindow,
    aniviewPreloadAdPlayingWindowRequestsForceStop: false,
    startPoint: 0,
    adSequence: VIDEO_AD_DEFAULTS.adSequence,
    adDelayDuration: 0,
    midrollTime: VIDEO_AD_DEFAULTS.midrollTime,
    midrollDelay: 0,
    maxImpressions: VIDEO_AD_DEFAULTS.maxImpressions,
    startMidroll: VIDEO_AD_DEFAULTS.startMidroll,
    vastRetry: VIDEO_AD_DEFAULTS.vastRetry,
    errorLimit: VIDEO_AD_DEFAULTS.errorLimit,
    skip: false,
    skipTimer: VIDEO_AD_DEFAULTS.skipTimer,
    viewportProduct: VIDEO_AD_DEFAULTS.viewportProduct,
    viewportAd: VIDEO_AD_DEFAULTS.viewportAd,
  };
}

function displayConfig(
  platform: 'mobile' | 'desktop',
  profileId: number,
  unit: string,
  fallbackEnable: boolean,
): DisplayConfigData {
  if (!fallbackEnable) return { fallbackEnable: false };
  return {
    fallbackEnable: true,
    pubmaticUrl: `${PUBMATIC_URL_PREFIX}${profileId}`,
    displayAdDuration: DISPLAY_AD_DEFAULTS.durationMs,
    displayAdTimer: true,
    skipEnabled: false,
    skipDelay: DISPLAY_AD_DEFAULTS.skipDelay,
    adUnitPath: `${AD_UNIT_PATH_PREFIX}${unit}`,
    viewportPause: 50,
    supportedSizes: (platform === 'mobile'
      ? DISPLAY_AD_DEFAULTS.sizes.filter(([w]) => w <= 320)
      : DISPLAY_AD_DEFAULTS.sizes
    ).map(([w, h]) => [w, h] as [number, number]),
  };
}

function buildMonetization(rnd: Random, rows: DemoRows, ago: Ago, adminId: number | null): void {
  PLACEMENT_PLANS.forEach((plan, i) => {
    rows.placements.push({ id: i + 1, ...plan, createdAt: ago(700 - i * 30) });
  });
  const placementsOf = (publisherId: number) => rows.placements.filter((p) => p.publisherId === publisherId);

  for (const p of PUBLISHERS) {
    const fallback = p.id !== 512;
    const profileId = 4000 + p.id * 7;
    rows.videoConfigs.push({
      publisherId: p.id,
      placementId: null,
      config: videoConfig(rnd, `${p.name} default`, 'autoplay'),
      updatedAt: ago(90),
    });
    for (const platform of ['mobile', 'desktop'] as const) {
      rows.displayConfigs.push({
        publisherId: p.id,
        placementId: null,
        platform,
        config: displayConfig(platform, profileId, `${slugify(p.name)}/${platform}`, fallback),
        updatedAt: ago(90),
      });
    }
    // The first placement of each publisher overrides both; the others inherit the publisher's.
    const [first] = placementsOf(p.id);
    if (first?.id !== undefined) {
      rows.videoConfigs.push({
        publisherId: p.id,
        placementId: first.id,
        config: videoConfig(rnd, first.name, p.id === 407 ? 'preload' : 'autoplay'),
        updatedAt: ago(30),
      });
      for (const platform of ['mobile', 'desktop'] as const) {
        rows.displayConfigs.push({
          publisherId: p.id,
          placementId: first.id,
          platform,
          config: displayConfig(platform, profileId + 1, `${slugify(first.name)}/${platform}`, true),
          updatedAt: ago(30),
        });
      }
    }
  }

  // One plain A/B test ('Before you continue') and one monetization A/B test ('You cannot proceed').
  const articleInline = rows.placements.find((p) => p.name === 'Article Inline');
  const scoresHub = rows.placements.find((p) => p.name === 'Scores Hub');
  if (articleInline?.id !== undefined) {
    rows.abTests.push({
      placementId: articleInline.id,
      monetization: false,
      variants: [
        { weight: 0.5, name: 'Autoplay' },
        { weight: 0.5, name: 'Preload sequence' },
      ],
      createdAt: ago(20),
    });
  }
  if (scoresHub?.id !== undefined) {
    rows.abTests.push({
      placementId: scoresHub.id,
      monetization: true,
      variants: [
        { weight: 0.9, name: 'Control' },
        { weight: 0.1, name: 'Higher midroll frequency' },
      ],
      createdAt: ago(45),
    });
  }

  // Audit trail of the setups above, inside the 120-day default look-back.
  const fields: [string, unknown, unknown][] = [
    ['midrollTime', 5, VIDEO_AD_DEFAULTS.midrollTime],
    ['maxImpressions', 3, VIDEO_AD_DEFAULTS.maxImpressions],
    ['vastRetry', 1, VIDEO_AD_DEFAULTS.vastRetry],
    ['viewportAd', 50, VIDEO_AD_DEFAULTS.viewportAd],
    ['skipTimer', 3, VIDEO_AD_DEFAULTS.skipTimer],
    ['displayAdDuration', 8000, DISPLAY_AD_DEFAULTS.durationMs],
    ['errorLimit', 5, VIDEO_AD_DEFAULTS.errorLimit],
  ];
  const audits: Insert<typeof monetizationAudits>[] = [];
  for (let k = 0; k < 24; k++) {
    const publisher = PUBLISHERS[k % PUBLISHERS.length]!;
    const placement = k % 3 === 0 ? null : rnd.pick(placementsOf(publisher.id));
    const kind = k % 6;
    const base = {
      publisherId: publisher.id,
      placementId: placement?.id ?? null,
      userId: adminId,
      email: 'admin@demo.example',
      associatedType: placement ? 'Placement' : 'Publisher',
      createdAt: ago(1 + k * 4.3 + rnd.next() * 3),
    };
    if (kind === 0) {
      audits.push({
        ...base,
        action: 'create',
        auditableType: 'VideoConfig',
        fieldName: null,
        auditedChanges: {
          content: [
            null,
            { midrollTime: VIDEO_AD_DEFAULTS.midrollTime, vastRetry: VIDEO_AD_DEFAULTS.vastRetry },
          ],
        },
      });
    } else if (kind === 1 && placement) {
      audits.push({
        ...base,
        action: 'update',
        auditableType: 'Placement',
        fieldName: 'enable',
        auditedChanges: { enable: [false, true] },
      });
    } else if (kind === 2 && placement) {
      audits.push({
        ...base,
        action: 'update',
        auditableType: 'Placement',
        fieldName: 'monetized',
        auditedChanges: { monetized: [false, true] },
      });
    } else {
      const [field, before, after] = rnd.pick(fields);
      audits.push({
        ...base,
        action: 'update',
        auditableType: field === 'displayAdDuration' ? 'DisplayConfig' : 'VideoConfig',
        fieldName: field,
        auditedChanges: { field_value: [before, after] },
      });
    }
  }
  rows.monetizationAudits = audits;

  const sheet = `1${rnd.token(24)}`;
  rows.spreadsheets.push({
    externalId: sheet,
    kind: 'fill',
    publisherIds: [406, 407],
    link: `https://docs.google.com/spreadsheets/d/${sheet}`,
    status: 'done',
    createdAt: ago(3),
    updatedAt: ago(3),
  });
}
