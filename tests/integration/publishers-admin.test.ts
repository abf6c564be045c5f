// Publishers admin and the admin job dashboard: create a
// publisher with the catalogue's errors, switch the APV / Editor flags, splash images inspected on the
// server, audit entries written with each change, 403 for every non-admin, and bull-board behind the
// admin session on its page, assets and API.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import { publisherAdminErrors, SPLASH_MAX_BYTES } from '@hc/shared/api/publishers-admin';
import { messages } from '@hc/shared/messages';
import { QUEUES } from '@hc/shared/queues';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { buildPublisher, buildUser } from '../support/factories.ts';
import { PNG_1X1 } from '../support/story-app.ts';

type Headers = Record<string, string>;
let t: TestApp;
let existing: number;
let admin: Headers;
let editor: Headers;

const call = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1/editor/${url}`, headers, payload: payload as object });

const auditsOf = (publisherId: number, action: string) =>
  t.ctx.db
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.publisherId, publisherId), eq(schema.auditLog.actionName, action)));

beforeAll(async () => {
  t = await startTestApp();
  existing = (await buildPublisher(t.ctx.db, { name: 'Existing Daily' })).id;
  const adminUser = await buildUser(t.ctx.db, { publisherId: existing, isAdmin: true });
  const editorUser = await buildUser(t.ctx.db, {
    publisherId: existing,
    roles: ['editorial_manager', 'switch_publisher', 'apv_article_admin'],
  });
  admin = authOf(await login(t.app, adminUser.email, adminUser.password));
  editor = authOf(await login(t.app, editorUser.email, editorUser.password));
});
afterAll(() => t.close());

describe('POST publishers/new', () => {
  it('creates a publisher with a random account key, lists it, and audits the creation', async () => {
    const response = await call('POST', 'publishers/new', admin, {
      pub_name: '  Harbour News ',
      pub_id: '700123',
      home_url: 'https://harbour.example',
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json().data;
    expect(created).toMatchObject({ id: 700123, name: 'Harbour News', home_url: 'https://harbour.example' });
    expect(created.apv).toBe(true);
    expect(created.key).toMatch(/^[0-9a-f]{24}$/);
    const list = (await call('GET', 'publishers_with_config/', admin)).json().data as { id: number }[];
    expect(list.map((p) => p.id)).toContain(700123);
    const [entry] = await auditsOf(700123, 'publisher_create');
    expect(entry).toMatchObject({ objectType: 'publisher', objectId: '700123' });
  });

  it.each([
    [{ pub_name: '', pub_id: '7001', home_url: 'https://a.example' }, messages.eachFieldRequired],
    [{ pub_name: 'A', pub_id: '7001' }, messages.eachFieldRequired],
    [{ pub_name: 'A', pub_id: '   ', home_url: 'https://a.example' }, messages.eachFieldRequired],
    [{ pub_name: 'A', pub_id: '70a1', home_url: 'https://a.example' }, messages.publisherIdInvalid],
    [{ pub_name: 'A', pub_id: '-5', home_url: 'https://a.example' }, messages.publisherIdInvalid],
    [{ pub_name: 'A', pub_id: '99999999999', home_url: 'https://a.example' }, messages.publisherIdInvalid],
    [{ pub_name: 'A', pub_id: '7001', home_url: 'javascript:alert(1)' }, publisherAdminErrors.homeUrlInvalid],
  ])('refuses %j with 400 and the message, writing nothing', async (body, message) => {
    const response = await call('POST', 'publishers/new', admin, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, errors: [message] });
    const [row] = await t.ctx.db.select().from(schema.publishers).where(eq(schema.publishers.id, 7001));
    expect(row).toBeUndefined();
  });

  it('refuses an id that exists with 409 "This publisher already exists!" and keeps the old row', async () => {
    const response = await call('POST', 'publishers/new', admin, {
      pub_name: 'Impostor',
      pub_id: String(existing),
      home_url: 'https://impostor.example',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().errors).toEqual([messages.publisherExists]);
    const [row] = await t.ctx.db.select().from(schema.publishers).where(eq(schema.publishers.id, existing));
    expect(row!.name).toBe('Existing Daily');
    expect(await auditsOf(existing, 'publisher_create')).toHaveLength(0);
  });
});

describe('POST publisher_product_status', () => {
  it('switches APV off and Editor off and on, each with an audit entry of before and after', async () => {
    const off = await call('POST', 'publisher_product_status', admin, {
      publisher_id: existing,
      product: 'apv',
      status: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ id: existing, apv: false, editor: true });
    await call('POST', 'publisher_product_status', admin, {
      publisher_id: existing,
      product: 'editor',
      status: false,
    });
    const on = await call('POST', 'publisher_product_status', admin, {
      publisher_id: existing,
      product: 'editor',
      status: true,
    });
    expect(on.json().data).toMatchObject({ apv: false, editor: true });
    const entries = await auditsOf(existing, 'publisher_product_status');
    expect(entries.map((e) => e.payload)).toEqual([
      { product: 'apv', status: [true, false] },
      { product: 'editor', status: [true, false] },
      { product: 'editor', status: [false, true] },
    ]);
  });

  it('answers 404 for an unknown publisher and 400 for an unknown product', async () => {
    expect(
      (
        await call('POST', 'publisher_product_status', admin, {
          publisher_id: 1,
          product: 'apv',
          status: true,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', 'publisher_product_status', admin, {
          publisher_id: existing,
          product: 'stories',
          status: true,
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('splash images', () => {
  it('stores a real PNG sent as a data URL under an unguessable name and lists it newest first', async () => {
    const first = await call('POST', 'publishers_upload_splash/', admin, {
      publisher_id: existing,
      splash_base64: `data:image/png;base64,${PNG_1X1.toString('base64')}`,
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await call('POST', 'publishers_upload_splash/', admin, {
      publisher_id: existing,
      splash_base64: PNG_1X1.toString('base64'),
    });
    const image = second.json().data;
    expect(image.url).toMatch(new RegExp(`^/media/splash/${existing}/[0-9a-f]{32}\\.png$`));
    const stored = await readFile(path.join(t.ctx.config.mediaDir, image.url.slice('/media/'.length)));
    expect(stored.equals(PNG_1X1)).toBe(true);
    const list = (await call('GET', `publishers/${existing}/splash_images/`, admin)).json().data;
    expect(list.map((i: { id: number }) => i.id)).toEqual([image.id, first.json().data.id]);
    expect(await auditsOf(existing, 'splash_image_upload')).toHaveLength(2);
  });

  it.each([
    ['empty', '', messages.splashRequired],
    ['a data URL with no bytes', 'data:image/png;base64,', messages.splashRequired],
    ['not base64', '%%%not base64%%%', publisherAdminErrors.splashFormat],
    [
      'text named as a PNG',
      `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}`,
      publisherAdminErrors.splashFormat,
    ],
    [
      'a PNG header on junk',
      Buffer.concat([PNG_1X1.subarray(0, 8), Buffer.from('junk')]).toString('base64'),
      publisherAdminErrors.splashFormat,
    ],
    [
      'over 2 MB',
      Buffer.concat([PNG_1X1, Buffer.alloc(SPLASH_MAX_BYTES)]).toString('base64'),
      publisherAdminErrors.splashTooBig,
    ],
  ])('refuses %s with 422 and stores nothing', async (_label, splash, message) => {
    const before = (await call('GET', `publishers/${existing}/splash_images/`, admin)).json().data.length;
    const response = await call('POST', 'publishers_upload_splash/', admin, {
      publisher_id: existing,
      splash_base64: splash,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual([message]);
    expect((await call('GET', `publishers/${existing}/splash_images/`, admin)).json().data).toHaveLength(
      before,
    );
  });

  it('answers 404 for the splash images of an unknown publisher', async () => {
    expect((await call('GET', 'publishers/1/splash_images/', admin)).statusCode).toBe(404);
    expect(
      (
        await call('POST', 'publishers_upload_splash/', admin, {
          publisher_id: 1,
          splash_base64: PNG_1X1.toString('base64'),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('non-admin callers', () => {
  it.each([
    ['POST', 'publishers/new', { pub_name: 'X', pub_id: '800001', home_url: 'https://x.example' }],
    ['POST', 'publisher_product_status', { publisher_id: 1, product: 'apv', status: false }],
    ['POST', 'publishers_upload_splash/', { publisher_id: 1, splash_base64: 'AAAA' }],
    ['GET', 'publishers/1/splash_images/', undefined],
    ['GET', 'publishers_with_config/', undefined],
  ] as const)('%s %s is 403 for an editor and 401 without a session', async (method, url, body) => {
    const refused = await call(method, url, editor, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ success: false, errors: [messages.forbidden] });
    expect((await call(method, url, {}, body)).statusCode).toBe(401);
  });
});

describe('job dashboard (bull-board) at /admin/queues', () => {
  const cookieOf = (setCookie: string | string[] | undefined) =>
    String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;

  it('is refused without the dashboard cookie: page, assets and API', async () => {
    for (const url of [
      '/admin/queues/',
      '/admin/queues/api/queues',
      '/admin/queues/static/js/does-not-matter.js',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
    }
    const forged = await t.app.inject({
      method: 'GET',
      url: '/admin/queues/api/queues',
      headers: { cookie: `hc_jobs=${encodeURIComponent('admin@x.example')}|forged-token` },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('gives a non-admin no cookie (403), and an admin a path-scoped HttpOnly SameSite cookie', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/admin/queues/session', headers: editor })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/admin/queues/session' })).statusCode).toBe(401);
    const response = await t.app.inject({ method: 'POST', url: '/admin/queues/session', headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    const header = String(response.headers['set-cookie']);
    expect(header).toContain('Path=/admin/queues');
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
  });

  it('lists every queue of QUEUES for the admin, serves the page, and closes with the session', async () => {
    const user = await buildUser(t.ctx.db, { publisherId: existing, isAdmin: true });
    const session = authOf(await login(t.app, user.email, user.password));
    const cookie = cookieOf(
      (await t.app.inject({ method: 'POST', url: '/admin/queues/session', headers: session })).headers[
        'set-cookie'
      ],
    );
    const page = await t.app.inject({ method: 'GET', url: '/admin/queues/', headers: { cookie } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('static/js/main');
    const api = await t.app.inject({ method: 'GET', url: '/admin/queues/api/queues', headers: { cookie } });
    expect(api.statusCode, api.body).toBe(200);
    const names = (api.json().queues as { name: string }[]).map((q) => q.name).sort();
    expect(names).toEqual(Object.values(QUEUES).sort());

    // A logout ends the dashboard too: the cookie is only as good as the session behind it.
    await t.app.inject({ method: 'POST', url: '/api/v1/editor/auth/logout', headers: session });
    expect(
      (await t.app.inject({ method: 'GET', url: '/admin/queues/api/queues', headers: { cookie } }))
        .statusCode,
    ).toBe(401);
  });

  it('a non-admin session copied into the cookie is refused with 403', async () => {
    const email = editor['x-user-email']!;
    const cookie = `hc_jobs=${encodeURIComponent(email)}|${editor['x-user-token']}`;
    expect(
      (await t.app.inject({ method: 'GET', url: '/admin/queues/', headers: { cookie } })).statusCode,
    ).toBe(403);
  });
});
