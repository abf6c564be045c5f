// A vertical render that failed, as reviewer@demo.example sees it: the task is back in the highlight
// review list with a 'Render failed: <error>' tag and a Retry; Retry (once the source is fixed) queues
// the render again, the task leaves the list with a toast, and the real worker renders it. A task whose
// render changed since the list was loaded gets the 'Error' dialog with the server's reason.
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './support/fixtures.ts';
import type { E2eServer } from './support/server.ts';
import { eq } from 'drizzle-orm';
import { schema } from '@hc/db/schema';
import { DEMO_PASSWORD } from '@hc/db/seed/accounts';
import { AUTH_HEADERS } from '@hc/shared/api/auth-headers';
import type { VerticalSuggestion, VerticalTask } from '@hc/shared/api/vertical';
import { LOCK_FENCE_HEADER, lockPath } from '@hc/shared/live/locks';
import { jobMessages } from '@hc/shared/messages';
import { snap } from './support/browser.ts';
import { eventually } from '../support/retry.ts';

const EMAIL = 'reviewer@demo.example';
test.use({ e2e: { signedInAs: EMAIL } });
const HIGHLIGHT_LIST = '/highlights/live/vertical/review';
const ERROR = 'Source video cannot be read';

let headers: Record<string, string> = {};
async function api<T>(
  server: E2eServer,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  extra: Record<string, string> = {},
) {
  const response = await fetch(`${server.baseUrl}/api/v1/editor/${url}`, {
    method,
    headers: { ...headers, ...extra, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json()) as { data: T; errors?: string[] };
  return { status: response.status, data: json.data, errors: json.errors };
}

const db = (server: E2eServer) => server.database.handle.db;
const taskRow = async (server: E2eServer, videoId: number) =>
  (await db(server).select().from(schema.verticalTasks).where(eq(schema.verticalTasks.videoId, videoId)))[0]!;

/**
 * A demo highlight task whose source is made unreadable, approved through the API: the real worker fails
 * its render. Returns the task and where its good source is.
 */
async function failedRender(server: E2eServer, task: VerticalTask) {
  const row = await taskRow(server, task.video_id);
  const broken = `e2e/broken-${task.video_id}-${Date.now()}.mp4`;
  await mkdir(path.join(server.mediaDir, 'e2e'), { recursive: true });
  await writeFile(path.join(server.mediaDir, broken), 'not a video');
  await db(server)
    .update(schema.verticalTasks)
    .set({ srcVideoPath: broken })
    .where(eq(schema.verticalTasks.videoId, task.video_id));
  const suggestions = await api<VerticalSuggestion[]>(
    server,
    'GET',
    `vertical_task_details?video_id=${task.video_id}&status=review&content_type=highlight`,
  );
  const suggestion = suggestions.data.find((x) => x.active) ?? suggestions.data[0]!;
  const lock = await api<{ fence: number }>(server, 'POST', lockPath('vertical_task', task.video_id));
  const approved = await api<{ job_id: string }>(
    server,
    'POST',
    'vertical_video/approve',
    { vertical_content_id: suggestion.vertical_content_id, content_type: 'highlight', quality: 'good' },
    { [LOCK_FENCE_HEADER]: String(lock.data.fence) },
  );
  expect(approved.status, JSON.stringify(approved.errors)).toBe(202);
  await eventually(
    async () => expect((await taskRow(server, task.video_id)).renderState).toBe('failed'),
    30_000,
  );
  return { jobId: approved.data.job_id, broken, source: row.srcVideoPath };
}

let tasks: VerticalTask[] = [];

test.beforeAll(async ({ server }) => {
  const login = await fetch(`${server.baseUrl}/api/v1/auth/editor/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: DEMO_PASSWORD }),
  });
  const { data } = (await login.json()) as { data: { email: string; token: string } };
  headers = { [AUTH_HEADERS.email]: data.email, [AUTH_HEADERS.token]: data.token };
  const list = await api<{ tasks: VerticalTask[] }>(
    server,
    'GET',
    'vertical_tasks?status=review&content_type=highlight&per=50',
  );
  tasks = list.data.tasks;
  expect(tasks.length).toBeGreaterThanOrEqual(2);
});

test.describe('A failed vertical render in the review list', () => {
  test('shows its tag and a Retry; Retry renders it again once the source is fixed', async ({
    page,
    server,
  }) => {
    test.setTimeout(120_000);
    const task = tasks.shift()!;
    const failed = await failedRender(server, task);

    await page.goto(server.baseUrl + HIGHLIGHT_LIST);
    const tag = page.getByTestId(`vertical-render-tag-${task.video_id}`);
    await tag.waitFor();
    expect(await tag.getAttribute('data-kind')).toBe('failed');
    expect(await tag.getByTestId(`vertical-render-tag-${task.video_id}-text`).innerText()).toBe(
      jobMessages.renderFailedTag(ERROR),
    );
    const retry = tag.getByTestId(`vertical-render-tag-${task.video_id}-retry`);
    expect(await retry.innerText()).toContain(jobMessages.retryRender);
    await tag.scrollIntoViewIfNeeded();
    await snap(page, 'vertical-render-failed-tag');

    // The source is fixed; the reviewer reaches Retry by keyboard.
    await copyFile(path.join(server.mediaDir, failed.source), path.join(server.mediaDir, failed.broken));
    await retry.focus();
    await page.keyboard.press('Enter');
    await page.getByText(jobMessages.retryRenderQueued(task.video_id)).waitFor();
    await page.getByTestId(`vertical-task-${task.video_id}`).waitFor({ state: 'detached' });
    await snap(page, 'vertical-render-retried');
    await eventually(
      async () =>
        expect(await taskRow(server, task.video_id)).toMatchObject({ status: 'ready', renderState: null }),
      60_000,
      250,
    );
  });

  test("opens the 'Error' dialog when the render changed since the list was loaded", async ({
    page,
    server,
  }) => {
    test.setTimeout(120_000);
    const task = tasks.shift()!;
    await failedRender(server, task);
    await page.goto(server.baseUrl + HIGHLIGHT_LIST);
    const retry = page.getByTestId(`vertical-render-tag-${task.video_id}-retry`);
    await retry.waitFor();
    // Behind the list's back the task's render is replaced by another one.
    await db(server)
      .update(schema.verticalTasks)
      .set({ renderJobId: 'vertical-0-0-v0' })
      .where(eq(schema.verticalTasks.videoId, task.video_id));
    await retry.click();
    const dialog = page.getByTestId('vertical-error-dialog');
    await dialog.waitFor();
    expect(await page.getByTestId('vertical-error-message').innerText()).toBe(
      jobMessages.retryRenderChanged(task.video_id),
    );
    await snap(page, 'vertical-render-retry-refused');
    await page.getByTestId('vertical-error-ok').click();
    await dialog.waitFor({ state: 'hidden' });
  });
});
