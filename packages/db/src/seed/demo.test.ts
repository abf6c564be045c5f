import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { hash, verify } from '@node-rs/argon2';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isKnownAdFlow } from '@hc/shared/monetization/setup-form';
import { migrate, openDb, type DbHandle } from '../client.ts';
import type { KeyframeFileData } from '../schema/vertical.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './accounts.ts';
import { seedDemo } from './demo.ts';

const TIMEOUT = 120_000;
const DAY_S = 86_400;

// Media are reused between runs (generateDemoMedia keeps finished files); the database is fresh.
const mediaDir = path.join(os.tmpdir(), 'hc-demo-seed-test-media');
let dataDir = '';
let handle: DbHandle;
let seedMs = 0;
let firstResult: { seeded: boolean };
const lines: string[] = [];

async function rows<T>(query: SQL): Promise<T[]> {
  const result = (await handle.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

async function count(query: SQL): Promise<number> {
  const [row] = await rows<{ n: number | string }>(query);
  return Number(row?.n ?? 0);
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'hc-demo-seed-'));
  handle = await openDb({ dataDir });
  await migrate(handle);
  const hashPassword = (plain: string) =>
    hash(plain, { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 });
  // A first media run (ffmpeg) is not part of the seed's budget: make the files before timing.
  const { generateDemoMedia } = await import('./media.ts');
  await generateDemoMedia(mediaDir);
  const started = Date.now();
  firstResult = await seedDemo(handle.db, { mediaDir, hashPassword, log: (line) => lines.push(line) });
  seedMs = Date.now() - started;
  console.info(`demo seed on PGlite: ${seedMs} ms\n${lines.join('\n')}`);
}, TIMEOUT);

