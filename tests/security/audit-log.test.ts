// item 7: the audit log is append-only for the application's own database role. A row
// written through the API says who (user id and e-mail), what, when and for which publisher; UPDATE,
// DELETE and TRUNCATE are refused; removing the user keeps the e-mail (user_id goes null) and removing
// the publisher still takes its rows with it.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { editLogEntryBody } from '../support/audit-entries.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { buildVerticalTask } from '../support/vertical-factories.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t?.close();
});

const rowsOf = (publisherId: number) =>
  t.ctx.db.select().from(schema.auditLog).where(eq(schema.auditLog.publisherId, publisherId));

/** The database error of a statement the app's role runs, or null when it went through. */
async function refusal(statement: string): Promise<string | null> {
  try {
    await t.ctx.db.execute(sql.raw(statement));
    return null;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
}

describe('the audit log', () => {
  it('holds who, what, when and publisher; refuses UPDATE, DELETE and TRUNCATE; survives user removal', async () => {
    const publisher = await buildPublisher(t.ctx.db);
    const user = await buildUser(t.ctx.db, { publisherId: publisher.id, roles: ['switch_publisher'] });
    const { videoId } = await buildVerticalTask(t.ctx.db, { publisherId: publisher.id });
    const session = await login(t.app, user.email, user.password);
    const before = new Date();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/editor/audit_log/create',
      headers: authOf(session),
      payload: editLogEntryBody(videoId),
    });
    expect(created.statusCode, created.body).toBe(201);
    const [row] = await rowsOf(publisher.id);
    expect(row).toMatchObject({
      userId: user.id,
      userEmail: user.email,
      actionName: 'MODIFY_KEYFRAME',
      objectId: String(videoId),
      objectType: 'vertical_video',
      publisherId: publisher.id,
      source: 'client',
    });
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);

    const id = row!.id;
    expect(await refusal(`update audit_log set action_name = 'forged' where id = ${id}`)).toMatch(
      /append-only \(UPDATE\)/,
    );
    expect(await refusal(`update audit_log set user_id = null where id = ${id}`)).toMatch(/append-only/);
    expect(await refusal(`update audit_log set source = 'server' where id = ${id}`)).toMatch(/append-only/);
    expect(await refusal(`delete from audit_log where id = ${id}`)).toMatch(/append-only \(DELETE\)/);
    expect(await refusal('truncate audit_log')).toMatch(/append-only \(TRUNCATE\)/);
    expect(await rowsOf(publisher.id)).toEqual([row]);

    // The user goes; the row stays, still saying who.
    expect(await refusal(`delete from users where id = ${user.id}`)).toBeNull();
    const [after] = await rowsOf(publisher.id);
    expect(after).toEqual({ ...row, userId: null });

    // The publisher goes: its rows go with it (the foreign key's cascade is let through).
    expect(await refusal(`delete from publishers where id = ${publisher.id}`)).toBeNull();
    expect(await rowsOf(publisher.id)).toEqual([]);
  });
});
