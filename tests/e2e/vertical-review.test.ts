// The vertical review modal as reviewer@demo.example: a highlight task's
// title and suggestions (capped by the numberOfAlgoSuggestions setting, labelled by source, the Active
// marker), the crop boxes drawn on the Konva stage over the video where the keyframe files put them at
// the frame on screen, while it plays too; the feedback rules (Approve only with quality good, the
// disabled-action message), approve and reject with their catalogue messages (the task leaves the list,
// the counts drop), the Alt shortcuts (off under the edit modal), Manual on a full video, and the 'Error'
// dialog of a task that left review behind the open modal (409).
import { expect, test } from './support/fixtures.ts';
import { VerticalReviewModal } from './support/pages/vertical-review-modal.ts';
import type { E2eServer } from './support/server.ts';
import { eq } from 'drizzle-orm';
import { schema } from '@hc/db/schema';
import { DEMO_PASSWORD } from '@hc/db/seed/accounts';
import { AUTH_HEADERS } from '@hc/shared/api/auth-headers';
import type { VerticalSuggestion, VerticalTask } from '@hc/shared/api/vertical';
import { verticalErrors } from '@hc/shared/api/vertical';
import { VERTICAL_BAD_QUALITY_REASONS } from '@hc/shared/constants';
import { messages, verticalApproved, verticalResultsScreen } from '@hc/shared/messages';
import { groupAtFrame, objectRectAt } from '@hc/shared/vertical/keyframe-file';
import type { KeyframeFile, Rect } from '@hc/shared/vertical/keyframe-file';
import { snap } from './support/browser.ts';

const EMAIL = 'reviewer@demo.example';
test.use({ e2e: { signedInAs: EMAIL } });

const HIGHLIGHT_LIST = '/highlights/live/vertical/review';
const FULL_VIDEO_LIST = '/vertical/review';
/** The spec's colours: selected blue, hovered yellow, others red. */
const BLUE = '#2563eb';
const YELLOW = '#facc15';
const RED = '#ef4444';
/** The setting the modal caps the suggestions by (the demo's is 3; this file runs with 2). */
const LIMIT = 2;