afterAll(async () => {
  await handle?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('seedDemo', () => {
  it('seeds a fresh database, within the time budget', () => {
    expect(firstResult.seeded).toBe(true);
    // The target is 10 s on PGlite; the bound leaves room for a slow CI machine.
    expect(seedMs).toBeLessThan(30_000);
  });

  it('creates the publishers, group and accounts of the contracts, with working passwords', async () => {
    const pubs = await rows<{ id: number; name: string; group_name: string | null }>(
      sql`select p.id, p.name, g.name as group_name from publishers p left join publisher_groups g on g.id = p.group_id order by p.id`,
    );
    expect(pubs).toEqual([
      { id: 406, name: 'Daily Planet', group_name: 'Planet Media Group' },
      { id: 407, name: 'Metro Sports', group_name: 'Planet Media Group' },
      { id: 512, name: 'Coastal Times', group_name: null },
      { id: 618, name: 'Harbor Herald', group_name: null },
    ]);

    const accounts = await rows<{
      email: string;
      is_admin: boolean;
      user_identifier: string | null;
      password_hash: string;
    }>(sql`select email, is_admin, user_identifier, password_hash from users order by id`);
    expect(accounts.map((a) => a.email)).toEqual(DEMO_ACCOUNTS.map((a) => a.email));
    for (const account of DEMO_ACCOUNTS) {
      const row = accounts.find((a) => a.email === account.email)!;
      expect(row.is_admin).toBe(account.isAdmin);
      expect(row.user_identifier).toBe(account.userIdentifier);
      const roles = await rows<{ publisher_id: number; roles: string[] }>(
        sql`select r.publisher_id, r.roles from user_publisher_roles r join users u on u.id = r.user_id
            where u.email = ${account.email} order by r.publisher_id`,
      );
      expect(roles.map((r) => r.publisher_id)).toEqual([...account.publisherIds].sort());
      for (const r of roles) expect(r.roles).toEqual(account.roles);
    }
    expect(accounts.find((a) => a.email === 'stories@demo.example')?.user_identifier).toBe('40612');
    const editor = accounts.find((a) => a.email === 'editor@demo.example')!;
    expect(await verify(editor.password_hash, DEMO_PASSWORD)).toBe(true);
    expect(await verify(editor.password_hash, 'wrong')).toBe(false);

    const flags = await rows<{ publisher_id: number; iab: string; generic: string }>(
      sql`select publisher_id, console_display_iab_metrics as iab, console_display_generic_metrics as generic
          from console_configs order by publisher_id`,
    );
    expect(flags).toEqual([
      { publisher_id: 406, iab: 'true', generic: 'true' },
      { publisher_id: 407, iab: 'true', generic: 'false' },
      { publisher_id: 512, iab: 'false', generic: 'false' },
    ]);
    const productNames = await rows<{ name: string }>(sql`select name from products order by id`);
    expect(productNames.map((p) => p.name)).toEqual(['APV', 'Editor', 'Top Videos', 'Stories']);
    expect(await count(sql`select count(*) as n from publisher_products where publisher_id = 406`)).toBe(4);
  });

  it('holds at least 800 highlights over more than 2.5 years, denser recently, with realistic metrics', async () => {
    const perPublisher = await rows<{ publisher_id: number; n: number }>(
      sql`select publisher_id, count(*)::int as n from highlights group by publisher_id order by publisher_id`,
    );
    const n = Object.fromEntries(perPublisher.map((r) => [r.publisher_id, r.n]));
    expect(n[406]).toBeGreaterThanOrEqual(480);
    expect(n[407]).toBeGreaterThanOrEqual(170);
    expect(n[512]).toBeGreaterThanOrEqual(110);
    expect(perPublisher.reduce((s, r) => s + r.n, 0)).toBeGreaterThanOrEqual(800);

    const [span] = await rows<{ oldest: number; newest: number }>(
      sql`select extract(epoch from min(published_at))::float8 as oldest, extract(epoch from max(published_at))::float8 as newest
          from highlights where publisher_id = 406`,
    );
    expect(span!.newest - span!.oldest).toBeGreaterThan(2.5 * 365 * DAY_S);
    expect(span!.newest).toBeLessThanOrEqual(Date.now() / 1000);
    // The '24 Hours' filter shows data; the last 6 months hold more than their share of 3 years.
    expect(
      await count(sql`select count(*) as n from highlights where published_at > now() - interval '2 days'`),
    ).toBeGreaterThan(5);
    const recent = await count(
      sql`select count(*) as n from highlights where publisher_id = 406 and published_at > now() - interval '183 days'`,
    );
    expect(recent / n[406]!).toBeGreaterThan(0.3);

    expect(
      await count(sql`select count(*) as n from highlights where non_uniq_regular_impressions = -1`),
    ).toBeGreaterThan(10);
    expect(await count(sql`select count(*) as n from highlights where regular_ctr = 0`)).toBeGreaterThan(10);
    expect(await count(sql`select count(*) as n from highlights where regular_ctr is null`)).toBeGreaterThan(
      0,
    );
    expect(
      await count(
        sql`select count(*) as n from highlights where regular_ctr > 1 or (regular_ctr < 0 and regular_ctr <> -1)`,
      ),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from highlights where non_uniq_regular_impressions > 1000000`),
    ).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*) as n from highlights where article_active = false`),
    ).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*) as n from highlights where ia_article_active = false`),
    ).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*) as n from highlights where jsonb_array_length(resources) > 0`),
    ).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from highlights where id < 1000000 or id > 9999999`)).toBe(0);
    expect(await count(sql`select count(*) as n from articles where id < 10000000 or id > 99999999`)).toBe(0);

    for (const word of ['Ronaldo', 'election', 'storm']) {
      const hits = await count(
        sql`select count(*) as n from highlights where search_vector @@ plainto_tsquery('english', ${word})`,
      );
      expect(hits, word).toBeGreaterThan(0);
    }
  });

  it('stores media paths that exist under the media folder', async () => {
    const paths = await rows<{ p: string }>(
      sql`select video_path as p from highlights union select thumbnail_path from highlights
          union select gif_path from highlights where gif_path is not null
          union select src_video_path from vertical_tasks union select video_path from vertical_tasks where video_path is not null
          union select video_path from program_highlights union select image from story_pages where image is not null
          union select path from uploaded_objects`,
    );
    expect(paths.length).toBeGreaterThan(10);
    for (const { p } of paths) {
      expect(p).toMatch(/^demo\/[\w-]+\.(mp4|jpg|gif)$/);
      expect(existsSync(path.join(mediaDir, p)), p).toBe(true);
    }
  });

  it('has a review queue of 12 articles with 2-3 highlights each', async () => {
    const queue = await rows<{ id: number; n: number }>(
      sql`select a.id, count(h.id)::int as n from articles a join highlights h on h.article_id = a.id
          where a.review_status = 'pending' group by a.id`,
    );
    expect(queue).toHaveLength(12);
    for (const a of queue) expect(a.n).toBeGreaterThanOrEqual(2);
    for (const a of queue) expect(a.n).toBeLessThanOrEqual(3);
  });

  it('has auto and user packages of 3-5 highlights of their own publisher', async () => {
    const pkgs = await rows<{
      embed_id: string;
      publisher_id: number;
      package_type: string;
      status: string;
      n: number;
      foreign: number;
    }>(
      sql`select p.embed_id, p.publisher_id, p.package_type, p.status, count(ph.highlight_id)::int as n,
                 count(*) filter (where h.publisher_id <> p.publisher_id)::int as foreign
          from packages p join package_highlights ph on ph.package_id = p.embed_id join highlights h on h.id = ph.highlight_id
          group by p.embed_id`,
    );
    for (const publisherId of [406, 512]) {
      const own = pkgs.filter((p) => p.publisher_id === publisherId);
      expect(new Set(own.map((p) => p.package_type))).toEqual(new Set(['auto', 'user']));
      const statuses = new Set(own.map((p) => p.status));
      for (const status of ['Active', 'Draft', 'Archive']) expect(statuses.has(status), status).toBe(true);
    }
    for (const p of pkgs) {
      expect(p.embed_id.length).toBeLessThan(10);
      expect(p.n).toBeGreaterThanOrEqual(3);
      expect(p.n).toBeLessThanOrEqual(5);
      expect(p.foreign).toBe(0);
    }
  });

  it('has six stories of 3-5 pages for 406, with a video page and published links', async () => {
    const list = await rows<{ id: number; link: string | null; pages: number; videos: number }>(
      sql`select s.id, s.link, count(sp.id)::int as pages, count(*) filter (where sp.object_type = 'video')::int as videos
          from stories s join story_pages sp on sp.story_id = s.id where s.publisher_id = 406 group by s.id`,
    );
    expect(list).toHaveLength(6);
    for (const s of list) expect(s.pages).toBeGreaterThanOrEqual(3);
    for (const s of list) expect(s.pages).toBeLessThanOrEqual(5);
    expect(list.reduce((sum, s) => sum + s.videos, 0)).toBe(1);
    expect(list.filter((s) => s.link).length).toBeGreaterThan(0);
    expect(list.filter((s) => !s.link).length).toBeGreaterThan(0);
  });

  it('has programs with highlights for 406 and 407', async () => {
    const programs = await rows<{ publisher_id: number; n: number; hl: number }>(
      sql`select p.publisher_id, count(distinct p.id)::int as n, count(ph.hld_id)::int as hl
          from programs p join program_highlights ph on ph.program_id = p.id group by p.publisher_id order by p.publisher_id`,
    );
    expect(programs.map((p) => p.publisher_id)).toEqual([406, 407]);
    for (const p of programs) expect(p.hl).toBeGreaterThan(p.n * 2);
    expect(
      await count(
        sql`select count(*) as n from programs where search_vector @@ plainto_tsquery('simple', 'election')`,
      ),
    ).toBe(1);
  });

  it('has vertical tasks of both content types in all three statuses', async () => {
    const combos = await rows<{ publisher_id: number; content_type: string; status: string; n: number }>(
      sql`select publisher_id, content_type, status, count(*)::int as n from vertical_tasks group by 1, 2, 3`,
    );
    for (const publisherId of [406, 407]) {
      for (const contentType of ['highlight', 'full_video']) {
        for (const status of ['review', 'ready', 'rejected']) {
          expect(
            combos.find(
              (c) => c.publisher_id === publisherId && c.content_type === contentType && c.status === status,
            ),
          ).toBeTruthy();
        }
      }
    }
    const total = (contentType: string, status: string) =>
      combos
        .filter((c) => c.content_type === contentType && c.status === status)
        .reduce((s, c) => s + c.n, 0);
    expect(total('highlight', 'review')).toBeGreaterThanOrEqual(4);
    expect(total('full_video', 'review')).toBeGreaterThanOrEqual(3);

    // Lists look back 120 days.
    expect(
      await count(
        sql`select count(*) as n from vertical_tasks where created_at < now() - interval '120 days'`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*) as n from vertical_tasks where status = 'ready' and video_path is null`,
      ),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*) as n from vertical_tasks where status = 'rejected' and cardinality(reviews) = 0`,
      ),
    ).toBe(0);
    const reels = await rows<{ reels_valid: boolean }>(
      sql`select distinct reels_valid from vertical_tasks where status in ('ready', 'rejected')`,
    );
    expect(reels).toHaveLength(2);
    expect(
      await count(
        sql`select count(*) as n from vertical_tasks where content_type = 'highlight' and (program_id is null or highlight_id is null)`,
      ),
    ).toBe(0);
    const [setting] = await rows<{ value: string }>(
      sql`select value from settings where publisher_id is null and key = 'numberOfAlgoSuggestions'`,
    );
    expect(Number(setting?.value)).toBeGreaterThanOrEqual(2);
  });

  it('gives every review task 2-3 suggestions whose keyframes keep a 9:16 crop inside the frame', async () => {
    const suggestions = await rows<{
      video_id: number;
      start_time: number;
      end_time: number;
      data: KeyframeFileData | null;
    }>(
      sql`select t.video_id, s.start_time, s.end_time, k.data
          from vertical_tasks t join vertical_suggestions s on s.video_id = t.video_id
          left join keyframe_files k on k.id = s.keyframe_file_id where t.status = 'review'`,
    );
    const perTask = new Map<number, number>();
    for (const s of suggestions) perTask.set(s.video_id, (perTask.get(s.video_id) ?? 0) + 1);
    const reviewTasks = await count(sql`select count(*) as n from vertical_tasks where status = 'review'`);
    expect(perTask.size).toBe(reviewTasks);
    for (const n of perTask.values()) {
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(3);
    }

    let multiScene = 0;
    for (const s of suggestions) {
      const file = s.data;
      expect(file).not.toBeNull();
      if (!file) continue;
      const { input_width: w, input_height: h, fps } = file;
      expect(fps).toBeGreaterThan(0);
      expect(file.groups.length).toBeGreaterThan(0);
      if (file.groups.length > 1) multiScene++;
      expect(file.groups[0]!.start_frame).toBe(Math.round(s.start_time * fps));
      let previousEnd = file.groups[0]!.start_frame - 1;
      for (const group of file.groups) {
        expect(group.start_frame).toBe(previousEnd + 1);
        expect(group.end_frame).toBeGreaterThanOrEqual(group.start_frame);
        previousEnd = group.end_frame;
        for (const object of group.objects) {
          const [x, y, rw, rh] = object.rect;
          expect(Math.abs(rw / rh - 9 / 16)).toBeLessThan(0.01);
          expect(x).toBeGreaterThanOrEqual(0);
          expect(y).toBeGreaterThanOrEqual(0);
          expect(x + rw).toBeLessThanOrEqual(w);
          expect(y + rh).toBeLessThanOrEqual(h);
          expect(object.keyframes.length).toBeGreaterThanOrEqual(2);
          for (const k of object.keyframes) {
            expect(k.frame).toBeGreaterThanOrEqual(group.start_frame);
            expect(k.frame).toBeLessThanOrEqual(group.end_frame);
            expect(k.x).toBeGreaterThanOrEqual(0);
            expect(k.y).toBeGreaterThanOrEqual(0);
            expect(k.x + rw).toBeLessThanOrEqual(w);
            expect(k.y + rh).toBeLessThanOrEqual(h);
          }
          // Every ~12 frames: no gap longer than the step.
          const frames = object.keyframes.map((k) => k.frame);
          for (let i = 1; i < frames.length; i++) expect(frames[i]! - frames[i - 1]!).toBeLessThanOrEqual(12);
        }
      }
    }
    // The sources have a scene cut; suggestions spanning it have two groups.
    expect(multiScene).toBeGreaterThan(0);
  });

  it('has monetization setups, A/B tests and an audit trail', async () => {
    const perPublisher = await rows<{ publisher_id: number; n: number; amp: number }>(
      sql`select publisher_id, count(*)::int as n, count(*) filter (where platform = 'amp')::int as amp
          from placements group by publisher_id order by publisher_id`,
    );
    for (const p of perPublisher) {
      expect(p.n).toBeGreaterThanOrEqual(2);
      expect(p.amp).toBeGreaterThanOrEqual(1);
    }
    expect(await count(sql`select count(*) as n from video_configs where placement_id is null`)).toBe(3);
    expect(
      await count(sql`select count(*) as n from video_configs where placement_id is not null`),
    ).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from display_configs where placement_id is null`)).toBe(6);
    expect(
      await count(sql`select count(*) as n from display_configs where placement_id is not null`),
    ).toBeGreaterThan(0);
    // Every stored video setup is one of the config page's ad flows, so it opens and saves as it is.
    const videos = await rows<{ config: Record<string, unknown> }>(sql`select config from video_configs`);
    for (const v of videos) expect(isKnownAdFlow(v.config)).toBe(true);
    // Harbor Herald is the publisher New publisher setup lists.
    expect(await count(sql`select count(*) as n from video_configs where publisher_id = 618`)).toBe(0);
    const tests = await rows<{ monetization: boolean }>(
      sql`select monetization from ab_tests order by monetization`,
    );
    expect(tests.map((t) => t.monetization)).toEqual([false, true]);
    expect(
      await count(
        sql`select count(*) as n from monetization_audits where created_at > now() - interval '120 days'`,
      ),
    ).toBeGreaterThanOrEqual(20);
  });

  it('carries 90 days of daily points for highlights and packages, and totals that add up', async () => {
    const span = await rows<{ days: number | string; oldest: string; newest: string }>(
      sql`select count(distinct day) as days, min(day)::text as oldest, max(day)::text as newest from highlight_metrics_daily`,
    );
    expect(Number(span[0]!.days)).toBe(90);
    expect(span[0]!.newest).toBe(new Date().toISOString().slice(0, 10));
    // An old highlight has a point every day of the window; clicks never exceed impressions.
    expect(
      await count(sql`select count(*) as n from (select highlight_id from highlight_metrics_daily
        group by highlight_id having count(*) = 90) full_window`),
    ).toBeGreaterThan(100);
    expect(
      await count(sql`select count(*) as n from highlight_metrics_daily
        where front_page_clicks > front_page_impressions or article_clicks > article_impressions
           or front_page_impressions <= 0`),
    ).toBe(0);
    expect(await count(sql`select count(distinct package_id) as n from package_metrics_daily`)).toBe(
      await count(sql`select count(*) as n from packages`),
    );
    expect(
      await count(sql`select count(*) as n from publisher_package_metrics_daily t
        join (select publisher_id, day, sum(impressions) as i, sum(clicks) as c from package_metrics_daily
              group by publisher_id, day) s using (publisher_id, day)
        where t.impressions <> s.i or t.clicks <> s.c`),
    ).toBe(0);
  });

  it('leaves sequences past the seeded ids', async () => {
    const [row] = await rows<{ id: number }>(
      sql`insert into programs (publisher_id, program_name, channel, start_time) values (406, 'Probe', 'Planet Live', now()) returning id`,
    );
    expect(row!.id).toBeGreaterThan(16);
    await handle.db.execute(sql`delete from programs where id = ${row!.id}`);
  });

  it('does nothing the second time', async () => {
    const before = await count(sql`select count(*) as n from highlights`);
    const again = await seedDemo(handle.db, {
      mediaDir,
      hashPassword: () => Promise.reject(new Error('not called')),
    });
    expect(again).toEqual({ seeded: false });
    expect(await count(sql`select count(*) as n from highlights`)).toBe(before);
  });
});
