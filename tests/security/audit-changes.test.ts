// item 7, "one row per change (who, what, when, publisher)": every writing route of the
// matrix (POST/PUT/DELETE, and the GETs that change data) called once, successfully, by an authorised
// user of publisher A writes exactly one audit_log row naming the user, the action and the object, with
// its time and publisher A; the same route refused (403/404/400/422) writes none. Routes that change no
// audited data are listed in NOT_AUDITED with the reason (docs/security.md, "Audit log"); a writing route in
// neither list fails the suite.
import { execFile } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@hc/db/schema';
import { GRANTABLE_ROLES, VERTICAL_BAD_QUALITY_REASONS } from '@hc/shared/constants';
import { defaultSetupForm, displayConfigsOf, videoConfigOf } from '@hc/shared/monetization/setup-form';
import { LOCK_FENCE_HEADER } from '@hc/shared/live/locks';
import { QUEUES } from '@hc/shared/queues';
import { authOf, login, startTestApp, type TestApp } from '../support/app.ts';
import {
  buildArticle,
  buildHighlight,
  buildPackage,
  buildPublisher,
  buildUser,
} from '../support/factories.ts';
import { editLogEntryBody } from '../support/audit-entries.ts';
import { takeLock } from '../support/locks.ts';
import { redisUrl } from '../support/services.ts';
import { PNG_1X1 } from '../support/story-app.ts';
import { buildStory, buildStoryPage, buildUploadedObject } from '../support/story-factories.ts';
import {
  buildVerticalTask,
  framesOf,
  keyframeFileFor,
  makeSourceVideo,
} from '../support/vertical-factories.ts';
import { MATRIX } from './matrix.ts';

type Headers = Record<string, string>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Call {
  method: Method;
  url: string;
  payload?: unknown;
  headers?: Headers;
}

const EDITOR = '/api/v1/editor';
const DASHBOARD = '/api/v2/dashboard';
const REASON = [VERTICAL_BAD_QUALITY_REASONS[0]];

/** Writing routes that change no audited data, each with why (docs/security.md, "Audit log"). */
const NOT_AUDITED: Record<string, string> = {
  'POST /api/v1/auth/editor/login': 'opens a session (sessions table); no publisher data changes',
  [`POST ${EDITOR}/auth/logout`]: 'ends the caller’s own session',
  ...Object.fromEntries(
    ['articles/:id/lock', 'vertical_tasks/:video_id/lock'].flatMap((lock) => [
      [`POST ${EDITOR}/${lock}`, 'takes a lease of the task (no data changes; a break is audited)'],
      [`DELETE ${EDITOR}/${lock}`, 'gives the caller’s own lease back'],
      [`POST ${EDITOR}/${lock}/heartbeat`, 'extends the caller’s own lease'],
    ]),
  ),
  [`POST ${EDITOR}/stamp/stories/preview`]: 'renders a draft; nothing is stored',
  [`POST ${EDITOR}/stamp/stories/poster/check`]: 'checks that a poster URL loads; nothing is stored',
  [`POST ${EDITOR}/bulk-update/preview`]:
    'stores what a workbook would change for its admin to confirm; the confirm that writes is audited',
  [`POST ${EDITOR}/collab/tickets`]: 'a single-use socket ticket; no data changes',
  [`POST ${EDITOR}/monetization_setup/fill`]: 'a read (the spec sends it as POST)',
  [`POST ${EDITOR}/monetization_setup/placement`]: 'a read (the spec sends it as POST)',
  [`POST ${EDITOR}/ad_config/fill`]: 'a read (the spec sends it as POST)',
  [`POST ${EDITOR}/bulk-update/workbooks`]: 'a scratch workbook of the admin, of no publisher',
  [`POST ${EDITOR}/bulk-update/workbooks/upload`]: 'a scratch workbook of the admin, of no publisher',
  [`POST ${EDITOR}/bulk-update/fill`]: 'reads configs into a workbook; no publisher data changes',
  [`POST ${EDITOR}/bulk-update/fill/`]: 'reads configs into a workbook; no publisher data changes',
  [`POST ${EDITOR}/bulk-update-json/fill/`]: 'reads configs into a workbook; no publisher data changes',
  // Monetization changes are audited in monetization_audits, the spec's own audit of this area (its
  // Audit Logs screen): one entry per changed config record with user, e-mail,
  // publisher and time. The setup page's save is proven below; the jobs' entries are written by their
  // workers (ad-grid.test.ts, reports.test.ts).
  [`PUT ${EDITOR}/publisher_info/monetization`]: 'audited in monetization_audits (proven below)',
  [`POST ${EDITOR}/monetization_setup/submit`]: 'a job; its worker audits in monetization_audits',
  [`GET ${EDITOR}/bulk-update/submit`]: 'a job; its worker audits in monetization_audits',
  [`POST ${EDITOR}/bulk-update/submit`]: 'a job; its worker audits in monetization_audits',
  [`POST ${EDITOR}/bulk-update-json/submit`]: 'a job; its worker audits in monetization_audits',
  [`POST ${EDITOR}/monetization_audit/:id/revert`]:
    'goes through the grid’s own save, which audits in monetization_audits (audit-tool.test.ts)',
  [`POST ${EDITOR}/jobs/:id/retry`]: 'audited in audit_log as object type job (job-center.test.ts)',
  [`POST ${EDITOR}/jobs/:id/cancel`]: 'audited in audit_log as object type job (job-center.test.ts)',
  [`POST ${EDITOR}/vertical_video/suggest_crop`]:
    'queues the console’s reframing; its suggestion is machine output kept beside the pipeline’s, which no reviewer decision changes',
};

