// A NUL character or invalid UTF-8 in any query parameter, path parameter or JSON body field is refused
// with a 400 naming the field, before it reaches PostgreSQL (a NUL there used to answer 500).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invalidTextField } from '@hc/shared/messages';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await startTestApp();
  const publisherId = (await buildPublisher(t.ctx.db)).id;
  const user = await buildUser(t.ctx.db, { publisherId, roles: ['editorial_manager'] });
  headers = authOf(await login(t.app, user.email, user.password));
});

afterAll(async () => {
  await t?.close();
});

describe('bad text in a request', () => {
  it('answers 400 naming q for a NUL byte in a search (it used to be a 500)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/editor/highlights/search?q=%00', headers });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, errors: [invalidTextField('q')] });
  });

  it('answers 400 for bytes that are not UTF-8 in a query parameter', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/editor/highlights/search?q=ab%FF%FEcd',
      headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([invalidTextField('q')]);
  });

  it('answers 400 naming the nested body field for a NUL, and for invalid UTF-8 bytes in a JSON body', async () => {
    const nul = await t.app.inject({
      method: 'POST',
      url: '/api/v1/editor/audit_log/create',
      headers,
      payload: { payload: { note: 'a\u0000b' }, action_name: 'x', object_id: 1, object_type: 'Package' },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors).toEqual([invalidTextField('payload.note')]);

    const raw = Buffer.concat([
      Buffer.from('{"payload":{},"action_name":"'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('","object_id":1,"object_type":"Package"}'),
    ]);
    const bytes = await t.app.inject({
      method: 'POST',
      url: '/api/v1/editor/audit_log/create',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: raw,
    });
    expect(bytes.statusCode).toBe(400);
    expect(bytes.json().errors).toEqual([invalidTextField('action_name')]);
  });

  it('answers 400 for a lone surrogate escaped in JSON, and keeps ordinary non-ASCII text working', async () => {
    const lone = await t.app.inject({
      method: 'GET',
      url: `/api/v1/editor/highlights/search?q=${encodeURIComponent('ok')}`,
      headers,
    });
    expect(lone.statusCode).toBe(200);
    const accents = await t.app.inject({
      method: 'GET',
      url: `/api/v1/editor/highlights/search?q=${encodeURIComponent('Café ⚽ 東京')}`,
      headers,
    });
    expect(accents.statusCode).toBe(200);
    const surrogate = await t.app.inject({
      method: 'POST',
      url: '/api/v1/editor/audit_log/create',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"payload":{},"action_name":"\\ud800","object_id":1,"object_type":"Package"}',
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().errors).toEqual([invalidTextField('action_name')]);
  });
});
