// Exclusive task locks in two browsers (one holder a task), on a server whose leases last
// LEASE seconds: reviewer A opens a vertical task and reviewer B sees it 'locked by' A in the list, live,
// and cannot open it; A closes the tab and B gets it at once (the tab's release on its way out), and when
// A's browser crashes instead, B gets it once the lease lapses. In the review queue an admin sees the
// article an APV reviewer has open, breaks the lock (the reviewer is told and cannot submit until the
// article is opened again), and after a review the reviewer's panel moves to the next article nobody
// else holds.
import { SIGNED_OUT, expect, test } from './support/fixtures.ts';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { lockMessages, LOCK_FENCE_HEADER } from '@hc/shared/live/locks';
import type { VerticalTask } from '@hc/shared/api/vertical';
import { loginAs, snap } from './support/browser.ts';
import type { E2eServer } from './support/server.ts';
import { ReviewPage } from './support/pages/review-page.ts';

/**
 * The lease of this file's server: short, so a crashed browser's lease lapses within the test, yet long
 * enough that a heartbeat (every third of it) held up on a loaded machine does not let a live lease lapse.
 */
const LEASE = 10;
const HIGHLIGHT_LIST = '/highlights/live/vertical/review';
const A_EMAIL = 'reviewer@demo.example';
const B_EMAIL = 'reviewer2@demo.example';

test.use({ e2e: { server: { env: { TASK_LOCK_SECONDS: String(LEASE) } } } });

// The people's browsers outlive a test (a describe's two reviewers serve all its tests), so they are
// made from the file's server and browser, kept here.
let server: E2eServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

test.beforeAll(({ server: fileServer, browser: fileBrowser }) => {
  server = fileServer;
  browser = fileBrowser;
});
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  const pages = contexts.flatMap((c) => c.pages());
  for (const [i, page] of pages.entries()) await snap(page, `FAILED-task-locks-${i}`).catch(() => undefined);
});
test.afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
});

/**
 * A signed-in browser of its own (separate storage, like a second person's machine). The review queue
 * shows 20 rows a page, so the admin's (every publisher's) holds the APV reviewer's whole queue.
 */
async function signedIn(email: string): Promise<Page> {
  const context = await browser.newContext({
    storageState: SIGNED_OUT,
    viewport: { width: 1280, height: 900 },
  });
  context.setDefaultTimeout(15_000);
  contexts.push(context);
  const page = await context.newPage();
  await loginAs(page, server.baseUrl, email);
  await page.evaluate(() => localStorage.setItem('hc.pageSize.review', '20'));
  return page;
}

/**
 * Opens a screen and waits until its live channel is up (so no push can arrive before it listens):
 * socket.io connects over HTTP polling, then upgrades to a WebSocket once connected.
 */
async function gotoLive(page: Page, path: string) {
  const upgraded = page.waitForEvent('websocket', (ws) => ws.url().includes('/socket.io/'));
  await page.goto(server.baseUrl + path);
  await upgraded;
}

const lockCall = (kind: 'vertical_tasks' | 'articles', id: number, method: 'POST' | 'DELETE') => {
  const path = new RegExp(`/api/v1/editor/${kind}/${id}/lock(\\?.*)?$`);
  return (r: { url(): string; request(): { method(): string } }) =>
    path.test(r.url()) && r.request().method() === method;
};

/** The highlight tasks in review of publisher 406 (both reviewers' own), through the list call. */
async function reviewTasks(page: Page): Promise<VerticalTask[]> {
  return page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('hc.session')!) as { email: string; token: string };
    const response = await fetch(
      '/api/v1/editor/vertical_tasks?status=review&content_type=highlight&per=50',
      {
        headers: { 'x-user-email': session.email, 'x-user-token': session.token },
      },
    );
    return ((await response.json()) as { data: { tasks: VerticalTask[] } }).data.tasks;
  });
}

const taskTitle = (page: Page, videoId: number) => page.getByTestId(`vertical-task-${videoId}`);
const taskLockTag = (page: Page, videoId: number) => page.getByTestId(`vertical-lock-${videoId}-tag`);
const reviewModal = (page: Page) => page.getByTestId('vertical-review-modal');
const toasts = (page: Page) => page.getByTestId('toast-text').allInnerTexts();

