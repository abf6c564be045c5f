// POST audit_log/create: validated, recorded for the caller's publisher and user, answering {id}.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';

let t: TestApp;
let headers: Record<string, string>;
let publisherId: number;
let userId: number;

const post = (payload: unknown, h = headers) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/editor/audit_log/create',
    headers: h,
    payload: payload as object,
  });

beforeAll(async () => {
  t = await startTestApp();
  publisherId = (await buildPublisher(t.ctx.db)).id;
  const other = await buildPublisher(t.ctx.db);
  const user = await buildUser(t.ctx.db, { publisherId, extraPublishers: [other.id] });
  userId = user.id;
  headers = authOf(await login(t.app, user.email, user.password));
});
afterAll(() => t.close());

describe('POST audit_log/create', () => {
  it('records the entry for the caller publisher and user and answers its id', async () => {
    const response = await post({
      payload: { from: 10, to: 12, frames: [1, 2] },
      action_name: ' keyframe_edit ',
      object_id: 123,
      object_type: 'vertical_task',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json().data as { id: number };
    const [row] = await t.ctx.db.select().from(schema.auditLog).where(eq(schema.auditLog.id, id));
    expect(row).toMatchObject({
      publisherId,
      userId,
      actionName: 'keyframe_edit',
      objectId: '123',
      objectType: 'vertical_task',
      payload: { from: 10, to: 12, frames: [1, 2] },
    });
  });

  it('refuses missing fields, wrong types and huge payloads', async () => {
    const valid = { payload: {}, action_name: 'a', object_id: 'x', object_type: 'package' };
    const bodies = [
      {},
      { ...valid, payload: undefined },
      { ...valid, payload: 'text' },
      { ...valid, payload: [1, 2] },
      { ...valid, action_name: '' },
      { ...valid, action_name: '   ' },
      { ...valid, action_name: 'a'.repeat(101) },
      { ...valid, object_type: undefined },
      { ...valid, object_id: { nested: true } },
      { ...valid, object_id: 'x'.repeat(101) },
      { ...valid, payload: { blob: 'x'.repeat(30_000) } },
    ];
    for (const body of bodies) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 100)).toBe(400);
      expect(response.json().success).toBe(false);
    }
    expect((await post(valid)).statusCode).toBe(201);
  });

  it('needs a session', async () => {
    const response = await post({ payload: {}, action_name: 'a', object_id: 'x', object_type: 't' }, {});
    expect(response.statusCode).toBe(401);
  });
});