/** GET routes that change data (the spec's own verbs). */
const WRITING_GETS = [`GET ${EDITOR}/external_resources/publish`, `GET ${EDITOR}/bulk-update/submit`];

let t: TestApp;
let dir = '';
const jobsPrefix = `hc-sec-audit-${randomBytes(4).toString('hex')}`;
let publisherId = 0;
let otherPublisherId = 0;
/** A's user with every grantable role and a 406xx identifier (the story zip). */
let owner: Headers;
let ownerId = 0;
let admin: Headers;
let adminId = 0;
/** A's user without roles: refused by every role-gated route. */
let viewer: Headers;
/** B's user with every role: A's ids are not found for it. */
let outsider: Headers;

const inject = (call: Call, headers: Headers) =>
  t.app.inject({
    method: call.method,
    url: call.url,
    headers: { ...headers, ...call.headers },
    ...(call.payload === undefined ? {} : { payload: call.payload as object }),
  });

const lastAuditId = async () => {
  const [row] = await t.ctx.db.select({ id: sql<string>`coalesce(max(id), 0)` }).from(schema.auditLog);
  return Number(row!.id);
};
const auditRowsAfter = (id: number) =>
  t.ctx.db.select().from(schema.auditLog).where(gt(schema.auditLog.id, id)).orderBy(schema.auditLog.id);