test.describe('Vertical task locks', () => {
  let a: Page;
  let b: Page;
  let tasks: VerticalTask[];
  test.beforeAll(async () => {
    a = await signedIn(A_EMAIL);
    b = await signedIn(B_EMAIL);
    tasks = (await reviewTasks(b)).filter((t) => t.publisher_id === 406 && t.locked_by === null);
    expect(tasks.length).toBeGreaterThanOrEqual(2);
  });

  test('shows a task A opened as locked in B’s list without a reload; B cannot open it until A closes the tab', async () => {
    const task = tasks[0]!;
    await gotoLive(b, HIGHLIGHT_LIST);
    await taskTitle(b, task.video_id).waitFor();
    await gotoLive(a, HIGHLIGHT_LIST);

    // B's list is not asked again from here on: the lock arrives as a push into its cache.
    let listCalls = 0;
    b.on('request', (r) => {
      if (r.url().includes('/api/v1/editor/vertical_tasks?')) listCalls += 1;
    });

    const taken = a.waitForResponse(lockCall('vertical_tasks', task.video_id, 'POST'));
    await taskTitle(a, task.video_id).click();
    expect((await taken).status()).toBe(200);
    await reviewModal(a).getByTestId('vertical-suggestion').first().waitFor();

    await expect(taskLockTag(b, task.video_id)).toHaveCount(1);
    expect(await taskLockTag(b, task.video_id).innerText()).toBe(`locked by ${A_EMAIL}`);
    expect(listCalls).toBe(0);
    await snap(b, 'task-locks-vertical-locked-for-b');

    // B's click says who has it and opens nothing; no lock is even asked for.
    let bAsked = 0;
    b.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes(`/vertical_tasks/${task.video_id}/lock`)) bAsked += 1;
    });
    await taskTitle(b, task.video_id).click();
    await expect.poll(() => toasts(b)).toContain(lockMessages.heldBy(A_EMAIL));
    expect(await reviewModal(b).count()).toBe(0);
    expect(bAsked).toBe(0);

    // A closes the tab: its way out hands the lease back, and B sees the task free well inside the lease.
    const closedAt = Date.now();
    await a.close();
    await expect(taskLockTag(b, task.video_id)).toHaveCount(0);
    expect(Date.now() - closedAt).toBeLessThan(LEASE * 1000);

    // B opens it and acts under its own lease: the approve carries B's latest fencing number (a
    // development build's StrictMode takes the lease twice on mount).
    const leases: { fence: number; holder_email: string }[] = [];
    b.on('response', (r) => {
      if (lockCall('vertical_tasks', task.video_id, 'POST')(r))
        void r
          .json()
          .then((body: { data: { fence: number; holder_email: string } }) => leases.push(body.data));
    });
    await taskTitle(b, task.video_id).click();
    await expect.poll(() => leases.length).toBeGreaterThan(0);
    expect(leases.at(-1)!.holder_email).toBe(B_EMAIL);
    await reviewModal(b).getByTestId('vertical-suggestion').first().waitFor();
    await reviewModal(b).getByTestId('vertical-quality-good').click();
    const approved = b.waitForResponse((r) => r.url().endsWith('/vertical_video/approve'));
    await reviewModal(b).getByTestId('vertical-approve').click();
    const approve = await approved;
    expect(approve.status()).toBe(202);
    expect(approve.request().headers()[LOCK_FENCE_HEADER]).toBe(String(leases.at(-1)!.fence));
  });

  test('frees the task of a crashed browser once its lease lapses', async () => {
    const task = tasks[1]!;
    const crashed = await signedIn(A_EMAIL);
    await gotoLive(b, HIGHLIGHT_LIST);
    await gotoLive(crashed, HIGHLIGHT_LIST);
    const taken = crashed.waitForResponse(lockCall('vertical_tasks', task.video_id, 'POST'));
    await taskTitle(crashed, task.video_id).click();
    expect((await taken).status()).toBe(200);
    await expect(taskLockTag(b, task.video_id)).toHaveCount(1);

    // The renderer dies: no release, no more heartbeats.
    const cdp = await crashed.context().newCDPSession(crashed);
    const crashedAt = Date.now();
    void cdp.send('Page.crash').catch(() => undefined);

    // The tag stays while the lease lives, and goes once it has lapsed (no event: nobody released it).
    await b.waitForTimeout(500);
    expect(await taskLockTag(b, task.video_id).count()).toBe(1);
    await expect.poll(() => taskLockTag(b, task.video_id).count(), { timeout: (LEASE + 4) * 1000 }).toBe(0);
    const bTaken = b.waitForResponse(lockCall('vertical_tasks', task.video_id, 'POST'));
    await taskTitle(b, task.video_id).click();
    expect((await bTaken).status()).toBe(200);
    await reviewModal(b).getByTestId('vertical-suggestion').first().waitFor();
    expect(Date.now() - crashedAt).toBeLessThan((LEASE + 4) * 1000);
  });
});

