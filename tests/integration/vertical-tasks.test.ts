// GET vertical_tasks: the pending count query of the menu and the scoped, sorted task list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@hc/db/schema';
import { PENDING_COUNT_QUERY } from '@hc/shared/constants';
import type { VerticalTask } from '@hc/shared/api/vertical';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';

let t: TestApp;
let pubA: number;
let pubB: number;
let foreign: number;
let reviewer: Record<string, string>;
let groupId: number;
const DAY = 86_400_000;

const tasks = async (query: string, headers = reviewer) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/v1/editor/vertical_tasks?${query}`,
    headers,
  });
  return response;
};

beforeAll(async () => {
  t = await startTestApp();
  const [group] = await t.ctx.db.insert(schema.publisherGroups).values({ name: 'G' }).returning();
  groupId = group!.id;
  pubA = (await buildPublisher(t.ctx.db, { groupId, name: 'Alpha' })).id;
  pubB = (await buildPublisher(t.ctx.db, { groupId: group!.id, name: 'Beta' })).id;
  foreign = (await buildPublisher(t.ctx.db, { groupId: group!.id, name: 'Foreign' })).id;
  let videoId = 500;
  const task = (
    publisherId: number,
    status: 'review' | 'ready' | 'rejected',
    ageDays: number,
    extra = {},
  ) => ({
    videoId: ++videoId,
    publisherId,
    contentType: 'highlight' as const,
    status,
    title: `Task ${videoId}`,
    srcVideoPath: 'demo/src.mp4',
    durationSeconds: 10 + (videoId % 7),
    createdAt: new Date(Date.now() - ageDays * DAY),
    updatedAt: new Date(Date.now() - ageDays * DAY),
    ...extra,
  });
  await t.ctx.db.insert(schema.verticalTasks).values([
    task(pubA, 'review', 1),
    task(pubA, 'review', 2, { contentType: 'full_video' }),
    task(pubA, 'review', 200), // older than the 120-day look-back
    task(pubA, 'ready', 1),
    task(pubB, 'review', 3, { title: 'Derby penalty' }),
    task(foreign, 'review', 1),
  ]);
  const user = await buildUser(t.ctx.db, {
    publisherId: pubA,
    roles: ['switch_publisher'],
    extraPublishers: [pubB],
  });
  reviewer = authOf(await login(t.app, user.email, user.password));
});
afterAll(() => t.close());

describe('vertical_tasks', () => {
  it('answers the pending-count query of the menu with the count of review tasks in the look-back', async () => {
    const query = new URLSearchParams(Object.entries(PENDING_COUNT_QUERY).map(([k, v]) => [k, String(v)]));
    const data = (await tasks(query.toString())).json().data;
    expect(data.count).toBe(2);
    expect(data.tasks).toHaveLength(1);
    expect(data.pages).toBe(2);
  });

  it('filters by content type and status, and widens to allowed publishers or groups only', async () => {
    expect((await tasks('status=review&content_type=full_video')).json().data.count).toBe(1);
    expect((await tasks('status=ready')).json().data.count).toBe(1);
    expect((await tasks('status=rejected')).json().data.count).toBe(0);
    const both = (await tasks(`status=review&publisher_ids[]=${pubA}&publisher_ids[]=${pubB}`)).json().data;
    expect(both.count).toBe(3);
    const group = (await tasks(`status=review&group_ids[]=${groupId}`)).json().data;
    expect(group.tasks.every((task: VerticalTask) => task.publisher_id !== foreign)).toBe(true);
    expect((await tasks(`status=review&publisher_ids[]=${foreign}`)).statusCode).toBe(404);
  });

  it('sorts by several keys and searches free text', async () => {
    const sorted = (
      await tasks(
        `status=review&publisher_ids[]=${pubA}&publisher_ids[]=${pubB}&sort_by[]=publisher_name&order_dir[]=desc&sort_by[]=updated_at&order_dir[]=asc`,
      )
    ).json().data;
    expect(sorted.tasks.map((task: VerticalTask) => task.publisher_name)).toEqual(['Beta', 'Alpha', 'Alpha']);
    const found = (await tasks(`status=review&publisher_ids[]=${pubB}&free_query=penalty`)).json().data;
    expect(found.tasks.map((task: VerticalTask) => task.title)).toEqual(['Derby penalty']);
  });

  it('refuses bad parameters with 400', async () => {
    for (const query of [
      'per=5000',
      'sort_by[]=password',
      'content_type=audio',
      'from=-3',
      `free_query=${'x'.repeat(500)}`,
    ]) {
      expect((await tasks(query)).statusCode, query).toBe(400);
    }
  });

  it('sorts text without regard to case, and tasks lacking the value last in both directions', async () => {
    await t.ctx.db
      .update(schema.verticalTasks)
      .set({ title: 'apple pie' })
      .where(eq(schema.verticalTasks.videoId, 501));
    await t.ctx.db
      .update(schema.verticalTasks)
      .set({ generatedAt: new Date() })
      .where(eq(schema.verticalTasks.videoId, 502));
    const order = async (sort: string, dir: string, field: keyof VerticalTask) =>
      (
        await tasks(
          `status=review&publisher_ids[]=${pubA}&publisher_ids[]=${pubB}&sort_by[]=${sort}&order_dir[]=${dir}`,
        )
      )
        .json()
        .data.tasks.map((task: VerticalTask) => task[field]);
    expect(await order('title', 'asc', 'title')).toEqual(['apple pie', 'Derby penalty', 'Task 502']);
    expect(await order('title', 'desc', 'title')).toEqual(['Task 502', 'Derby penalty', 'apple pie']);
    // Only task 502 has been generated: it leads both ways, the others follow.
    for (const dir of ['asc', 'desc']) {
      expect((await order('generated_at', dir, 'video_id'))[0], dir).toBe(502);
    }
  });
});
