// Proxy mode (EDITOR_API_UPSTREAM): a console with EDITOR_API_UPSTREAM set forwards every editor call to
// the upstream, here a second real instance of the product on its own database, while its own live
// channel and collab tickets keep working with sessions made upstream. Also: a tiny node:http upstream
// for what a real one does badly (an HTML 502 page, an empty 503, silence) and a stopped one.
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffmpegPath } from '@hc/media/binaries';
import { schema } from '@hc/db/schema';
import { COLLAB_CLOSE } from '@hc/shared/api/collab';
import type { PendingCounts } from '@hc/shared/api/pending';
import { VERTICAL_BAD_QUALITY_REASONS } from '@hc/shared/constants';
import { messages, embedNameInUse } from '@hc/shared/messages';
import { AMP_CONTENT_SECURITY_POLICY } from '../../apps/server/src/features/stories/public.ts';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import { openCollab, requestTicket } from '../support/collab-client.ts';
import {
  buildArticle,
  buildHighlight,
  buildHighlights,
  buildPackage,
  buildPublisher,
  buildUser,
} from '../support/factories.ts';
import { collect, connectAs, disconnection, listeningUrl, type LiveClient } from '../support/live-client.ts';
import { editLogEntryBody } from '../support/audit-entries.ts';
import { withLock } from '../support/locks.ts';
import { buildStory, buildStoryPage } from '../support/story-factories.ts';
import { buildVerticalTask } from '../support/vertical-factories.ts';
import { eventually } from '../support/retry.ts';

type Session = ReturnType<typeof authOf>;
const TIMEOUT_MS = 700;

let upstream: TestApp;
let console_: TestApp;
let upstreamUrl: string;
let consoleUrl: string;
let publisherId: number;
let editor: Session;
let reviewer: Session;
let stories: Session;
const clients: LiveClient[] = [];

const errorsOf = (response: { json(): unknown }) => (response.json() as { errors: string[] }).errors;
const rowsIn = async (app: TestApp, table: typeof schema.auditLog | typeof schema.sessions) =>
  (await app.ctx.db.select({ n: count() }).from(table))[0]!.n;

beforeAll(async () => {
  upstream = await startTestApp();
  upstreamUrl = await listeningUrl(upstream.app);
  console_ = await startTestApp(
    { EDITOR_API_UPSTREAM: upstreamUrl, EDITOR_API_TIMEOUT_MS: String(TIMEOUT_MS) },
    {
      live: { sessionRecheckMs: 300 },
      collab: { sessionRecheckMs: 300 },
      // Never within this suite: pushed counts below must come from the forwarded actions themselves.
      proxy: { countsRefreshMs: 600_000 },
    },
  );
  consoleUrl = await listeningUrl(console_.app);

  publisherId = (await buildPublisher(upstream.ctx.db)).id;
  const db = upstream.ctx.db;
  const users = {
    editor: await buildUser(db, { publisherId, roles: ['editorial_manager'] }),
    reviewer: await buildUser(db, { publisherId, roles: ['apv_article_admin'] }),
    stories: await buildUser(db, { publisherId, roles: ['stamp_manager', 'create_new_video_page'] }),
  };
  // Every login goes through the console: the sessions are the upstream's.
  const viaConsole = async (user: { email: string; password: string }) =>
    authOf(await login(console_.app, user.email, user.password));
  editor = await viaConsole(users.editor);
  reviewer = await viaConsole(users.reviewer);
  stories = await viaConsole(users.stories);
});

afterAll(async () => {
  for (const client of clients) client.close();
  await console_?.close();
  await upstream?.close();
});

