// The authorization matrix: every route of the editor API with the id it takes,
// whose it is, and the roles that open it. authorization.test.ts calls each route as every user of
// publisher B with publisher A's ids; a route the app has and this file does not list fails that test.
import type { Role } from '@hc/shared/constants';
import { VERTICAL_BAD_QUALITY_REASONS } from '@hc/shared/constants';
import { editLogEntryBody } from '../support/audit-entries.ts';

/** Publisher A's ids, as the tests seed them. */
export interface OwnerIds {
  publisherId: number;
  articleId: number;
  highlightId: number;
  /** Three of A's highlights (a package write needs at least three). */
  highlightIds: number[];
  embedId: string;
  programId: number;
  storyId: number;
  storyPageId: number;
  videoId: number;
  suggestionId: number;
  /** A's story highlights zip job (queued by A's own call). */
  zipJobId: string;
  /** The job center's row of that job. */
  consoleJobId: number;
}

/** Which of A's ids the call carries ('none': a list or a create, scoped by the caller's session). */
export type IdKind =
  | 'none'
  | 'publisher'
  | 'article'
  | 'highlight'
  | 'package'
  | 'program'
  | 'story'
  | 'story-page'
  | 'vertical-task'
  | 'suggestion'
  | 'job';

export interface MatrixRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The route's path template as Fastify registers it. */
  path: string;
  takes: IdKind;
  /**
   * Who may call it on their own publisher: 'session' any logged-in user, 'admin' administrators only,
   * or the roles (any of) besides admin. 'open' needs no session.
   */
  access: 'open' | 'session' | 'admin' | readonly Role[];
  /** The call as publisher B makes it with A's ids (url with query, JSON body). */
  request(a: OwnerIds): { url: string; payload?: Record<string, unknown> };
  /** The statuses it may answer when allowed (login with a wrong password: 401, or 429 once limited). */
  answers?: readonly number[];
  /** Ends the caller's own session (logout): the test uses a fresh session for it. */
  endsSession?: true;
}

const EDITOR = '/api/v1/editor';
const DASHBOARD = '/api/v2/dashboard';
const REASON = [VERTICAL_BAD_QUALITY_REASONS[0]];

const route = (
  method: MatrixRoute['method'],
  path: string,
  takes: IdKind,
  access: MatrixRoute['access'],
  request: MatrixRoute['request'] = () => ({ url: path }),
  extra: Partial<MatrixRoute> = {},
): MatrixRoute => ({ method, path, takes, access, request, ...extra });

const stampRoles: readonly Role[] = ['stamp_manager'];
const reviewRoles: readonly Role[] = ['apv_article_admin'];
const verticalRoles: readonly Role[] = ['switch_publisher'];

