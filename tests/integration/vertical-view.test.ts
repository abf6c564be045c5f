// Vertical View over the API: the program list of a tab (ready or rejected) with
// search, sort and paging, a program's segment tables (vertical_tasks?program=), who may read which
// list (review lists need switch_publisher, ready and rejected any logged-in user), and the reels_valid
// toggle.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { VerticalProgram, VerticalTask } from '@hc/shared/api/vertical';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { buildVerticalTask } from '../support/vertical-factories.ts';

type Headers = Record<string, string>;
const DAY = 86_400_000;
let t: TestApp;
let publisherId: number;
let reviewer: Headers;
let viewer: Headers;
let outsider: Headers;
/** Program ids by name. */
const programIds: Record<string, number> = {};

const get = async (url: string, headers: Headers = viewer) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/editor/${url}`, headers });
  return response;
};
const programs = async (query: string, headers: Headers = viewer) => {
  const response = await get(`vertical_video/programs?${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { programs: VerticalProgram[]; count: number; pages: number };
};
const titles = (list: { programs: VerticalProgram[] }) => list.programs.map((p) => p.title);

beforeAll(async () => {
  t = await startTestApp();
  publisherId = (await buildPublisher(t.ctx.db)).id;
  const otherId = (await buildPublisher(t.ctx.db)).id;
  const program = async (
    publisher: number,
    name: string,
    channel: string,
    external: string,
    daysAgo: number,
  ) => {
    const [row] = await t.ctx.db
      .insert(schema.programs)
      .values({
        publisherId: publisher,
        programName: name,
        channel,
        externalProgramId: external,
        startTime: new Date(Date.now() - daysAgo * DAY),
      })
      .returning();
    programIds[name] = row!.id;
    return row!.id;
  };
  const derby = await program(publisherId, 'Evening Derby', 'Sport 1', 'EP-300', 1);
  const cup = await program(publisherId, 'Cup Final', 'Sport 2', 'EP-100', 3);
  const news = await program(publisherId, 'Night News', 'News 24', 'EP-200', 2);
  const old = await program(publisherId, 'Archive Match', 'Sport 1', 'EP-050', 300);
  await program(publisherId, 'Empty Show', 'Sport 1', 'EP-400', 1);
  const foreign = await program(otherId, 'Foreign Derby', 'Other', 'EP-900', 1);
  const task = (publisher: number, programId: number, status: 'review' | 'ready' | 'rejected', daysAgo = 1) =>
    buildVerticalTask(t.ctx.db, {
      publisherId: publisher,
      programId,
      status,
      createdAt: new Date(Date.now() - daysAgo * DAY),
    });
  await task(publisherId, derby, 'ready');
  await task(publisherId, derby, 'ready');
  await task(publisherId, derby, 'rejected');
  await task(publisherId, cup, 'ready');
  await task(publisherId, news, 'rejected');
  await task(publisherId, news, 'review');
  await task(publisherId, old, 'ready', 200); // discovered before the look-back
  await task(otherId, foreign, 'ready');

  const user = async (publisher: number, roles: 'switch_publisher'[]) => {
    const u = await buildUser(t.ctx.db, { publisherId: publisher, roles });
    return authOf(await login(t.app, u.email, u.password));
  };
  reviewer = await user(publisherId, ['switch_publisher']);
  viewer = await user(publisherId, []);
  outsider = await user(otherId, ['switch_publisher']);
});
afterAll(() => t.close());

describe('vertical_video/programs', () => {
  it('lists the programs holding tasks of the tab, start date newest first, within the look-back', async () => {
    const ready = await programs('status=ready');
    expect(titles(ready)).toEqual(['Evening Derby', 'Cup Final']);
    expect(ready.count).toBe(2);
    expect(ready.programs[0]).toEqual({
      id: programIds['Evening Derby'],
      program_id: 'EP-300',
      title: 'Evening Derby',
      channel: 'Sport 1',
      external_program_id: 'EP-300',
      start_date: expect.any(Number),
    });
    expect(titles(await programs('status=rejected'))).toEqual(['Evening Derby', 'Night News']);
    expect(titles(await programs('status=ready&from=365'))).toEqual([
      'Evening Derby',
      'Cup Final',
      'Archive Match',
    ]);
  });

  it('searches by program title or program id', async () => {
    expect(titles(await programs('status=ready&search_type=program_title&search_text=derby'))).toEqual([
      'Evening Derby',
    ]);
    expect(titles(await programs('status=rejected&search_type=program_id&search_text=EP-200'))).toEqual([
      'Night News',
    ]);
    expect(
      titles(await programs(`status=ready&search_type=program_id&search_text=${programIds['Cup Final']}`)),
    ).toEqual(['Cup Final']);
    expect((await programs('status=ready&search_text=100%25')).count).toBe(0);
  });

  it('sorts by each column both ways and pages', async () => {
    const q = 'status=ready&from=365';
    expect(titles(await programs(`${q}&sort_by=title&order_by=asc`))).toEqual([
      'Archive Match',
      'Cup Final',
      'Evening Derby',
    ]);
    expect(titles(await programs(`${q}&sort_by=program_id&order_by=desc`))).toEqual([
      'Evening Derby',
      'Cup Final',
      'Archive Match',
    ]);
    expect(titles(await programs(`${q}&sort_by=channel&order_by=asc`)).at(-1)).toBe('Cup Final');
    expect(titles(await programs(`${q}&sort_by=start_date&order_by=asc`))).toEqual([
      'Archive Match',
      'Cup Final',
      'Evening Derby',
    ]);
    const page2 = await programs(`${q}&per=2&page=2`);
    expect(titles(page2)).toEqual(['Archive Match']);
    expect(page2).toMatchObject({ count: 3, pages: 2 });
  });

  it('needs the review permission for the review tab and refuses bad parameters', async () => {
    expect((await get('vertical_video/programs?status=review')).statusCode).toBe(403);
    expect(titles(await programs('status=review', reviewer))).toEqual(['Night News']);
    for (const query of ['status=done', 'sort_by=password', 'per=5000', 'search_type=channel']) {
      expect((await get(`vertical_video/programs?${query}`)).statusCode, query).toBe(400);
    }
  });

  it("never lists another publisher's programs", async () => {
    expect(titles(await programs('status=ready', outsider))).toEqual(['Foreign Derby']);
    expect(titles(await programs('status=ready&search_text=Derby'))).toEqual(['Evening Derby']);
  });
});