let headers: Record<string, string> = {};
async function api<T>(
  server: E2eServer,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T }> {
  const response = await fetch(`${server.baseUrl}/api/v1/editor/${path}`, {
    method,
    headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await response.json()) as { data: T };
  return { status: response.status, data: json.data };
}

interface Candidate {
  task: VerticalTask;
  suggestions: VerticalSuggestion[];
}
/** The demo's highlight tasks in review of the reviewer's own publisher, with their suggestions. */
let highlights: Candidate[] = [];
let fullVideo: VerticalTask;

test.beforeAll(async ({ server }) => {
  const login = await fetch(`${server.baseUrl}/api/v1/auth/editor/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: EMAIL, password: DEMO_PASSWORD }),
  });
  const { data } = (await login.json()) as { data: { email: string; token: string } };
  headers = { [AUTH_HEADERS.email]: data.email, [AUTH_HEADERS.token]: data.token };
  await server.database.handle.db
    .update(schema.settings)
    .set({ value: String(LIMIT) })
    .where(eq(schema.settings.key, 'numberOfAlgoSuggestions'));

  const list = await api<{ tasks: VerticalTask[] }>(
    server,
    'GET',
    'vertical_tasks?status=review&content_type=highlight&per=50',
  );
  highlights = await Promise.all(
    list.data.tasks.map(async (task) => ({
      task,
      suggestions: (
        await api<VerticalSuggestion[]>(
          server,
          'GET',
          `vertical_task_details?video_id=${task.video_id}&status=review&content_type=highlight`,
        )
      ).data,
    })),
  );
  expect(highlights.length).toBeGreaterThanOrEqual(4);
  const full = await api<{ tasks: VerticalTask[] }>(
    server,
    'GET',
    'vertical_tasks?status=review&content_type=full_video&per=5',
  );
  fullVideo = full.data.tasks[0]!;
});

/** Takes a demo task for one test (each action test needs its own). */
function takeTask(accept: (c: Candidate) => boolean = () => true): Candidate {
  const index = highlights.findIndex(accept);
  expect(index).toBeGreaterThanOrEqual(0);
  return highlights.splice(index, 1)[0]!;
}

/** What the Konva stage over the video draws: its size, the video's box, and every crop box. */
function stageState(review: VerticalReviewModal) {
  return review.stage.evaluate((frameBox) => {
    const konva = (window as unknown as { Konva: { stages: KonvaStage[] } }).Konva;
    interface KonvaNode {
      attrs: { suggestionId: number; role: string };
      x(): number;
      y(): number;
      width(): number;
      height(): number;
      stroke(): string;
    }
    interface KonvaStage {
      container(): HTMLElement;
      width(): number;
      height(): number;
      find(selector: string): KonvaNode[];
    }
    const stage = konva.stages.find((st) => frameBox.contains(st.container()))!;
    const video = frameBox.querySelector('video')!.getBoundingClientRect();
    const canvas = frameBox.querySelector('canvas')!.getBoundingClientRect();
    return {
      frame: Number(frameBox.getAttribute('data-frame')),
      stage: { width: stage.width(), height: stage.height() },
      video: { x: video.x, y: video.y, width: video.width, height: video.height },
      canvas: { x: canvas.x, y: canvas.y, width: canvas.width, height: canvas.height },
      boxes: stage.find('.crop-box').map((n) => ({
        suggestionId: n.attrs.suggestionId,
        role: n.attrs.role,
        stroke: n.stroke(),
        rect: { x: n.x(), y: n.y(), width: n.width(), height: n.height() },
      })),
    };
  });
}

/** Where a keyframe file puts its first object at a frame, on a stage of that size. */
function expectedBox(file: KeyframeFile, frame: number, stage: { width: number; height: number }): Rect {
  const object = groupAtFrame(file, frame)!.objects[0]!;
  const r = objectRectAt(object, frame, { width: file.input_width, height: file.input_height });
  const sx = stage.width / file.input_width;
  const sy = stage.height / file.input_height;
  return { x: r.x * sx, y: r.y * sy, width: r.width * sx, height: r.height * sy };
}

function expectClose(actual: Rect, expected: Rect) {
  for (const k of ['x', 'y', 'width', 'height'] as const) expect(actual[k]).toBeCloseTo(expected[k], 0);
}

test.describe('Vertical review modal', () => {
  test('shows the task, its capped suggestions, and crop boxes on the video that follow the frames', async ({
    page,
    server,
  }) => {
    const { task, suggestions } = takeTask((c) => c.suggestions.length > LIMIT);
    const review = new VerticalReviewModal(page, server.baseUrl);
    await review.open(HIGHLIGHT_LIST, task.video_id);

    expect(await review.title.innerText()).toBe(task.title);
    const subtitle = await review.subtitle.innerText();
    for (const part of [task.publisher_name, String(task.video_id), task.external_program_id!])
      expect(subtitle).toContain(part);

    // Capped by the setting, newest first, never without the active one; labelled by source, the active
    // one marked.
    const active = suggestions.find((x) => x.active)!;
    const newest = suggestions.slice(0, LIMIT);
    const shown = newest.includes(active) ? newest : [...suggestions.slice(0, LIMIT - 1), active];
    const items = review.suggestions;
    expect(await items.count()).toBe(LIMIT);
    const label = (source: number) =>
      source === 2 ? 'Manual Suggestion' : source === 4 ? 'Timed out Suggestion' : 'Algo Suggestion';
    for (const [i, suggestion] of shown.entries()) {
      const item = items.nth(i);
      expect(await item.getAttribute('data-content-id')).toBe(String(suggestion.vertical_content_id));
      expect(await item.getByTestId('vertical-suggestion-label').innerText()).toBe(label(suggestion.source));
      expect(await item.getByTestId('vertical-suggestion-active').count()).toBe(suggestion.active ? 1 : 0);
    }
    // No Manual for a highlight.
    expect(await review.action('Manual').count()).toBe(0);

    // The active one is selected first; select the other: it is pressed, and the player shows its first
    // frame with its box in blue.
    const at = shown.findIndex((x) => !x.active);
    const chosen = shown[at]!;
    const other = shown[1 - at]!;
    expect(await items.nth(1 - at).getAttribute('aria-pressed')).toBe('true');
    await items.nth(at).click();
    expect(await items.nth(at).getAttribute('aria-pressed')).toBe('true');
    expect(await items.nth(1 - at).getAttribute('aria-pressed')).toBe('false');
    const file = chosen.keyframe_json_file!;
    const startFrame = Math.round(chosen.start_time * file.fps);
    await expect.poll(async () => (await stageState(review)).frame).toBe(startFrame);
    const atStart = await stageState(review);
    // The stage lies exactly over the video: no letterbox between picture and boxes.
    expect(atStart.canvas).toEqual(atStart.video);
    expect(atStart.stage.width).toBeCloseTo(atStart.video.width, 0);
    expect(atStart.stage.height).toBeCloseTo(atStart.video.height, 0);
    const blueAtStart = atStart.boxes.filter((b) => b.stroke === BLUE);
    expect(blueAtStart.map((b) => b.suggestionId)).toEqual([chosen.vertical_content_id]);
    expectClose(blueAtStart[0]!.rect, expectedBox(file, atStart.frame, atStart.stage));
    for (const other of atStart.boxes.filter((b) => b.suggestionId !== chosen.vertical_content_id))
      expect(other.stroke).toBe(RED);
    await snap(page, 'vertical-review-start');

    // Play about a second, pause: a later frame, and the box where the file puts it then.
    await review.playPause.click();
    await expect
      .poll(async () => (await stageState(review)).frame, { timeout: 10_000 })
      .toBeGreaterThan(startFrame + 15);
    await review.playPause.click();
    const later = await stageState(review);
    const blueLater = later.boxes.find((b) => b.stroke === BLUE)!;
    expectClose(blueLater.rect, expectedBox(file, later.frame, later.stage));
    expect(blueLater.rect).not.toEqual(blueAtStart[0]!.rect);
    await snap(page, 'vertical-review-later');

    // Hovering the other suggestion in the list paints its box yellow (at a frame where both have one).
    const drawn = (f: KeyframeFile, frame: number) => (groupAtFrame(f, frame)?.objects.length ?? 0) > 0;
    const both = Array.from({ length: 2000 }, (_, f) => f).find(
      (f) => drawn(file, f) && drawn(other.keyframe_json_file!, f),
    );
    expect(both).toBeDefined();
    await review.video.evaluate((v: HTMLVideoElement, t) => (v.currentTime = t), (both! + 0.5) / file.fps);
    await expect.poll(async () => (await stageState(review)).frame).toBe(both);
    await items.nth(1 - at).hover();
    await expect
      .poll(async () =>
        (await stageState(review)).boxes
          .map((b) => [b.suggestionId, b.stroke])
          .sort((x, y) => Number(x[0]) - Number(y[0])),
      )
      .toEqual(
        [
          [other.vertical_content_id, YELLOW],
          [chosen.vertical_content_id, BLUE],
        ].sort((x, y) => Number(x[0]) - Number(y[0])),
      );
    await snap(page, 'vertical-review-hover');
  });

  test('approves only a suggestion rated good; the task leaves the list and the counts drop', async ({
    page,
    server,
  }) => {
    const { task } = takeTask();
    const review = new VerticalReviewModal(page, server.baseUrl);
    await review.open(HIGHLIGHT_LIST, task.video_id);
    const badge = page.getByTestId('pending-badge');
    const count = page.getByTestId('vertical-count');
    const number = async (l: typeof badge) => Number((await l.innerText()).replace(/\D+/g, ''));
    const [badgeBefore, countBefore] = [await number(badge), await number(count)];

    let approveCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('vertical_video/approve')) approveCalls += 1;
    });
    const approve = review.action('Approve');
    expect(await approve.isDisabled()).toBe(true);
    // A click on the disabled action, and Alt+D, only say what is missing.
    await approve.locator('..').click({ force: true });
    const refusal = review.feedbackRequired;
    expect(await refusal.innerText()).toBe(messages.verticalFeedbackRequired);
    await page.keyboard.press('Alt+KeyD');
    // A reason is bad quality: Approve stays disabled.
    await review.reasons.first().click();
    expect(await approve.isDisabled()).toBe(true);
    await page.waitForTimeout(300);
    expect(approveCalls).toBe(0);

    // Good quality clears the reason and enables Approve.
    await review.good.click();
    await expect(approve).toBeEnabled();
    expect(await review.checkedReasons.count()).toBe(0);
    // Alt+D approves now (the 409 test below clicks the button).
    const answered = page.waitForResponse((r) => r.url().includes('vertical_video/approve'));
    await page.keyboard.press('Alt+KeyD');
    expect((await answered).status()).toBe(202);
    await expect
      .poll(() => review.toasts.allInnerTexts())
      .toContain(verticalApproved(task.video_id, verticalResultsScreen(task.content_type)));
    // The vertical tool's success toasts sit bottom-left.
    const toast = await page.locator('.p-toast-bottom-left').getByTestId('toast-text').boundingBox();
    const viewport = page.viewportSize()!;
    expect(toast!.x).toBeLessThan(viewport.width / 2);
    expect(toast!.y).toBeGreaterThan(viewport.height / 2);
    await review.render.waitFor();
    await snap(page, 'vertical-review-approved');

    await review.action('Close').click();
    await expect(review.row(task.video_id)).toHaveCount(0);
    await expect.poll(() => number(count)).toBe(countBefore - 1);
    await expect.poll(() => number(badge)).toBe(badgeBefore - 1);
  });

  test('rejects with reasons by Alt+R; Alt+M asks before the edit modal, under which the shortcuts are off', async ({
    page,
    server,
  }) => {
    const { task } = takeTask();
    const review = new VerticalReviewModal(page, server.baseUrl);
    await review.open(HIGHLIGHT_LIST, task.video_id);
    let rejectCalls = 0;
    page.on('request', (r) => {
      if (r.url().includes('vertical_video/reject')) rejectCalls += 1;
    });

    // Without a reason Alt+R and Alt+M only say what is missing.
    await page.keyboard.press('Alt+KeyR');
    await review.feedbackRequired.waitFor();
    await page.keyboard.press('Alt+KeyM');
    expect(await review.confirm.count()).toBe(0);

    const reasons = [VERTICAL_BAD_QUALITY_REASONS[1], VERTICAL_BAD_QUALITY_REASONS[4]];
    for (const reason of [...reasons].reverse()) await review.reason(reason!).click();
    await expect(review.feedbackRequired).toHaveCount(0);

    // Alt+M: the notice; Cancel goes back; Confirm opens the edit modal (Edit Algo Suggestion).
    await page.keyboard.press('Alt+KeyM');
    const confirm = review.confirm;
    await confirm.waitFor();
    expect(await review.confirmMessage.innerText()).toBe(messages.verticalModifyNotice);
    await review.confirmCancel.click();
    await confirm.waitFor({ state: 'detached' });
    await page.keyboard.press('Alt+KeyM');
    await review.confirmAccept.click();
    const editor = page.getByTestId('edit-modal');
    await editor.waitFor();
    expect(await page.getByTestId('edit-modal-title').innerText()).toContain('Edit Algo Suggestion');
    await page.keyboard.press('Alt+KeyR');
    await page.waitForTimeout(300);
    expect(rejectCalls).toBe(0);
    await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
    await editor.waitFor({ state: 'detached' });

    const sent = page.waitForRequest((r) => r.url().includes('vertical_video/reject'));
    await page.keyboard.press('Alt+KeyR');
    expect((await sent).postDataJSON()).toEqual({
      video_id: task.video_id,
      reason: reasons,
      content_type: 'highlight',
    });
    await expect.poll(() => review.toasts.allInnerTexts()).toContain(messages.verticalRejected);
    await review.root.waitFor({ state: 'detached' });
    await expect(review.row(task.video_id)).toHaveCount(0);
  });

  test('shows the Error dialog when the task left review behind the open modal', async ({ page, server }) => {
    const { task } = takeTask();
    const review = new VerticalReviewModal(page, server.baseUrl);
    await review.open(HIGHLIGHT_LIST, task.video_id);
    // The modal holds the task's lock, so no other reviewer can act on it: the task is moved on in the
    // database itself (as a write that landed just before the lease was taken would have).
    await server.database.handle.db
      .update(schema.verticalTasks)
      .set({ status: 'rejected' })
      .where(eq(schema.verticalTasks.videoId, task.video_id));

    await review.good.click();
    const answered = page.waitForResponse((r) => r.url().includes('vertical_video/approve'));
    await review.action('Approve').click();
    expect((await answered).status()).toBe(409);
    const dialog = review.errorDialog;
    await dialog.waitFor();
    expect(await dialog.locator('.p-dialog-title').innerText()).toBe(messages.verticalErrorTitle);
    expect(await review.errorMessage.innerText()).toBe(verticalErrors.notInReview(task.video_id, 'rejected'));
    // Loading is off again: the actions are back.
    expect(await review.action('Approve').isEnabled()).toBe(true);
    await snap(page, 'vertical-review-error');
    await review.errorOk.click();
    await dialog.waitFor({ state: 'hidden' });
    // The list asked again: the task handled elsewhere has left it.
    await expect(review.row(task.video_id)).toHaveCount(0);
  });

  test('offers Manual on a full video, which asks "Are you sure?" and opens Manual Creation', async ({
    page,
    server,
  }) => {
    const review = new VerticalReviewModal(page, server.baseUrl);
    await review.open(FULL_VIDEO_LIST, fullVideo.video_id);
    const manual = review.action('Manual');
    expect(await manual.isDisabled()).toBe(true);
    await review.reasons.first().click();
    await manual.click();
    expect(await review.confirmMessage.innerText()).toBe(messages.areYouSure);
    await review.confirmAccept.click();
    await page.getByTestId('edit-modal').waitFor();
    expect(await page.getByTestId('edit-modal-title').innerText()).toContain('Manual Creation');
  });
});