export const MATRIX: readonly MatrixRoute[] = [
  // ---------------------------------------------------------------- session
  route(
    'POST',
    '/api/v1/auth/editor/login',
    'none',
    'open',
    () => ({
      url: '/api/v1/auth/editor/login',
      payload: { email: 'nobody@a.example', password: 'wrong password' },
    }),
    { answers: [401, 429] },
  ),
  route('POST', `${EDITOR}/auth/logout`, 'none', 'session', undefined, { endsSession: true }),
  route('GET', `${EDITOR}/auth/set_publisher`, 'publisher', 'session', (a) => ({
    url: `${EDITOR}/auth/set_publisher?id=${a.publisherId}`,
  })),
  route('GET', `${EDITOR}/auth/placements/publisher/:id`, 'publisher', 'session', (a) => ({
    url: `${EDITOR}/auth/placements/publisher/${a.publisherId}`,
  })),
  route('GET', `${EDITOR}/user_info/show`, 'none', 'session'),

  // ---------------------------------------------------------------- publishers
  route('GET', `${EDITOR}/publisher_info/`, 'none', 'session'),
  route('GET', `${EDITOR}/publisher_products`, 'none', 'session'),
  route('POST', `${EDITOR}/publisher_product_status`, 'publisher', 'admin', (a) => ({
    url: `${EDITOR}/publisher_product_status`,
    payload: { publisher_id: a.publisherId, product_id: 1, status: true },
  })),
  route('GET', `${EDITOR}/publisher_configuration/console_config`, 'none', 'session'),
  route('GET', `${EDITOR}/publishers`, 'none', 'session'),
  route('GET', `${EDITOR}/publishers_with_config/`, 'none', 'admin'),
  route('POST', `${EDITOR}/publishers_upload_splash/`, 'publisher', 'admin', (a) => ({
    url: `${EDITOR}/publishers_upload_splash/`,
    payload: { publisher_id: a.publisherId },
  })),
  route('GET', `${EDITOR}/publishers/groups`, 'none', 'session'),
  route('POST', `${EDITOR}/publishers/new`, 'none', 'admin', () => ({
    url: `${EDITOR}/publishers/new`,
    payload: { name: 'Made by B' },
  })),
  route('GET', `${EDITOR}/publishers/publishers_monetized`, 'none', 'admin'),
  route('GET', `${EDITOR}/publishers/:id/splash_images/`, 'publisher', 'admin', (a) => ({
    url: `${EDITOR}/publishers/${a.publisherId}/splash_images/`,
  })),
  route('GET', `${EDITOR}/placements/`, 'none', 'session'),
  route('GET', `${EDITOR}/placements/placements_monetized`, 'none', 'admin'),
  route('GET', `${EDITOR}/settings`, 'none', 'session'),
  route('GET', `${EDITOR}/categories`, 'none', 'session'),
  route('GET', `${EDITOR}/pending_counts`, 'none', 'session'),
  // Browsers may log only the frame editor's entries, which need the frame editor's role.
  route('POST', `${EDITOR}/audit_log/create`, 'vertical-task', verticalRoles, (a) => ({
    url: `${EDITOR}/audit_log/create`,
    payload: editLogEntryBody(a.videoId),
  })),

  // ---------------------------------------------------------------- highlights and review
  route('GET', `${EDITOR}/highlights/index`, 'none', 'session'),
  route('GET', `${EDITOR}/highlights/export.csv`, 'none', 'session'),
  route('GET', `${EDITOR}/highlights/search`, 'none', 'session', () => ({
    url: `${EDITOR}/highlights/search?q=highlight`,
  })),
  route('GET', `${EDITOR}/highlights/audit_download`, 'highlight', 'session', (a) => ({
    url: `${EDITOR}/highlights/audit_download?filename=clip&article_id=${a.articleId}&highlight_id=${a.highlightId}`,
  })),
  route('GET', `${EDITOR}/highlights/audit_download_story`, 'story', stampRoles, (a) => ({
    url: `${EDITOR}/highlights/audit_download_story?story_id=${a.storyId}`,
  })),
  route('GET', `${EDITOR}/articles/pending_review`, 'none', reviewRoles),
  route('GET', `${EDITOR}/articles/pending_review/export.csv`, 'none', reviewRoles),
  route('GET', `${EDITOR}/highlights/auto_highlights`, 'article', reviewRoles, (a) => ({
    url: `${EDITOR}/highlights/auto_highlights?article_id=${a.articleId}`,
  })),
  route('POST', `${EDITOR}/highlights/submit_feedback`, 'article', reviewRoles, (a) => ({
    url: `${EDITOR}/highlights/submit_feedback`,
    payload: { article_id: a.articleId, action_type: 'done', highlight_id: a.highlightId, feedback: [] },
  })),
  ...(['POST', 'DELETE'] as const).map((method) =>
    route(method, `${EDITOR}/articles/:id/lock`, 'article', reviewRoles, (a) => ({
      url: `${EDITOR}/articles/${a.articleId}/lock`,
      ...(method === 'DELETE' ? { payload: { fence: 1 } } : {}),
    })),
  ),
  route('POST', `${EDITOR}/articles/:id/lock/heartbeat`, 'article', reviewRoles, (a) => ({
    url: `${EDITOR}/articles/${a.articleId}/lock/heartbeat`,
    payload: { fence: 1 },
  })),
  route('POST', `${EDITOR}/articles/:id/lock/break`, 'article', reviewRoles, (a) => ({
    url: `${EDITOR}/articles/${a.articleId}/lock/break`,
  })),
  route('GET', `${EDITOR}/external_resources`, 'none', 'session'),
  route('GET', `${EDITOR}/external_resources/export.csv`, 'none', 'session'),
  route('GET', `${EDITOR}/external_resources/publish`, 'highlight', 'session', (a) => ({
    url: `${EDITOR}/external_resources/publish?highlight_id=${a.highlightId}&resource_ids[]=r1`,
  })),
  route('GET', `${EDITOR}/syndication`, 'none', ['syndication_publisher']),
  route('GET', `${EDITOR}/syndication/export.csv`, 'none', ['syndication_publisher']),
  route('GET', `${EDITOR}/trends/highlights/:id`, 'highlight', 'session', (a) => ({
    url: `${EDITOR}/trends/highlights/${a.highlightId}?days=7`,
  })),
  route('GET', `${EDITOR}/trends/packages/:id`, 'package', ['editorial_manager'], (a) => ({
    url: `${EDITOR}/trends/packages/${a.embedId}?days=7`,
  })),
  route('GET', `${EDITOR}/trends/syndication`, 'none', ['syndication_publisher']),
  route('POST', `${DASHBOARD}/articles/:id`, 'article', ['apv_article_admin'], (a) => ({
    url: `${DASHBOARD}/articles/${a.articleId}`,
    payload: { apv_mode: 'regular', status: false },
  })),

  // ---------------------------------------------------------------- programs
  route('GET', `${DASHBOARD}/programs/index`, 'none', ['live_stream_publisher']),
  route('GET', `${DASHBOARD}/programs/export.csv`, 'none', ['live_stream_publisher']),
  route('GET', `${DASHBOARD}/program/:id`, 'program', ['live_stream_publisher'], (a) => ({
    url: `${DASHBOARD}/program/${a.programId}`,
  })),
  route('GET', `${EDITOR}/vertical_video/programs`, 'none', 'session'),

  // ---------------------------------------------------------------- packages
  route('GET', `${EDITOR}/packages`, 'none', ['editorial_manager']),
  route('GET', `${EDITOR}/packages/export.csv`, 'none', ['editorial_manager']),
  // B's new package naming A's highlights: refused, not a package of B showing A's videos.
  route('POST', `${EDITOR}/packages`, 'highlight', ['editorial_manager'], (a) => ({
    url: `${EDITOR}/packages`,
    payload: { name: 'B package', highlights: a.highlightIds.map((id) => ({ id, title: 'stolen' })) },
  })),
  route('GET', `${EDITOR}/packages/:id`, 'package', ['editorial_manager'], (a) => ({
    url: `${EDITOR}/packages/${a.embedId}`,
  })),
  route('PUT', `${EDITOR}/packages/:id`, 'package', ['editorial_manager'], (a) => ({
    url: `${EDITOR}/packages/${a.embedId}`,
    // The full form (the status-only form is strict and would refuse the planted fields).
    payload: {
      name: 'taken',
      highlights: a.highlightIds.map((id) => ({ id, title: 'taken' })),
      status: 'Active',
    },
  })),

  // ---------------------------------------------------------------- vertical
  // The review list (the default status) is switch_publisher's; the ready list is Vertical View's.
  route('GET', `${EDITOR}/vertical_tasks`, 'none', verticalRoles),
  route('GET', `${EDITOR}/vertical_tasks`, 'none', 'session', () => ({
    url: `${EDITOR}/vertical_tasks?status=ready`,
  })),
  route('GET', `${EDITOR}/vertical_tasks/count`, 'none', 'session'),
  ...(['POST', 'DELETE'] as const).map((method) =>
    route(method, `${EDITOR}/vertical_tasks/:video_id/lock`, 'vertical-task', verticalRoles, (a) => ({
      url: `${EDITOR}/vertical_tasks/${a.videoId}/lock`,
      ...(method === 'DELETE' ? { payload: { fence: 1 } } : {}),
    })),
  ),
  route('POST', `${EDITOR}/vertical_tasks/:video_id/lock/heartbeat`, 'vertical-task', verticalRoles, (a) => ({
    url: `${EDITOR}/vertical_tasks/${a.videoId}/lock/heartbeat`,
    payload: { fence: 1 },
  })),
  route('POST', `${EDITOR}/vertical_tasks/:video_id/lock/break`, 'vertical-task', verticalRoles, (a) => ({
    url: `${EDITOR}/vertical_tasks/${a.videoId}/lock/break`,
  })),
  route('GET', `${EDITOR}/vertical_task_details`, 'vertical-task', 'session', (a) => ({
    url: `${EDITOR}/vertical_task_details?video_id=${a.videoId}`,
  })),
  route('POST', `${EDITOR}/vertical_video/approve`, 'suggestion', verticalRoles, (a) => ({
    url: `${EDITOR}/vertical_video/approve`,
    payload: { vertical_content_id: a.suggestionId, content_type: 'highlight' },
  })),
  route('POST', `${EDITOR}/vertical_video/reject`, 'vertical-task', verticalRoles, (a) => ({
    url: `${EDITOR}/vertical_video/reject`,
    payload: { video_id: a.videoId, reason: REASON, content_type: 'highlight' },
  })),
  ...(['create', 'update'] as const).map((action) =>
    route('POST', `${EDITOR}/vertical_video/${action}`, 'suggestion', verticalRoles, (a) => ({
      url: `${EDITOR}/vertical_video/${action}`,
      payload: {
        vertical_content_id: a.suggestionId,
        content_type: 'highlight',
        keyframe: {},
        start_time: 2,
        end_time: 10,
        reason: REASON,
      },
    })),
  ),
  route('POST', `${EDITOR}/vertical_video/render/retry`, 'vertical-task', verticalRoles, (a) => ({
    url: `${EDITOR}/vertical_video/render/retry`,
    payload: { video_id: a.videoId, render_job_id: `vertical-${a.videoId}-1-v1` },
  })),
  route('POST', `${EDITOR}/vertical_video/reels/update`, 'vertical-task', verticalRoles, (a) => ({
    url: `${EDITOR}/vertical_video/reels/update`,
    payload: { id: a.videoId, valid: false },
  })),
  route('POST', `${EDITOR}/vertical_video/suggest_crop`, 'vertical-task', verticalRoles, (a) => ({
    url: `${EDITOR}/vertical_video/suggest_crop`,
    payload: { video_id: a.videoId },
  })),
  route('GET', `${EDITOR}/vertical_video/suggest_crop/:jobId`, 'job', 'session', (a) => ({
    url: `${EDITOR}/vertical_video/suggest_crop/${encodeURIComponent(a.zipJobId)}`,
  })),
  route('GET', `${EDITOR}/vertical_video/render_jobs/:jobId`, 'job', 'session', (a) => ({
    url: `${EDITOR}/vertical_video/render_jobs/${encodeURIComponent(a.zipJobId)}`,
  })),

  // ---------------------------------------------------------------- stories
  route('GET', `${EDITOR}/stamp/stories`, 'none', stampRoles),
  route('GET', `${EDITOR}/stamp/stories/export.csv`, 'none', stampRoles),
  route('POST', `${EDITOR}/stamp/stories/create`, 'none', stampRoles, () => ({
    url: `${EDITOR}/stamp/stories/create`,
    payload: { title: 'B story' },
  })),
  route('GET', `${EDITOR}/stamp/stories/:id`, 'story', stampRoles, (a) => ({
    url: `${EDITOR}/stamp/stories/${a.storyId}`,
  })),
  route('POST', `${EDITOR}/stamp/stories/save`, 'story', stampRoles, (a) => ({
    url: `${EDITOR}/stamp/stories/save`,
    payload: { story: { id: a.storyId, updated_at: 0, title: 'taken' }, pages: [] },
  })),
  route('POST', `${EDITOR}/stamp/stories/preview`, 'story', stampRoles, (a) => ({
    url: `${EDITOR}/stamp/stories/preview`,
    payload: { story: { id: a.storyId }, pages: [] },
  })),
  route('GET', `${EDITOR}/stamp/stories/preview/:id`, 'story', stampRoles, (a) => ({
    url: `${EDITOR}/stamp/stories/preview/${a.storyId}`,
  })),
  route('GET', `${EDITOR}/stamp/mock_story/:id`, 'story', stampRoles, (a) => ({
    url: `${EDITOR}/stamp/mock_story/${a.storyId}`,
  })),
  route('POST', `${EDITOR}/stamp/stories/page/create`, 'story', stampRoles, (a) => ({
    url: `${EDITOR}/stamp/stories/page/create`,
    payload: { story_id: a.storyId, object_type: 'image', title: 'planted' },
  })),
  route('GET', `${EDITOR}/stamp/stories/page/:id`, 'story-page', stampRoles, (a) => ({
    url: `${EDITOR}/stamp/stories/page/${a.storyPageId}`,
  })),
  route('POST', `${EDITOR}/stamp/stories/page/update/:id`, 'story-page', stampRoles, (a) => ({
    url: `${EDITOR}/stamp/stories/page/update/${a.storyPageId}`,
    payload: { object_type: 'image', title: 'overwritten' },
  })),
  // A poster that is no URL: the check answers without going to the network.
  route('POST', `${EDITOR}/stamp/stories/poster/check`, 'none', stampRoles, () => ({
    url: `${EDITOR}/stamp/stories/poster/check`,
    payload: { poster: 'not a url' },
  })),
  route('POST', `${EDITOR}/stamp/stories/page/remove/:id`, 'story-page', stampRoles, (a) => ({
    url: `${EDITOR}/stamp/stories/page/remove/${a.storyPageId}`,
  })),
  route('POST', `${EDITOR}/stamp/stories/:id/highlights_zip`, 'story', stampRoles, (a) => ({
    url: `${EDITOR}/stamp/stories/${a.storyId}/highlights_zip`,
  })),
  route('GET', `${EDITOR}/stamp/stories/highlights_zip/:job_id`, 'job', stampRoles, (a) => ({
    url: `${EDITOR}/stamp/stories/highlights_zip/${encodeURIComponent(a.zipJobId)}`,
  })),
  route('POST', `${EDITOR}/stamp/uploaded_objects/create`, 'none', stampRoles, () => ({
    url: `${EDITOR}/stamp/uploaded_objects/create?file_type=image`,
  })),

  // ---------------------------------------------------------------- job center and quick search
  route('GET', `${EDITOR}/jobs`, 'none', 'session'),
  route('POST', `${EDITOR}/jobs/:id/retry`, 'job', 'session', (a) => ({
    url: `${EDITOR}/jobs/${a.consoleJobId}/retry`,
  })),
  route('POST', `${EDITOR}/jobs/:id/cancel`, 'job', 'session', (a) => ({
    url: `${EDITOR}/jobs/${a.consoleJobId}/cancel`,
  })),
  route('GET', `${EDITOR}/search`, 'none', 'session', (a) => ({ url: `${EDITOR}/search?q=${a.storyId}` })),

  // ---------------------------------------------------------------- co-editing tickets
  route('POST', `${EDITOR}/collab/tickets`, 'package', ['editorial_manager'], (a) => ({
    url: `${EDITOR}/collab/tickets`,
    payload: { doc: `package:${a.embedId}` },
  })),
  route('POST', `${EDITOR}/collab/tickets`, 'story', stampRoles, (a) => ({
    url: `${EDITOR}/collab/tickets`,
    payload: { doc: `story:${a.storyId}` },
  })),

  // ---------------------------------------------------------------- admin: monetization, grid, reports
  ...(
    [
      ['PUT', '/publisher_info/monetization'],
      ['POST', '/monetization_setup/submit'],
      ['GET', '/monetization_setup/submit/:job_id'],
      ['POST', '/monetization_setup/placement'],
      ['GET', '/monetization_setup/placement/ab_test'],
      ['POST', '/monetization_setup/fill'],
      ['GET', '/monetization_setup/all_configs'],
      ['GET', '/monetization_audit'],
      ['GET', '/monetization_audit/export'],
      ['POST', '/monetization_audit/:id/revert'],
      ['POST', '/ad_config/fill'],
      ['POST', '/bulk-update/workbooks'],
      ['POST', '/bulk-update/workbooks/upload'],
      ['GET', '/bulk-update/workbooks/:external_id/link'],
      ['POST', '/bulk-update/fill'],
      ['POST', '/bulk-update/fill/'],
      ['GET', '/bulk-update/submit'],
      ['POST', '/bulk-update/submit'],
      ['GET', '/bulk-update/jobs/:job_id'],
      ['POST', '/bulk-update/preview'],
      ['GET', '/bulk-update/history'],
      ['GET', '/bulk-update/history/:id/file'],
      ['POST', '/bulk-update-json/fill/'],
      ['POST', '/bulk-update-json/submit'],
    ] as const
  ).map(([method, path]) =>
    route(method, `${EDITOR}${path}`, path.includes(':') ? 'job' : 'none', 'admin', (a) => ({
      url: `${EDITOR}${path.replace(/:[a-z_]+/, encodeURIComponent(a.zipJobId))}`,
      ...(method === 'GET' ? {} : { payload: { publisher_id: a.publisherId } }),
    })),
  ),
];

/**
 * Routes outside the editor API, each with the reason it is not a matrix cell. Items 2-8 of the issue
 * (or their own suites) cover them.
 */
export const OUTSIDE_MATRIX: readonly { prefix: string; why: string }[] = [
  { prefix: '/api/docs', why: 'OpenAPI document and UI: no data' },
  { prefix: '/api/ingest/', why: 'service-token API (ingest.test.ts): no user session' },
  { prefix: '/admin/queues', why: 'bull-board behind its own admin cookie (jobs-dashboard)' },
  { prefix: '/embed/', why: 'public embed of Active packages: public by design' },
  { prefix: '/files/workbooks/', why: 'the random download token is the permission' },
  { prefix: '/collab/', why: 'socket: its single-use ticket is the permission (ticket route is a cell)' },
  { prefix: '/stories/', why: 'public AMP pages of published stories' },
  { prefix: '/healthz', why: 'probe' },
  { prefix: '/readyz', why: 'probe' },
  { prefix: '/metrics', why: 'metrics, behind METRICS_TOKEN' },
  { prefix: '/media/', why: 'published media: public content embedded on publishers sites' },
  { prefix: '*', why: 'the web app' },
];