describe('editor calls are forwarded', () => {
  it('logs in through the console: the session lives upstream, none here', async () => {
    expect(await rowsIn(upstream, schema.sessions)).toBeGreaterThanOrEqual(3);
    expect(await rowsIn(console_, schema.sessions)).toBe(0);
    const info = await console_.app.inject({
      method: 'GET',
      url: '/api/v1/editor/user_info/show',
      headers: editor,
    });
    expect(info.statusCode).toBe(200);
    expect(info.json().data).toMatchObject({
      email: editor['x-user-email'],
      roles: ['isLoggedIn', 'editorial_manager'],
    });
  });

  it('lists highlights with the query string kept, exactly as the upstream answers', async () => {
    await buildHighlights(upstream.ctx.db, publisherId, 5);
    const url = '/api/v1/editor/highlights/index?page=1&per=2';
    const [proxied, direct] = await Promise.all([
      console_.app.inject({ method: 'GET', url, headers: editor }),
      upstream.app.inject({ method: 'GET', url, headers: editor }),
    ]);
    expect(proxied.statusCode).toBe(200);
    expect(proxied.json()).toEqual(direct.json());
    expect((proxied.json().data as { highlights: unknown[] }).highlights).toHaveLength(2);
  });

  it('a mutating call lands in the upstream database, not the console’s', async () => {
    const user = await buildUser(upstream.ctx.db, { publisherId, roles: ['switch_publisher'] });
    const vertical = authOf(await login(console_.app, user.email, user.password));
    const { videoId } = await buildVerticalTask(upstream.ctx.db, { publisherId });
    const before = await rowsIn(upstream, schema.auditLog);
    const response = await console_.app.inject({
      method: 'POST',
      url: '/api/v1/editor/audit_log/create',
      headers: vertical,
      payload: editLogEntryBody(videoId, { note: 'via proxy' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await rowsIn(upstream, schema.auditLog)).toBe(before + 1);
    expect(await rowsIn(console_, schema.auditLog)).toBe(0);
  });

  it('streams a multipart upload over the 1 MiB JSON limit up, and the stored file back down with a range', async () => {
    const png = path.join(upstream.dataDir, 'noise.png');
    // Random pixels do not compress: a PNG of about 3 MiB.
    await promisify(execFile)(ffmpegPath(), [
      ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi'],
      ...['-i', 'nullsrc=s=1024x1024,geq=random(1)*255:random(2)*255:random(3)*255'],
      ...['-frames:v', '1', png],
    ]);
    const content = await readFile(png);
    expect(content.length).toBeGreaterThan(2 * 1024 * 1024);
    const boundary = `----hc${randomBytes(6).toString('hex')}`;
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="noise.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await console_.app.inject({
      method: 'POST',
      url: '/api/v1/editor/stamp/uploaded_objects/create?file_type=image',
      headers: { ...stories, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { file } = uploaded.json().data as { file: string };
    const stored = path.join(
      upstream.ctx.config.mediaDir,
      decodeURIComponent(file.replace(/^\/media\//, '')),
    );
    expect((await stat(stored)).size).toBe(content.length);
    expect(await console_.ctx.db.select().from(schema.uploadedObjects)).toEqual([]);

    // The media are the upstream's too: the whole file, and a range of it with its 206.
    const whole = await console_.app.inject({ method: 'GET', url: file });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(content)).toBe(true);
    const ranged = await console_.app.inject({
      method: 'GET',
      url: file,
      headers: { range: 'bytes=100-1123' },
    });
    expect(ranged.statusCode).toBe(206);
    expect(ranged.headers['content-range']).toBe(`bytes 100-1123/${content.length}`);
    expect(ranged.rawPayload.equals(content.subarray(100, 1124))).toBe(true);
  });

  it('passes the upstream’s 404, 409 and 422 through in the envelope', async () => {
    const missing = await console_.app.inject({
      method: 'GET',
      url: '/api/v1/editor/packages/nosuch00',
      headers: editor,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ success: false, errors: [messages.notFound] });

    const highlights = await buildHighlights(upstream.ctx.db, publisherId, 3);
    const alias = `proxy-${randomBytes(3).toString('hex')}`;
    await buildPackage(upstream.ctx.db, publisherId, { highlightIds: highlights.map((h) => h.id), alias });
    const taken = await console_.app.inject({
      method: 'POST',
      url: '/api/v1/editor/packages',
      headers: editor,
      payload: { name: 'Another', alias, highlights: highlights.map((h) => ({ id: h.id, title: h.title })) },
    });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(errorsOf(taken)).toEqual([embedNameInUse(alias)]);

    const noFile = await console_.app.inject({
      method: 'POST',
      url: '/api/v1/editor/stamp/uploaded_objects/create?file_type=image',
      headers: { ...stories, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(noFile.statusCode).toBe(422);
    expect(errorsOf(noFile)).toEqual([messages.imageFileRequired]);
  });

  it('keeps the session headers: a call without them is the upstream’s 401', async () => {
    const response = await console_.app.inject({ method: 'GET', url: '/api/v1/editor/user_info/show' });
    expect(response.statusCode).toBe(401);
    expect(errorsOf(response)).toEqual([messages.sessionRequired]);
  });
});

describe('an upstream that fails', () => {
  let fake: http.Server;
  let fakeConsole: TestApp;
  const hits: string[] = [];

  beforeAll(async () => {
    fake = http.createServer((request, response) => {
      hits.push(request.url ?? '');
      if (request.url?.startsWith('/api/v1/editor/echo')) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({ success: true, data: { method: request.method, headers: request.headers } }),
        );
      } else if (request.url?.startsWith('/api/v1/editor/reset-once')) {
        // The first call of each such path finds its kept-alive connection closed under it.
        if (hits.filter((hit) => hit === request.url).length === 1) request.socket.destroy();
        else {
          response.writeHead(200, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ success: true, data: null }));
        }
      } else if (request.url?.startsWith('/api/v1/editor/limited')) {
        response.writeHead(429, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '60' });
        response.end(JSON.stringify({ success: false, errors: [messages.tooManyLoginAttempts] }));
      } else if (request.url?.startsWith('/api/v1/editor/html')) {
        response.writeHead(502, { 'content-type': 'text/html' });
        response.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
      } else if (request.url?.startsWith('/api/v1/editor/empty')) {
        response.writeHead(503);
        response.end();
      }
      // Anything else: never answered.
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const { port } = fake.address() as AddressInfo;
    fakeConsole = await startTestApp({
      EDITOR_API_UPSTREAM: `http://127.0.0.1:${port}`,
      EDITOR_API_TIMEOUT_MS: String(TIMEOUT_MS),
    });
  });
  afterAll(async () => {
    fake.closeAllConnections();
    fake.close();
    await fakeConsole?.close();
  });

  it('an error page that is not the envelope becomes one, with the upstream’s status', async () => {
    const html = await fakeConsole.app.inject({
      method: 'GET',
      url: '/api/v1/editor/html?x=1',
      headers: editor,
    });
    expect(html.statusCode).toBe(502);
    expect(html.json()).toEqual({ success: false, errors: [messages.editorApiFailed] });
    const empty = await fakeConsole.app.inject({
      method: 'POST',
      url: '/api/v1/editor/empty',
      headers: editor,
    });
    expect(empty.statusCode).toBe(503);
    expect(empty.json()).toEqual({ success: false, errors: [messages.editorApiFailed] });
    expect(hits).toContain('/api/v1/editor/html?x=1');
    // An envelope passes as it is, with the headers that go with it.
    const limited = await fakeConsole.app.inject({
      method: 'POST',
      url: '/api/v1/editor/limited',
      headers: editor,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.json()).toEqual({ success: false, errors: [messages.tooManyLoginAttempts] });
  });

  it('sends the caller’s headers less the hop-by-hop ones, and says who it forwards for', async () => {
    const response = await fakeConsole.app.inject({
      method: 'DELETE',
      url: '/api/v1/editor/echo?fence=3',
      headers: {
        ...editor,
        'x-lock-fence': '3',
        range: 'bytes=0-9',
        'x-request-id': 'req-proxy-1',
        connection: 'keep-alive, x-hop',
        'x-hop': 'dropped',
        cookie: 'hc_jobs=secret',
      },
      remoteAddress: '10.9.8.7',
    });
    expect(response.statusCode).toBe(200);
    const seen = response.json().data as { method: string; headers: Record<string, string> };
    expect(seen.method).toBe('DELETE');
    expect(seen.headers).toMatchObject({
      'x-user-email': editor['x-user-email'],
      'x-user-token': editor['x-user-token'],
      'x-lock-fence': '3',
      range: 'bytes=0-9',
      'x-request-id': 'req-proxy-1',
      'x-forwarded-for': '10.9.8.7',
      'x-forwarded-proto': 'http',
    });
    expect(seen.headers).not.toHaveProperty('x-hop');
    expect(seen.headers).not.toHaveProperty('cookie');
  });

  it('sends a call without a body once more when its kept-alive connection was reset; never a write', async () => {
    // A first call leaves a kept-alive connection for the next ones to reuse.
    expect((await fakeConsole.app.inject({ method: 'GET', url: '/api/v1/editor/echo' })).statusCode).toBe(
      200,
    );
    const read = await fakeConsole.app.inject({
      method: 'GET',
      url: '/api/v1/editor/reset-once/read',
      headers: editor,
    });
    expect(read.statusCode).toBe(200);
    expect(hits.filter((hit) => hit === '/api/v1/editor/reset-once/read')).toHaveLength(2);

    expect((await fakeConsole.app.inject({ method: 'GET', url: '/api/v1/editor/echo' })).statusCode).toBe(
      200,
    );
    const write = await fakeConsole.app.inject({
      method: 'POST',
      url: '/api/v1/editor/reset-once/write',
      headers: editor,
      payload: { a: 1 },
    });
    expect(write.statusCode).toBe(502);
    expect(write.json()).toEqual({ success: false, errors: [messages.editorApiUnreachable] });
    expect(hits.filter((hit) => hit === '/api/v1/editor/reset-once/write')).toHaveLength(1);
  });

  it('an upstream that never answers is a 504 within the configured time', async () => {
    const started = Date.now();
    const response = await fakeConsole.app.inject({
      method: 'GET',
      url: '/api/v1/editor/slow',
      headers: editor,
    });
    const took = Date.now() - started;
    expect(response.statusCode).toBe(504);
    expect(response.json()).toEqual({ success: false, errors: [messages.editorApiTimeout] });
    expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(took).toBeLessThan(TIMEOUT_MS + 2_000);
  });

  it('a stopped upstream is a 502 with its own message', async () => {
    fake.closeAllConnections();
    await new Promise((resolve) => fake.close(resolve));
    const response = await fakeConsole.app.inject({
      method: 'GET',
      url: '/api/v1/editor/html',
      headers: editor,
    });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ success: false, errors: [messages.editorApiUnreachable] });
  });
});

describe('the console’s own live channel and collab, with sessions made upstream', () => {
  it('pushes pending counts that moved after a review forwarded through the console, and its lock changes', async () => {
    const db = upstream.ctx.db;
    const articles = await Promise.all([
      buildArticle(db, publisherId, { reviewStatus: 'pending' }),
      buildArticle(db, publisherId, { reviewStatus: 'pending' }),
    ]);
    const target = articles[0]!;
    const highlight = await buildHighlight(db, publisherId, { articleId: target.id });

    const client = await connectAs(consoleUrl, reviewer);
    clients.push(client);
    const pushed = collect(client, 'pending_counts');
    const locks = collect(client, 'lock_changed');
    const countsUpstream = async () =>
      (
        await upstream.app.inject({ method: 'GET', url: '/api/v1/editor/pending_counts', headers: reviewer })
      ).json().data as PendingCounts;
    const before = await countsUpstream();

    // The lease is taken through the console too (forwarded): its browsers hear of it.
    const fenced = await withLock(console_.app, reviewer, 'article', target.id);
    await eventually(() =>
      expect(locks.at(-1)).toMatchObject({
        kind: 'article',
        id: target.id,
        holder_email: reviewer['x-user-email'],
      }),
    );

    const auto = await console_.app.inject({
      method: 'GET',
      url: `/api/v1/editor/highlights/auto_highlights?article_id=${target.id}`,
      headers: reviewer,
    });
    const shown = (auto.json().data as { highlights: { highlight_id: number }[] }).highlights.map(
      (h) => h.highlight_id,
    );
    expect(shown).toContain(highlight.id);
    const submitted = await console_.app.inject({
      method: 'POST',
      url: '/api/v1/editor/highlights/submit_feedback',
      headers: fenced,
      payload: {
        article_id: target.id,
        action_type: 'reject',
        feedback: shown.map((id) => ({
          id,
          apv_quality: 1,
          apv_reason: 'bad cut',
          tv_quality: 1,
          tv_reason: 'other',
        })),
      },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);

    await eventually(() => expect(pushed.at(-1)?.autoHighlightReview).toBe(before.autoHighlightReview - 1));
    expect(pushed.at(-1)).toEqual(await countsUpstream());
    // The action freed the lease: the console says so as the upstream would.
    await eventually(() =>
      expect(locks.at(-1)).toEqual({ kind: 'article', id: target.id, holder_email: null, expires_at: null }),
    );
  });

  it('pushes the vertical counts that moved after a reject forwarded through the console', async () => {
    const user = await buildUser(upstream.ctx.db, { publisherId, roles: ['switch_publisher'] });
    const vertical = authOf(await login(console_.app, user.email, user.password));
    const { videoId } = await buildVerticalTask(upstream.ctx.db, { publisherId });
    const client = await connectAs(consoleUrl, vertical);
    clients.push(client);
    const pushed = collect(client, 'pending_counts');
    const locks = collect(client, 'lock_changed');
    const direct = async () =>
      (
        await upstream.app.inject({ method: 'GET', url: '/api/v1/editor/pending_counts', headers: vertical })
      ).json().data as PendingCounts;
    const before = await direct();
    expect(before.verticalHighlight).toBeGreaterThanOrEqual(1);

    const fenced = await withLock(console_.app, vertical, 'vertical_task', videoId);
    const rejected = await console_.app.inject({
      method: 'POST',
      url: '/api/v1/editor/vertical_video/reject',
      headers: fenced,
      payload: { video_id: videoId, reason: [VERTICAL_BAD_QUALITY_REASONS[0]], content_type: 'highlight' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    await eventually(() => expect(pushed.at(-1)?.verticalHighlight).toBe(before.verticalHighlight - 1));
    expect(pushed.at(-1)).toEqual(await direct());
    await eventually(() =>
      expect(locks.at(-1)).toEqual({
        kind: 'vertical_task',
        id: videoId,
        holder_email: null,
        expires_at: null,
      }),
    );
  });

  it('brings counts that moved upstream behind its back (another console, the pipeline) by asking again', async () => {
    const refreshing = await startTestApp(
      { EDITOR_API_UPSTREAM: upstreamUrl },
      { proxy: { countsRefreshMs: 300 } },
    );
    try {
      const client = await connectAs(await listeningUrl(refreshing.app), reviewer);
      clients.push(client);
      const pushed = collect(client, 'pending_counts');
      const before = (
        await upstream.app.inject({ method: 'GET', url: '/api/v1/editor/pending_counts', headers: reviewer })
      ).json().data as PendingCounts;
      // Queued straight into the upstream's database: nobody announces it.
      await buildArticle(upstream.ctx.db, publisherId, { reviewStatus: 'pending' });
      await eventually(() => expect(pushed.at(-1)?.autoHighlightReview).toBe(before.autoHighlightReview + 1));
    } finally {
      await refreshing.close();
    }
  });

  it('issues a collab ticket for an upstream package and syncs it; a package not there is 404', async () => {
    const highlights = await buildHighlights(upstream.ctx.db, publisherId, 3);
    const pkg = await buildPackage(upstream.ctx.db, publisherId, {
      highlightIds: highlights.map((h) => h.id),
    });
    const doc = `package:${pkg.embedId}`;
    const client = await openCollab(console_.app, editor, doc);
    expect(client.ticket.read_only).toBe(false);
    client.destroy();
    const missing = await requestTicket(console_.app, editor, 'package:nosuch00');
    expect(missing.statusCode).toBe(404);
    // Roles come from the upstream's user_info: a reviewer may not edit packages.
    expect((await requestTicket(console_.app, reviewer, doc)).statusCode).toBe(403);
  });

  it('closes a collab socket whose session ended upstream behind the console’s back', async () => {
    const highlights = await buildHighlights(upstream.ctx.db, publisherId, 3);
    const pkg = await buildPackage(upstream.ctx.db, publisherId, {
      highlightIds: highlights.map((h) => h.id),
    });
    const user = await buildUser(upstream.ctx.db, { publisherId, roles: ['editorial_manager'] });
    const session = authOf(await login(console_.app, user.email, user.password));
    const client = await openCollab(console_.app, session, `package:${pkg.embedId}`);
    // Straight to the upstream: the console never sees this logout.
    const out = await upstream.app.inject({
      method: 'POST',
      url: '/api/v1/editor/auth/logout',
      headers: session,
    });
    expect(out.statusCode).toBe(200);
    await eventually(() => expect(client.closeCodes).toContain(COLLAB_CLOSE.sessionEnded));
    client.destroy();
  });

  it('a story with a video page is read-only for a stamp manager without create_new_video_page', async () => {
    const story = await buildStory(upstream.ctx.db, publisherId);
    await buildStoryPage(upstream.ctx.db, story.id, { objectType: 'video', image: null });
    const user = await buildUser(upstream.ctx.db, { publisherId, roles: ['stamp_manager'] });
    const stampOnly = authOf(await login(console_.app, user.email, user.password));
    const ticketOf = async (session: Session) => {
      const response = await requestTicket(console_.app, session, `story:${story.id}`);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as { read_only: boolean }).read_only;
    };
    expect(await ticketOf(stories)).toBe(false);
    expect(await ticketOf(stampOnly)).toBe(true);
  });

  it('a logout forwarded through the console ends that session’s live socket', async () => {
    const user = await buildUser(upstream.ctx.db, { publisherId });
    const session = authOf(await login(console_.app, user.email, user.password));
    const client = await connectAs(consoleUrl, session);
    clients.push(client);
    const ended = collect(client, 'session_ended');
    const gone = disconnection(client);
    const out = await console_.app.inject({
      method: 'POST',
      url: '/api/v1/editor/auth/logout',
      headers: session,
    });
    expect(out.statusCode).toBe(200);
    expect(await gone).toBe('io server disconnect');
    expect(ended).toEqual([{ reason: 'logout' }]);
    // And the session is gone upstream: the channel refuses it from now on.
    await expect(connectAs(consoleUrl, session)).rejects.toMatchObject({ data: { status: 401 } });
  });
});

// A file written straight into the upstream's media folder is served through the console as well.
describe('media of the upstream', () => {
  it('are forwarded with HEAD and conditional requests intact', async () => {
    const dir = path.join(upstream.ctx.config.mediaDir, 'test');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'clip.jpg'), Buffer.alloc(4096, 7));
    const head = await console_.app.inject({ method: 'HEAD', url: '/media/test/clip.jpg' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('4096');
    const etag = head.headers.etag as string;
    const again = await console_.app.inject({
      method: 'GET',
      url: '/media/test/clip.jpg',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('public pages of the upstream’s data', () => {
  it('serve the embed data with its CORS headers and a published story with its AMP policy', async () => {
    const highlights = await buildHighlights(upstream.ctx.db, publisherId, 3);
    const pkg = await buildPackage(upstream.ctx.db, publisherId, {
      highlightIds: highlights.map((h) => h.id),
    });
    const embed = await console_.app.inject({
      method: 'GET',
      url: `/embed/v1/packages/${pkg.embedId}?account=${publisherId}`,
    });
    expect(embed.statusCode, embed.body).toBe(200);
    expect(embed.json()).toMatchObject({ embed_id: pkg.embedId, highlights: expect.any(Array) });
    expect(embed.headers['access-control-allow-origin']).toBe('*');
    expect(embed.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const story = await buildStory(upstream.ctx.db, publisherId, { state: 'published' });
    await buildStoryPage(upstream.ctx.db, story.id);
    const page = await console_.app.inject({ method: 'GET', url: `/stories/${story.id}.html` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html');
    expect(page.headers['content-security-policy']).toBe(AMP_CONTENT_SECURITY_POLICY);
  });
});

// Not a forwarded call: nothing to do with the upstream.
it('keeps its own database untouched by the forwarded calls', async () => {
  const [row] = await console_.ctx.db
    .select({ n: count() })
    .from(schema.articles)
    .where(eq(schema.articles.publisherId, publisherId));
  expect(row?.n).toBe(0);
});