/** A multipart body with one part named `file`, as the upload form sends it. */
function multipart(content: Buffer, filename: string, contentType: string) {
  const boundary = `----hc${randomBytes(6).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A create/update body of the vertical frame editor for the range [start, end]. */
const editBody = (suggestionId: number, start: number, end: number, extra: object = {}) => {
  const { first, last } = framesOf(start, end);
  return {
    vertical_content_id: suggestionId,
    content_type: 'highlight',
    keyframe: keyframeFileFor(first, last),
    start_time: start,
    end_time: end,
    reason: REASON,
    ...extra,
  };
};

/** The owner's lease of a task, as the web sends an action: x-lock-fence. */
const fenced = async (kind: 'article' | 'vertical_task', id: number) => ({
  [LOCK_FENCE_HEADER]: String((await takeLock(t.app, owner, kind, id)).fence),
});

interface AuditCase {
  /** 'METHOD path' as the matrix lists it. */
  route: string;
  as: 'owner' | 'admin';
  /** Builds what the call needs and returns it. */
  call(): Promise<Call>;
  status: number;
  action: string;
  objectType: string;
  /** The object id the row must name (known once call() ran). */
  objectId(): string;
  /** The row's publisher when it is not A (a publisher being created). */
  publisher?(): number;
  /** The same route refused: who calls, and the call (default: the same call). */
  refused: { as: 'viewer' | 'outsider' | 'owner' | 'admin'; call?(): Promise<Call> };
}

let lastObject = '';
/** Notes the id the row must name and gives it back for the request. */
const object = <T extends number | string>(id: T): T => {
  lastObject = String(id);
  return id;
};

const CASES: AuditCase[] = [
  {
    route: `POST ${EDITOR}/publisher_product_status`,
    as: 'admin',
    call: async () => ({
      method: 'POST',
      url: `${EDITOR}/publisher_product_status`,
      payload: { publisher_id: object(publisherId), product: 'apv', status: false },
    }),
    status: 200,
    action: 'publisher_product_status',
    objectType: 'publisher',
    objectId: () => lastObject,
    refused: { as: 'viewer' },
  },
  {
    route: `POST ${EDITOR}/publishers_upload_splash/`,
    as: 'admin',
    call: async () => ({
      method: 'POST',
      url: `${EDITOR}/publishers_upload_splash/`,
      payload: { publisher_id: object(publisherId), splash_base64: PNG_1X1.toString('base64') },
    }),
    status: 201,
    action: 'splash_image_upload',
    objectType: 'publisher',
    objectId: () => lastObject,
    refused: { as: 'viewer' },
  },
  {
    route: `POST ${EDITOR}/publishers/new`,
    as: 'admin',
    call: async () => ({
      method: 'POST',
      url: `${EDITOR}/publishers/new`,
      payload: {
        pub_name: 'Audit Daily',
        pub_id: object(randomInt(2_000_000_000, 2_147_000_000)),
        home_url: 'https://audit.example',
      },
    }),
    status: 201,
    action: 'publisher_create',
    objectType: 'publisher',
    objectId: () => lastObject,
    publisher: () => Number(lastObject),
    // The id just created is taken: 409, nothing written.
    refused: {
      as: 'admin',
      call: async () => ({
        method: 'POST',
        url: `${EDITOR}/publishers/new`,
        payload: { pub_name: 'Audit Daily', pub_id: lastObject, home_url: 'https://audit.example' },
      }),
    },
  },
  {
    route: `POST ${EDITOR}/audit_log/create`,
    as: 'owner',
    call: async () => {
      const { videoId } = await buildVerticalTask(t.ctx.db, { publisherId });
      return {
        method: 'POST',
        url: `${EDITOR}/audit_log/create`,
        payload: editLogEntryBody(object(videoId)),
      };
    },
    status: 201,
    action: 'MODIFY_KEYFRAME',
    objectType: 'vertical_video',
    objectId: () => lastObject,
    refused: {
      as: 'owner',
      call: async () => ({ method: 'POST', url: `${EDITOR}/audit_log/create`, payload: { object_id: 41 } }),
    },
  },
  {
    route: `POST ${EDITOR}/highlights/submit_feedback`,
    as: 'owner',
    call: async () => {
      const article = await buildArticle(t.ctx.db, publisherId, { reviewStatus: 'pending' });
      await buildHighlight(t.ctx.db, publisherId, { articleId: article.id });
      return {
        method: 'POST',
        url: `${EDITOR}/highlights/submit_feedback`,
        payload: { article_id: object(article.id), action_type: 'manual', feedback: [] },
        headers: await fenced('article', article.id),
      };
    },
    status: 200,
    action: 'manual',
    objectType: 'article',
    objectId: () => lastObject,
    refused: { as: 'viewer' },
  },
  ...(['article', 'vertical_task'] as const).map((kind): AuditCase => ({
    route:
      kind === 'article'
        ? `POST ${EDITOR}/articles/:id/lock/break`
        : `POST ${EDITOR}/vertical_tasks/:video_id/lock/break`,
    as: 'admin',
    call: async () => {
      const id =
        kind === 'article'
          ? (await buildArticle(t.ctx.db, publisherId, { reviewStatus: 'pending' })).id
          : (await buildVerticalTask(t.ctx.db, { publisherId })).videoId;
      await takeLock(t.app, owner, kind, id); // the owner holds it; the admin breaks it
      const base = kind === 'article' ? 'articles' : 'vertical_tasks';
      return { method: 'POST', url: `${EDITOR}/${base}/${object(id)}/lock/break` };
    },
    status: 200,
    action: 'lock_break',
    objectType: kind,
    objectId: () => lastObject,
    // Only admins break locks: the holder's own reviewer gets 403.
    refused: { as: 'owner' },
  })),
  {
    route: `POST ${DASHBOARD}/articles/:id`,
    as: 'owner',
    call: async () => {
      const article = await buildArticle(t.ctx.db, publisherId);
      await buildHighlight(t.ctx.db, publisherId, { articleId: article.id });
      return {
        method: 'POST',
        url: `${DASHBOARD}/articles/${object(article.id)}`,
        payload: { apv_mode: 'regular', status: false },
      };
    },
    status: 200,
    action: 'article_status',
    objectType: 'article',
    objectId: () => lastObject,
    refused: { as: 'outsider' },
  },
  {
    route: `GET ${EDITOR}/external_resources/publish`,
    as: 'owner',
    call: async () => {
      const resources = [{ id: 'r1', type: 'pog', url: 'https://news.example/r1' }];
      const highlight = await buildHighlight(t.ctx.db, publisherId, { resources });
      return {
        method: 'GET',
        url: `${EDITOR}/external_resources/publish?highlight_id=${object(highlight.id)}&resource_ids[]=r1`,
      };
    },
    status: 200,
    action: 'publish',
    objectType: 'highlight',
    objectId: () => lastObject,
    refused: { as: 'outsider' },
  },
  {
    route: `POST ${EDITOR}/packages`,
    as: 'owner',
    call: async () => {
      const ids = await Promise.all(
        [1, 2, 3].map(async () => (await buildHighlight(t.ctx.db, publisherId)).id),
      );
      return {
        method: 'POST',
        url: `${EDITOR}/packages`,
        payload: { name: 'Audit package', highlights: ids.map((id) => ({ id, title: `title ${id}` })) },
      };
    },
    status: 201,
    action: 'create',
    objectType: 'package',
    objectId: () => lastObject,
    refused: { as: 'viewer' },
  },
  {
    route: `PUT ${EDITOR}/packages/:id`,
    as: 'owner',
    call: async () => {
      const ids = await Promise.all(
        [1, 2, 3].map(async () => (await buildHighlight(t.ctx.db, publisherId)).id),
      );
      const pkg = await buildPackage(t.ctx.db, publisherId, { highlightIds: ids });
      return {
        method: 'PUT',
        url: `${EDITOR}/packages/${object(pkg.embedId)}`,
        payload: {
          name: 'Renamed',
          highlights: ids.map((id) => ({ id, title: `new ${id}` })),
          status: 'Active',
        },
      };
    },
    status: 200,
    action: 'update',
    objectType: 'package',
    objectId: () => lastObject,
    refused: { as: 'outsider' },
  },
  ...(['approve', 'reject', 'create', 'update'] as const).map((action): AuditCase => ({
    route: `POST ${EDITOR}/vertical_video/${action}`,
    as: 'owner',
    call: async () => {
      const { videoId, suggestionIds } = await buildVerticalTask(t.ctx.db, { publisherId });
      object(videoId);
      const suggestionId = suggestionIds[0]!;
      const payload = {
        approve: { vertical_content_id: suggestionId, content_type: 'highlight', quality: 'good' },
        reject: { video_id: videoId, reason: REASON, content_type: 'highlight' },
        create: editBody(suggestionId, 11, 19),
        update: editBody(suggestionId, 4, 12, { keyframe_version: 1 }),
      }[action];
      return {
        method: 'POST',
        url: `${EDITOR}/vertical_video/${action}`,
        payload,
        headers: await fenced('vertical_task', videoId),
      };
    },
    status: action === 'reject' ? 200 : 202,
    action,
    objectType: 'vertical_task',
    objectId: () => lastObject,
    refused: { as: 'viewer' },
  })),
  {
    // A task whose render failed: its Retry queues the same render again.
    route: `POST ${EDITOR}/vertical_video/render/retry`,
    as: 'owner',
    call: async () => {
      const { videoId } = await buildVerticalTask(t.ctx.db, { publisherId });
      const [suggestion] = await t.ctx.db
        .select({ keyframeFileId: schema.verticalSuggestions.keyframeFileId })
        .from(schema.verticalSuggestions)
        .where(eq(schema.verticalSuggestions.videoId, videoId));
      const jobId = `vertical-${videoId}-${suggestion!.keyframeFileId}-v1`;
      await t.ctx.db
        .update(schema.verticalTasks)
        .set({ renderState: 'failed', renderJobId: jobId, renderError: 'Source video cannot be read' })
        .where(eq(schema.verticalTasks.videoId, videoId));
      return {
        method: 'POST',
        url: `${EDITOR}/vertical_video/render/retry`,
        payload: { video_id: object(videoId), render_job_id: jobId },
      };
    },
    status: 202,
    action: 'retry_render',
    objectType: 'vertical_task',
    objectId: () => lastObject,
    refused: { as: 'viewer' },
  },
  {
    route: `POST ${EDITOR}/vertical_video/reels/update`,
    as: 'owner',
    call: async () => {
      const { videoId } = await buildVerticalTask(t.ctx.db, { publisherId, status: 'ready' });
      return {
        method: 'POST',
        url: `${EDITOR}/vertical_video/reels/update`,
        payload: { id: object(videoId), valid: false },
      };
    },
    status: 200,
    action: 'reels_update',
    objectType: 'vertical_task',
    objectId: () => lastObject,
    refused: { as: 'outsider' },
  },
  {
    route: `POST ${EDITOR}/stamp/stories/create`,
    as: 'owner',
    call: async () => ({
      method: 'POST',
      url: `${EDITOR}/stamp/stories/create`,
      payload: { title: 'Audit story' },
    }),
    status: 201,
    action: 'create',
    objectType: 'story',
    // The new story's id: the only story row made by the call.
    objectId: () => lastObject,
    refused: { as: 'viewer' },
  },
  {
    route: `POST ${EDITOR}/stamp/stories/save`,
    as: 'owner',
    call: async () => {
      const story = await buildStory(t.ctx.db, publisherId);
      await buildStoryPage(t.ctx.db, story.id);
      return {
        method: 'POST',
        url: `${EDITOR}/stamp/stories/save`,
        payload: {
          story: { id: object(story.id), updated_at: Math.floor(story.updatedAt.getTime() / 1000) },
          pages: [],
        },
      };
    },
    status: 200,
    action: 'publish',
    objectType: 'story',
    objectId: () => lastObject,
    refused: { as: 'outsider' },
  },
  {
    route: `POST ${EDITOR}/stamp/stories/page/create`,
    as: 'owner',
    call: async () => {
      const story = await buildStory(t.ctx.db, publisherId);
      const image = await buildUploadedObject(t.ctx.db, publisherId, { kind: 'image' });
      return {
        method: 'POST',
        url: `${EDITOR}/stamp/stories/page/create`,
        payload: {
          story_id: story.id,
          object_type: 'image',
          object_id: image.id,
          title: 'Page',
          duration: 5,
        },
      };
    },
    status: 201,
    action: 'create',
    objectType: 'story_page',
    objectId: () => lastObject,
    refused: { as: 'outsider' },
  },
  ...(['update', 'remove'] as const).map((action): AuditCase => ({
    route: `POST ${EDITOR}/stamp/stories/page/${action}/:id`,
    as: 'owner',
    call: async () => {
      const story = await buildStory(t.ctx.db, publisherId);
      const image = await buildUploadedObject(t.ctx.db, publisherId, { kind: 'image' });
      const page = await buildStoryPage(t.ctx.db, story.id, { objectId: image.id });
      return {
        method: 'POST',
        url: `${EDITOR}/stamp/stories/page/${action}/${object(page.id)}`,
        ...(action === 'update'
          ? { payload: { object_type: 'image', object_id: image.id, title: 'Changed', duration: 5 } }
          : {}),
      };
    },
    status: 200,
    action: action === 'update' ? 'update' : 'delete',
    objectType: 'story_page',
    objectId: () => lastObject,
    refused: { as: 'outsider' },
  })),
  {
    route: `POST ${EDITOR}/stamp/stories/:id/highlights_zip`,
    as: 'owner',
    call: async () => {
      const story = await buildStory(t.ctx.db, publisherId);
      return { method: 'POST', url: `${EDITOR}/stamp/stories/${object(story.id)}/highlights_zip` };
    },
    status: 202,
    action: 'download',
    objectType: 'story',
    objectId: () => lastObject,
    refused: { as: 'outsider' },
  },
  {
    route: `POST ${EDITOR}/stamp/uploaded_objects/create`,
    as: 'owner',
    call: async () => {
      const body = multipart(readFileSync(path.join(dir, 'page.jpg')), 'page.jpg', 'image/jpeg');
      return {
        method: 'POST',
        url: `${EDITOR}/stamp/uploaded_objects/create?file_type=image`,
        payload: body.payload,
        headers: { 'content-type': body.contentType },
      };
    },
    status: 201,
    action: 'create',
    objectType: 'uploaded_object',
    objectId: () => lastObject,
    refused: { as: 'viewer' },
  },
];

/** Ids that only the answer names (a new story, package, page or upload). */
function idFromAnswer(route: string, body: unknown): string | null {
  const data = (body as { data?: Record<string, unknown> }).data ?? {};
  if (route.endsWith('/stamp/stories/create') || route.endsWith('/stamp/stories/page/create'))
    return String(data.id);
  if (route.endsWith('/uploaded_objects/create')) return String(data.id);
  if (route === `POST ${EDITOR}/packages`) return String(data.embed_id ?? data.id);
  return null;
}

beforeAll(async () => {
  t = await startTestApp({}, { jobsPrefix });
  dir = mkdtempSync(path.join(tmpdir(), 'hc-audit-'));
  await makeSourceVideo(t.ctx.config.mediaDir);
  await promisify(execFile)(ffmpeg.path, [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=640x360:rate=1'],
    ...['-frames:v', '1', '-c:v', 'mjpeg', '-f', 'image2', path.join(dir, 'page.jpg')],
  ]);
  const db = t.ctx.db;
  publisherId = (await buildPublisher(db, { name: 'Audit A' })).id;
  otherPublisherId = (await buildPublisher(db, { name: 'Audit B' })).id;
  const session = async (options: Parameters<typeof buildUser>[1]) => {
    const user = await buildUser(db, options);
    return { id: user.id, headers: authOf(await login(t.app, user.email, user.password)) };
  };
  const ownerUser = await buildUser(db, { publisherId, roles: [...GRANTABLE_ROLES] });
  // A 406xx identifier opens the story zip calls.
  await db.update(schema.users).set({ userIdentifier: '40699' }).where(eq(schema.users.id, ownerUser.id));
  owner = authOf(await login(t.app, ownerUser.email, ownerUser.password));
  ownerId = ownerUser.id;
  ({ id: adminId, headers: admin } = await session({ publisherId, isAdmin: true }));
  viewer = (await session({ publisherId, roles: [] })).headers;
  outsider = (await session({ publisherId: otherPublisherId, roles: [...GRANTABLE_ROLES] })).headers;
}, 120_000);

afterAll(async () => {
  // The jobs the calls queued (vertical renders, the story zip): no worker runs here.
  for (const name of [QUEUES.verticalRender, QUEUES.storyHighlightsZip]) {
    const queue = new Queue(name, { connection: new Redis(redisUrl), prefix: jobsPrefix });
    await queue.obliterate({ force: true });
    const connection = await queue.client;
    await queue.close();
    connection.disconnect();
  }
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the audit log: one row per change', () => {
  it('every writing route is audited below or listed as not audited, with its reason', () => {
    const writing = new Set([
      ...MATRIX.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`),
      ...WRITING_GETS,
    ]);
    const covered = new Set([...CASES.map((c) => c.route), ...Object.keys(NOT_AUDITED)]);
    expect([...writing].filter((r) => !covered.has(r))).toEqual([]);
    expect([...covered].filter((r) => !writing.has(r))).toEqual([]);
  });

  it.each(CASES.map((c) => [c.route, c] as const))('%s', async (_route, c) => {
    const headers = c.as === 'admin' ? admin : owner;
    const userId = c.as === 'admin' ? adminId : ownerId;
    const call = await c.call();
    const before = await lastAuditId();
    const startedAt = Date.now();
    const response = await inject(call, headers);
    expect(response.statusCode, response.body).toBe(c.status);
    const rows = await auditRowsAfter(before);
    expect(rows, 'exactly one audit row').toHaveLength(1);
    const objectId = idFromAnswer(c.route, response.json()) ?? c.objectId();
    expect(rows[0]).toMatchObject({
      userId,
      actionName: c.action,
      objectType: c.objectType,
      objectId,
      publisherId: c.publisher ? c.publisher() : publisherId,
    });
    expect(rows[0]!.userEmail).toMatch(/@/);
    // The database's clock and ours: within a second of the call.
    expect(rows[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(rows[0]!.createdAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    // Refused: nothing written.
    const refusedCall = c.refused.call ? await c.refused.call() : call;
    const refusedHeaders = { viewer, outsider, owner, admin }[c.refused.as];
    const afterSuccess = await lastAuditId();
    const refused = await inject(refusedCall, refusedHeaders);
    expect([400, 403, 404, 409, 422], refused.body).toContain(refused.statusCode);
    expect(await auditRowsAfter(afterSuccess)).toEqual([]);
  });

  it('a monetization setup save is audited in monetization_audits, once per changed record, not twice', async () => {
    const form = defaultSetupForm();
    form.video.channel = 'abcdef0123456789abcdef01';
    const body = {
      publisher_id: publisherId,
      placement_id: null,
      mode: 'new',
      video: videoConfigOf(form),
      display: displayConfigsOf(form),
    };
    const before = await lastAuditId();
    const startedAt = Date.now();
    const refused = await inject(
      { method: 'PUT', url: `${EDITOR}/publisher_info/monetization`, payload: body },
      owner,
    );
    expect(refused.statusCode).toBe(403);
    const saved = await inject(
      { method: 'PUT', url: `${EDITOR}/publisher_info/monetization`, payload: body },
      admin,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await auditRowsAfter(before)).toEqual([]);
    const entries = await t.ctx.db
      .select()
      .from(schema.monetizationAudits)
      .where(eq(schema.monetizationAudits.publisherId, publisherId));
    expect(entries.length).toBeGreaterThan(0);
    const records = entries.map((e) => `${e.auditableType} ${Object.keys(e.auditedChanges).join(',')}`);
    expect(new Set(records).size, 'one entry per changed record').toBe(entries.length);
    for (const entry of entries) {
      expect(entry).toMatchObject({ userId: adminId, publisherId, action: 'create' });
      expect(entry.email).toMatch(/@/);
      expect(entry.createdAt.getTime()).toBeGreaterThanOrEqual(startedAt - 1000);
    }
  });
});
