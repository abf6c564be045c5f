// Post-on-google: GET external_resources lists the caller's highlights still holding resources of a
// type; GET external_resources/publish removes published resources (idempotent, audited, scoped).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import type { Highlight } from '@hc/shared/api/highlights';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildHighlight, buildPublisher, buildUser } from '../support/factories.ts';

let t: TestApp;
let headers: Record<string, string>;
let publisherId: number;
let withTwo: number;
let withOne: number;
let foreign: number;
const DAY = 86_400_000;

const res = (id: string, type = 'pog') => ({ id, type, url: `https://news.example/${id}` });
const get = (url: string, h = headers) =>
  t.app.inject({ method: 'GET', url: `/api/v1/editor/${url}`, headers: h });
const resourcesOf = async (id: number) =>
  (await t.ctx.db.select().from(schema.highlights).where(eq(schema.highlights.id, id)))[0]!.resources;
const publishAudits = (id: number) =>
  t.ctx.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.actionName, 'publish'), eq(schema.auditLog.objectId, String(id))));

beforeAll(async () => {
  t = await startTestApp();
  publisherId = (await buildPublisher(t.ctx.db)).id;
  const otherId = (await buildPublisher(t.ctx.db)).id;
  // Logged in only: posting needs the view permission.
  const user = await buildUser(t.ctx.db, { publisherId });
  headers = authOf(await login(t.app, user.email, user.password));

  withTwo = (await buildHighlight(t.ctx.db, publisherId, { resources: [res('a1'), res('a2')] })).id;
  withOne = (
    await buildHighlight(t.ctx.db, publisherId, {
      resources: [res('b1'), res('b2', 'share')],
      publishedAt: new Date(Date.now() - DAY),
    })
  ).id;
  await buildHighlight(t.ctx.db, publisherId, { resources: [res('c1', 'share')] });
  await buildHighlight(t.ctx.db, publisherId);
  foreign = (await buildHighlight(t.ctx.db, otherId, { resources: [res('f1')] })).id;
});
afterAll(() => t.close());

describe('GET external_resources', () => {
  it('lists the caller highlights holding pog resources (the default type), newest first', async () => {
    const response = await get('external_resources');
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as { highlights: Highlight[]; count: number };
    expect(data.count).toBe(2);
    expect(data.highlights.map((h) => h.highlight_id)).toEqual([withTwo, withOne]);
    expect(data.highlights[0]!.resources).toEqual([res('a1'), res('a2')]);
    expect(data.highlights[0]!.video_url).toBe('/media/test/clip');
  });

  it('filters by another type and pages', async () => {
    expect((await get('external_resources?type=share')).json().data.count).toBe(2);
    const page2 = (await get('external_resources?type=pog&per=1&page=2')).json().data;
    expect(page2.highlights.map((h: Highlight) => h.highlight_id)).toEqual([withOne]);
    expect((await get('external_resources?type=nothing')).json().data).toEqual({ highlights: [], count: 0 });
  });

  it('refuses bad parameters and needs a session', async () => {
    for (const q of ['type=', `type=${'x'.repeat(31)}`, 'per=500', 'page=0']) {
      expect((await get(`external_resources?${q}`)).statusCode, q).toBe(400);
    }
    expect((await get('external_resources', {})).statusCode).toBe(401);
  });
});

describe('GET external_resources/publish', () => {
  it('removes the published resources, answers what remains, and records the action', async () => {
    const response = await get(`external_resources/publish?highlight_id=${withTwo}&resource_ids[]=a1`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ highlight_id: withTwo, resources: [res('a2')] });
    expect(await resourcesOf(withTwo)).toEqual([res('a2')]);
    const audits = await publishAudits(withTwo);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ publisherId, objectType: 'highlight' });
    expect(audits[0]!.payload).toEqual({ requested: ['a1'], removed: ['a1'], remaining: ['a2'] });
  });

  it('is idempotent: publishing an already removed id changes nothing', async () => {
    const url = `external_resources/publish?highlight_id=${withOne}&resource_ids[]=b1&resource_ids[]=zz`;
    const first = await get(url);
    expect(first.json().data.resources).toEqual([res('b2', 'share')]);
    const again = await get(url);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.resources).toEqual([res('b2', 'share')]);
    expect(await resourcesOf(withOne)).toEqual([res('b2', 'share')]);
    // No pog left: the highlight leaves the pog list.
    const list = (await get('external_resources')).json().data as { highlights: Highlight[] };
    expect(list.highlights.map((h) => h.highlight_id)).not.toContain(withOne);
  });

  it('empties the list of a highlight when all its resources are published', async () => {
    const response = await get(`external_resources/publish?highlight_id=${withTwo}&resource_ids[]=a2`);
    expect(response.json().data.resources).toEqual([]);
    expect((await get('external_resources')).json().data.count).toBe(0);
  });

  it("404s for another publisher's or an unknown highlight and changes nothing", async () => {
    const response = await get(`external_resources/publish?highlight_id=${foreign}&resource_ids[]=f1`);
    expect(response.statusCode).toBe(404);
    expect(await resourcesOf(foreign)).toEqual([res('f1')]);
    expect(await publishAudits(foreign)).toHaveLength(0);
    expect((await get('external_resources/publish?highlight_id=999999999&resource_ids[]=x')).statusCode).toBe(
      404,
    );
  });

  it('refuses missing or bad parameters', async () => {
    for (const q of [
      '',
      `highlight_id=${withTwo}`,
      'resource_ids[]=a1',
      `highlight_id=abc&resource_ids[]=a1`,
      `highlight_id=-1&resource_ids[]=a1`,
      `highlight_id=${withTwo}&resource_ids[]=${'x'.repeat(201)}`,
    ]) {
      expect((await get(`external_resources/publish?${q}`)).statusCode, q).toBe(400);
    }
    expect(
      (await get(`external_resources/publish?highlight_id=${withTwo}&resource_ids[]=a1`, {})).statusCode,
    ).toBe(401);
  });
});
