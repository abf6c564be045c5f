// POST audit_log/create: only the frame editor's entries, small, at a bounded rate per user, and on
// record as written by the client (the server's own rows say 'server').
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import {
  CLIENT_AUDIT_ACTIONS,
  CLIENT_AUDIT_BODY_MAX_BYTES,
  CLIENT_AUDIT_OBJECT_TYPES,
  CLIENT_AUDIT_PAYLOAD_MAX_BYTES,
  CLIENT_AUDIT_RATE,
} from '@hc/shared/constants';
import { auditTooFast, jsonTooLarge, notOneOf } from '@hc/shared/messages';
import { editLogEntryBody } from '../support/audit-entries.ts';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { buildVerticalTask } from '../support/vertical-factories.ts';

let t: TestApp;
let publisherId: number;
let videoId: number;

const post = (payload: unknown, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/editor/audit_log/create',
    headers,
    payload: payload as object,
  });

/** A reviewer of the publisher (the frame editor's role), signed in: their own rate count. */
async function reviewer() {
  const user = await buildUser(t.ctx.db, { publisherId, roles: ['switch_publisher'] });
  return { user, headers: authOf(await login(t.app, user.email, user.password)) };
}

const rowsOf = (userId: number) =>
  t.ctx.db.select().from(schema.auditLog).where(eq(schema.auditLog.userId, userId));

beforeAll(async () => {
  t = await startTestApp();
  publisherId = (await buildPublisher(t.ctx.db)).id;
  ({ videoId } = await buildVerticalTask(t.ctx.db, { publisherId }));
});
afterAll(() => t.close());

describe('POST audit_log/create', () => {
  it("records the frame editor's entry for the caller, marked as written by the client", async () => {
    const { user, headers } = await reviewer();
    const response = await post(editLogEntryBody(videoId), headers);
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json().data as { id: number };
    const [row] = await t.ctx.db.select().from(schema.auditLog).where(eq(schema.auditLog.id, id));
    expect(row).toMatchObject({
      publisherId,
      userId: user.id,
      userEmail: user.email,
      actionName: 'MODIFY_KEYFRAME',
      objectId: String(videoId),
      objectType: 'vertical_video',
      source: 'client',
    });
  });

  it("keeps the server's own rows marked as the server's", async () => {
    const [row] = await t.ctx.db
      .insert(schema.auditLog)
      .values({ publisherId, actionName: 'publish', objectType: 'highlight', objectId: '1' })
      .returning();
    expect(row!.source).toBe('server');
  });

  it('refuses an action or object type the console never sends, naming the field, and writes nothing', async () => {
    const { user, headers } = await reviewer();
    const invented = await post({ ...editLogEntryBody(videoId), action_name: 'approved_by_ceo' }, headers);
    expect(invented.statusCode).toBe(400);
    expect(invented.json()).toEqual({
      success: false,
      errors: [`action_name: ${notOneOf(CLIENT_AUDIT_ACTIONS)}`],
    });
    const otherObject = await post({ ...editLogEntryBody(videoId), object_type: 'package' }, headers);
    expect(otherObject.statusCode).toBe(400);
    expect(otherObject.json().errors).toEqual([`object_type: ${notOneOf(CLIENT_AUDIT_OBJECT_TYPES)}`]);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('refuses a payload over its size bound with 400, and a huge body before reading it', async () => {
    const { user, headers } = await reviewer();
    const padding = 'x'.repeat(CLIENT_AUDIT_PAYLOAD_MAX_BYTES);
    const large = await post(editLogEntryBody(videoId, { note: padding }), headers);
    expect(large.statusCode).toBe(400);
    expect(large.json().errors).toEqual([`payload: ${jsonTooLarge(CLIENT_AUDIT_PAYLOAD_MAX_BYTES)}`]);
    // Multi-byte text counts in bytes, as it is stored: 1,500 characters of 3 bytes each are too many.
    const wide = await post(editLogEntryBody(videoId, { note: '東'.repeat(1_500) }), headers);
    expect(wide.statusCode).toBe(400);
    const huge = await post(
      editLogEntryBody(videoId, { note: 'x'.repeat(CLIENT_AUDIT_BODY_MAX_BYTES * 2) }),
      headers,
    );
    expect(huge.statusCode).toBe(413);
    expect(huge.json().success).toBe(false);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('takes a burst, then answers 429 with Retry-After; other users are not slowed', async () => {
    const { user, headers } = await reviewer();
    const burst = CLIENT_AUDIT_RATE.perMinute + CLIENT_AUDIT_RATE.burstExtra;
    for (let i = 0; i < burst; i += 1) {
      const response = await post(editLogEntryBody(videoId, { frame: i }), headers);
      expect(response.statusCode, response.body).toBe(201);
    }
    const refused = await post(editLogEntryBody(videoId), headers);
    expect(refused.statusCode).toBe(429);
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(refused.json()).toEqual({ success: false, errors: [auditTooFast(wait)] });
    // A refused attempt counts too, valid or not: still 429, still nothing written.
    const invalid = await post({ action_name: 'x' }, headers);
    expect(invalid.statusCode).toBe(429);
    expect(await rowsOf(user.id)).toHaveLength(burst);

    const other = await reviewer();
    expect((await post(editLogEntryBody(videoId), other.headers)).statusCode).toBe(201);
  });

  it('needs a session', async () => {
    expect((await post(editLogEntryBody(videoId), {})).statusCode).toBe(401);
  });
});
