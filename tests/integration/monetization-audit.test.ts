// GET monetization_audit: newest first, 1-based pages, a look-back in days
// (120 by default), an optional publisher; admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import { messages } from '@hc/shared/messages';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';

let t: TestApp;
let admin: Record<string, string>;
let editor: Record<string, string>;
let first: number;
let second: number;
let placement: number;

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const get = (query: string, headers = admin) =>
  t.app.inject({ method: 'GET', url: `/api/v1/editor/monetization_audit${query}`, headers });

beforeAll(async () => {
  t = await startTestApp();
  first = (await buildPublisher(t.ctx.db, { name: 'First Herald' })).id;
  second = (await buildPublisher(t.ctx.db, { name: 'Second Star' })).id;
  const [row] = await t.ctx.db
    .insert(schema.placements)
    .values({ publisherId: first, name: 'Top Slot' })
    .returning();
  placement = row!.id;
  const entry = (publisherId: number, days: number, fieldName: string) => ({
    publisherId,
    placementId: publisherId === first ? placement : null,
    email: 'someone@test.example',
    action: 'update',
    auditableType: 'VideoConfig',
    associatedType: publisherId === first ? 'Placement' : 'Publisher',
    fieldName,
    auditedChanges: { [fieldName]: [1, 2] },
    createdAt: daysAgo(days),
  });
  await t.ctx.db
    .insert(schema.monetizationAudits)
    .values([
      entry(first, 1, 'midrollTime'),
      entry(second, 2, 'vastRetry'),
      entry(first, 3, 'errorLimit'),
      entry(second, 50, 'skipTimer'),
      entry(first, 119, 'viewportAd'),
      entry(first, 121, 'tooOld'),
    ]);
  const adminUser = await buildUser(t.ctx.db, { publisherId: first, isAdmin: true });
  const editorUser = await buildUser(t.ctx.db, { publisherId: first, roles: ['editorial_manager'] });
  admin = authOf(await login(t.app, adminUser.email, adminUser.password));
  editor = authOf(await login(t.app, editorUser.email, editorUser.password));
});
afterAll(() => t.close());

const fields = (res: Awaited<ReturnType<typeof get>>) =>
  (res.json().data.audits as { field_name: string }[]).map((a) => a.field_name);

describe('monetization_audit', () => {
  it('lists the last 120 days newest first by default, with totalItems', async () => {
    const res = await get('');
    expect(res.statusCode).toBe(200);
    expect(fields(res)).toEqual(['midrollTime', 'vastRetry', 'errorLimit', 'skipTimer', 'viewportAd']);
    expect(res.json().data.totalItems).toBe(5);
    expect(res.json().data.audits[0]).toMatchObject({
      action: 'update',
      auditable_type: 'VideoConfig',
      associated_type: 'Placement',
      email: 'someone@test.example',
      publisher_id: first,
      publisher_name: 'First Herald',
      placement_id: placement,
      placement_name: 'Top Slot',
      audited_changes: { midrollTime: [1, 2] },
    });
  });

  it('pages are 1-based', async () => {
    expect(fields(await get('?page=1&per=2'))).toEqual(['midrollTime', 'vastRetry']);
    expect(fields(await get('?page=3&per=2'))).toEqual(['viewportAd']);
    expect((await get('?page=3&per=2')).json().data.totalItems).toBe(5);
    expect((await get('?page=0')).statusCode).toBe(400);
    expect((await get('?per=101')).statusCode).toBe(400);
  });

  it('filters by look-back days and publisher', async () => {
    expect(fields(await get('?from=10'))).toEqual(['midrollTime', 'vastRetry', 'errorLimit']);
    expect(fields(await get('?from=200'))).toHaveLength(6);
    expect(fields(await get(`?publisher_id=${second}`))).toEqual(['vastRetry', 'skipTimer']);
    expect((await get('?from=-1')).statusCode).toBe(400);
    expect((await get('?publisher_id=abc')).statusCode).toBe(400);
  });

  it('refuses non-admins with 403', async () => {
    const res = await get('', editor);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toEqual([messages.forbidden]);
  });
});