test.describe('A broken vertical lock', () => {
  test('tells the reviewer, keeps the actions off, and gives them back once the task is opened again', async () => {
    const reviewer = await signedIn(A_EMAIL);
    const task = (await reviewTasks(reviewer)).find((t) => t.publisher_id === 406 && t.locked_by === null)!;
    await gotoLive(reviewer, HIGHLIGHT_LIST);
    await taskTitle(reviewer, task.video_id).click();
    await reviewModal(reviewer).getByTestId('vertical-suggestion').first().waitFor();
    await reviewModal(reviewer).getByTestId('vertical-quality-good').click();
    await expect.poll(() => reviewModal(reviewer).getByTestId('vertical-approve').isEnabled()).toBe(true);

    // An admin breaks it (the call the list's 'Break lock' makes).
    const admin = await signedIn('admin@demo.example');
    const broke = await admin.evaluate(async (path) => {
      const session = JSON.parse(localStorage.getItem('hc.session')!) as { email: string; token: string };
      const response = await fetch(`/api/v1/editor/${path}/break`, {
        method: 'POST',
        headers: { 'x-user-email': session.email, 'x-user-token': session.token },
      });
      return response.status;
    }, `vertical_tasks/${task.video_id}/lock`);
    expect(broke).toBe(200);

    // The next heartbeat is refused: the modal says so and Approve is off.
    const notice = reviewer.getByTestId('vertical-lock-notice');
    await notice.waitFor();
    expect(await reviewer.getByTestId('vertical-lock-notice-message').innerText()).toBe(lockMessages.lost);
    expect(await reviewModal(reviewer).getByTestId('vertical-approve').isDisabled()).toBe(true);
    expect(await reviewModal(reviewer).getByTestId('vertical-reject').isDisabled()).toBe(true);
    await snap(reviewer, 'task-locks-vertical-lost');

    // Open again takes a new lease: the notice goes and the feedback given is still there.
    const retaken = reviewer.waitForResponse(lockCall('vertical_tasks', task.video_id, 'POST'));
    await reviewer.getByTestId('vertical-lock-notice-retry').click();
    expect((await retaken).status()).toBe(200);
    await notice.waitFor({ state: 'detached' });
    await expect.poll(() => reviewModal(reviewer).getByTestId('vertical-approve').isEnabled()).toBe(true);
  });
});

test.describe('Review queue locks', () => {
  const APV = 'apvadmin@demo.example';
  const ADMIN = 'admin@demo.example';

  test('shows the open article to an admin, who breaks the lock; after a review the next free article opens', async () => {
    const a = await signedIn(APV);
    const admin = await signedIn(ADMIN);
    const aQueue = new ReviewPage(a, server.baseUrl);
    const adminQueue = new ReviewPage(admin, server.baseUrl);
    await gotoLive(admin, '/review');
    await adminQueue.waitForRows();
    await gotoLive(a, '/review');
    await aQueue.waitForRows();

    const ids = await aQueue.articleIds();
    expect(ids.length).toBeGreaterThanOrEqual(3);
    const [first, second, third] = ids as [number, number, number];
    const lockTag = (page: Page, id: number) => page.getByTestId(`review-lock-${id}-tag`);

    const taken = a.waitForResponse(lockCall('articles', first, 'POST'));
    await aQueue.open(first);
    expect((await taken).status()).toBe(200);
    await expect(lockTag(admin, first)).toHaveCount(1);
    expect(await lockTag(admin, first).innerText()).toBe(`locked by ${APV}`);
    await adminQueue.article(first).click();
    await expect.poll(() => toasts(admin)).toContain(lockMessages.heldBy(APV));
    expect(await adminQueue.panel.isVisible()).toBe(false);
    await snap(admin, 'task-locks-queue-locked-for-admin');

    // The admin breaks it: A's next heartbeat is refused, A is told, and Done stays off.
    await admin.getByTestId(`review-lock-${first}-break`).click();
    await admin.getByTestId('break-lock-confirm-accept').click();
    await expect(lockTag(admin, first)).toHaveCount(0);
    const notice = a.getByTestId('review-lock-notice');
    await notice.waitFor();
    expect(await a.getByTestId('review-lock-notice-message').innerText()).toBe(lockMessages.lost);
    const rated = await aQueue.highlights.count();
    for (let n = 0; n < rated; n++) {
      await a.getByTestId(`review-highlight-${n}-apv-quality`).getByText('Good').click();
      await a.getByTestId(`review-highlight-${n}-tv-quality`).getByText('Yes').click();
    }
    await expect.poll(() => a.getByTestId(`review-highlight-${rated - 1}-state`).innerText()).toBe('Rated');
    expect(await aQueue.done.isDisabled()).toBe(true);
    await snap(a, 'task-locks-queue-lost');

    // Open again: A holds it anew, the notice goes and the rated form can be sent.
    const retaken = a.waitForResponse(lockCall('articles', first, 'POST'));
    await a.getByTestId('review-lock-notice-retry').click();
    expect((await retaken).status()).toBe(200);
    await notice.waitFor({ state: 'detached' });

    // The admin opens the second article meanwhile: after A's review the panel skips it to the third.
    const adminTook = admin.waitForResponse(lockCall('articles', second, 'POST'));
    await adminQueue.open(second);
    expect((await adminTook).status()).toBe(200);
    await expect(lockTag(a, second)).toHaveCount(1);

    await expect.poll(() => aQueue.done.isEnabled()).toBe(true);
    const submit = a.waitForRequest((r) => r.url().endsWith('/highlights/submit_feedback'));
    expect(await aQueue.submits(() => aQueue.done.click())).toBe(200);
    expect((await submit).headers()[LOCK_FENCE_HEADER]).toMatch(/^\d+$/);
    await expect.poll(() => a.getByTestId('review-panel-title').innerText()).not.toBe('');
    const titleOf = (id: number) => aQueue.article(id).innerText();
    await expect.poll(() => a.getByTestId('review-panel-title').innerText()).toBe(await titleOf(third));
    expect(await aQueue.panel.isVisible()).toBe(true);
    await expect(aQueue.article(first)).toHaveCount(0);
  });
});