describe('vertical_tasks for Vertical View', () => {
  it("lists a program's ready or rejected segments to any logged-in user, the review list to reviewers", async () => {
    const derby = programIds['Evening Derby'];
    const ready = (await get(`vertical_tasks?status=ready&program=${derby}`)).json().data;
    expect(ready.count).toBe(2);
    expect(ready.tasks.every((task: VerticalTask) => task.program_name === 'Evening Derby')).toBe(true);
    expect((await get(`vertical_tasks?status=rejected&program=${derby}`)).json().data.count).toBe(1);
    expect((await get('vertical_tasks?status=review')).statusCode).toBe(403);
    expect((await get('vertical_tasks?status=review', reviewer)).json().data.count).toBe(1);
  });

  it('sorts by video id both ways, and pages without overlap on equal keys', async () => {
    const asc = (await get('vertical_tasks?status=ready&from=365&sort_by[]=video_id&order_dir[]=asc')).json()
      .data;
    const ids = asc.tasks.map((task: VerticalTask) => task.video_id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => a - b));
    // Every ready task lasts as long: the video id decides, page after page.
    const seen: number[] = [];
    for (const page of [1, 2, 3, 4]) {
      const data = (
        await get(
          `vertical_tasks?status=ready&from=365&sort_by[]=duration&order_dir[]=asc&per=1&page=${page}`,
        )
      ).json().data;
      seen.push(...data.tasks.map((task: VerticalTask) => task.video_id));
    }
    expect(new Set(seen).size).toBe(4);
    expect([...seen].sort()).toEqual([...ids].sort());
  });
});

describe('vertical_video/reels/update', () => {
  const toggle = (id: number, valid: boolean, headers: Headers = reviewer) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/editor/vertical_video/reels/update',
      headers,
      payload: { id, valid },
    });

  it('sets reels_valid of a ready or rejected task and answers the task', async () => {
    const ready = await buildVerticalTask(t.ctx.db, { publisherId, status: 'ready' });
    const rejected = await buildVerticalTask(t.ctx.db, { publisherId, status: 'rejected', reelsValid: true });
    const on = await toggle(ready.videoId, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data.tasks).toHaveLength(1);
    expect(on.json().data.tasks[0]).toMatchObject({ video_id: ready.videoId, reels_valid: true });
    const off = await toggle(rejected.videoId, false);
    expect(off.json().data.tasks[0]).toMatchObject({ video_id: rejected.videoId, reels_valid: false });
    const [audit] = await t.ctx.db
      .select()
      .from(schema.auditLog)
      .where(
        and(
          eq(schema.auditLog.objectId, String(ready.videoId)),
          eq(schema.auditLog.actionName, 'reels_update'),
        ),
      );
    expect(audit?.payload).toEqual({ before: { reels_valid: false }, after: { reels_valid: true } });
  });

  it('refuses a task in review (409), a viewer (403) and another publisher (404)', async () => {
    const review = await buildVerticalTask(t.ctx.db, { publisherId });
    const ready = await buildVerticalTask(t.ctx.db, { publisherId, status: 'ready' });
    const inReview = await toggle(review.videoId, true);
    expect(inReview.statusCode).toBe(409);
    expect(inReview.json().errors[0]).toBe(
      `Video ${review.videoId} is in review: reels validity is set on ready or rejected videos.`,
    );
    expect((await toggle(ready.videoId, true, viewer)).statusCode).toBe(403);
    expect((await toggle(ready.videoId, true, outsider)).statusCode).toBe(404);
    const [row] = await t.ctx.db
      .select({ valid: schema.verticalTasks.reelsValid })
      .from(schema.verticalTasks)
      .where(eq(schema.verticalTasks.videoId, ready.videoId));
    expect(row?.valid).toBe(false);
  });
});
