// The edit modal and frame editor of the vertical tool as reviewer@demo.example: a highlight task's review
// modal, a reason, Modify → Confirm; the time range refused under 5 s and over 12 s (the message in red,
// 'Save start and end time' and Generate disabled) and a valid one saved with Shift+Enter; a group split at
// the playhead, an object added, its box dragged on the Konva canvas with the mouse (a manual keyframe), a
// keyframe moved on the timeline and the move undone; Generate sends vertical_video/update (the range still
// overlaps the suggestion's: 'modify'), answered 202; the edit log reached the server and the task left
// review. The real render completes (its job polled by the editor and asked of the API), and the task is
// in Vertical View under its program: the drawer's 'Vertical result' loads in Chromium at the keyframe
// file's 9:16 size, lasts the trimmed range and plays. A range moved past the suggestion's stretches the
// groups over it and is sent as vertical_video/create ('manual').
import { expect, test } from './support/fixtures.ts';
import { VerticalFrameEditor } from './support/pages/vertical-frame-editor.ts';
import { VerticalReviewModal } from './support/pages/vertical-review-modal.ts';
import type { E2eServer } from './support/server.ts';
import type { Locator, Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import { MP4_SUFFIX } from '@hc/shared/constants';
import { messages, verticalCreated } from '@hc/shared/messages';
import type { RenderJobStatus } from '@hc/shared/api/vertical';
import type { KeyframeFile } from '@hc/shared/vertical/keyframe-file';
import { PLAYER_MAX_OBJECTS_SETTING } from '@hc/shared/vertical/frame-editor';
import { EDITOR_SHORTCUTS, REVIEW_SHORTCUTS } from '../../apps/web/src/features/vertical/shortcuts.ts';
import { snap } from './support/browser.ts';
import { buildVerticalTask, makeSourceVideo } from '../support/vertical-factories.ts';

test.use({ e2e: { signedInAs: 'reviewer@demo.example' } });

/** The demo's sources last at most 12 s: this test's task is a real 20 s source (24 fps), its active
 * suggestion from 2 s to 10 s (frames 48-239, one group), so a range over 12 s can be chosen. */
let VIDEO_ID: number;
/** programs.id of VIDEO_ID. */
let PROGRAM_ID: number;
/** A second task of the same source, for a range moved off the suggestion's (a manual creation). */
let MOVED_ID: number;
test.beforeAll(async ({ server }) => {
  const { db } = server.database.handle;
  await makeSourceVideo(server.mediaDir);
  const [reviewers] = await db
    .select({
      publisherId: schema.verticalTasks.publisherId,
      programId: schema.verticalTasks.programId,
      channel: schema.verticalTasks.channel,
      externalProgramId: schema.verticalTasks.externalProgramId,
    })
    .from(schema.verticalTasks)
    .where(eq(schema.verticalTasks.videoId, 7300056)); // a demo highlight reviewer@ reviews
  // In that highlight's program, so that once rendered it is listed under the program in Vertical View.
  PROGRAM_ID = reviewers!.programId!;
  let suggestionIds: number[];
  ({ videoId: VIDEO_ID, suggestionIds } = await buildVerticalTask(db, {
    ...reviewers!,
    title: 'Editor e2e: a 20 s highlight',
  }));
  // An older file's box: 80x142 of a 180 px tall source is a crop the render would enlarge 13.5x, where
  // the full height (10.7x) is the least it can be. The editor warns, and the reviewer resizes it.
  const [suggestion] = await db
    .select({ keyframeFileId: schema.verticalSuggestions.keyframeFileId })
    .from(schema.verticalSuggestions)
    .where(eq(schema.verticalSuggestions.id, suggestionIds[0]!));
  const [stored] = await db
    .select({ data: schema.keyframeFiles.data })
    .from(schema.keyframeFiles)
    .where(eq(schema.keyframeFiles.id, suggestion!.keyframeFileId!));
  const small = stored!.data;
  small.groups[0]!.objects[0]!.rect = [100, 0, 80, 142];
  await db
    .update(schema.keyframeFiles)
    .set({ data: small })
    .where(eq(schema.keyframeFiles.id, suggestion!.keyframeFileId!));
  ({ videoId: MOVED_ID } = await buildVerticalTask(db, {
    publisherId: reviewers!.publisherId,
    title: 'Editor e2e: a range moved on',
  }));
  // The player of this publisher lets a group follow two objects (the default is three).
  await db.insert(schema.settings).values({
    publisherId: reviewers!.publisherId,
    key: PLAYER_MAX_OBJECTS_SETTING,
    value: '2',
  });
});

/** How long the test waits for the real render (10-20 s on this machine, more when it is loaded). */
const RENDER_MS = 90_000;

const numberAttr = async (locator: Locator, name: string) => Number(await locator.getAttribute(name));

/** Opens a task's review modal, gives a reason and goes through Modify → Confirm to the editor. */
async function openEditor(server: E2eServer, page: Page, videoId: number): Promise<VerticalFrameEditor> {
  const review = new VerticalReviewModal(page, server.baseUrl);
  await page.goto(`${server.baseUrl}/highlights/live/vertical/review`);
  await review.row(videoId).click();
  await review.reasons.first().click();
  await review.action('Modify').click();
  await expect(review.confirmMessage).toHaveText(messages.verticalModifyNotice);
  await review.confirmAccept.click();
  const editor = new VerticalFrameEditor(page);
  await editor.root.waitFor();
  return editor;
}

/** Waits for a video's metadata (or its error) and gives its size and duration. */
function playable(video: Locator) {
  return video.evaluate(
    (el) =>
      new Promise<{ width: number; height: number; duration: number }>((resolve, reject) => {
        const player = el as HTMLVideoElement;
        const facts = () =>
          resolve({ width: player.videoWidth, height: player.videoHeight, duration: player.duration });
        if (player.readyState >= HTMLMediaElement.HAVE_METADATA) return facts();
        player.addEventListener('loadedmetadata', facts, { once: true });
        player.addEventListener('error', () => reject(new Error(`video error: ${player.error?.message}`)));
        setTimeout(() => reject(new Error('no loadedmetadata within 15 s')), 15_000);
      }),
  );
}

async function taskStatus(db: Db, videoId: number) {
  const [task] = await db
    .select({ status: schema.verticalTasks.status })
    .from(schema.verticalTasks)
    .where(eq(schema.verticalTasks.videoId, videoId));
  return task?.status;
}

test.describe('Vertical edit modal', () => {
  test('checks the time range, edits the frames and generates a modified vertical', async ({
    page,
    server,
  }) => {
    test.setTimeout(120_000);
    const { db } = server.database.handle;
    const editor = await openEditor(server, page, VIDEO_ID);
    expect(await editor.title.innerText()).toContain('Edit Algo Suggestion');
    // Starts at the suggestion's first frame (2 s at 24 fps).
    await expect(editor.frameNumber).toHaveText('48');

    // --- the time range: under 5 s and over 12 s are refused, in red, with both buttons disabled
    const save = editor.saveRange;
    const generate = editor.generate;
    const error = editor.rangeError;
    await editor.changeRange.click();
    await editor.typeSeconds('end', '4.5');
    await expect.poll(() => error.innerText()).toBe(messages.selectedTimeTooShort);
    const [red, green] = (await error.evaluate((el) => getComputedStyle(el).color))
      .match(/\d+/g)!
      .map(Number);
    expect(red).toBeGreaterThan(150);
    expect(green).toBeLessThan(80);
    expect(await save.isDisabled()).toBe(true);
    expect(await generate.isDisabled()).toBe(true);
    await snap(page, 'vertical-editor-range-short');

    await editor.typeSeconds('start', '1');
    await editor.typeSeconds('end', '13.5');
    await expect.poll(() => error.innerText()).toBe(messages.selectedTimeTooLong);
    expect(await save.isDisabled()).toBe(true);
    expect(await generate.isDisabled()).toBe(true);

    // A valid range (still overlapping the suggestion's) is saved with Shift+Enter from the field.
    await editor.typeSeconds('start', '3');
    await editor.typeSeconds('end', '9');
    await expect(error).toHaveCount(0);
    expect(await save.isDisabled()).toBe(false);
    await page.keyboard.press('Shift+Enter');
    await expect.poll(() => editor.rangeValue.innerText()).toMatch(/0:03\.00\s*0:09\.00/);
    expect(await generate.isDisabled()).toBe(false);

    // --- the older box is too small: a warning, the stretch marked on the timeline, the preview's factor red
    await expect(editor.frameNumber).toHaveText('72');
    const warning = page.getByTestId('fe-upscale-warning');
    await warning.waitFor();
    expect(await warning.innerText()).toContain('under 180 px tall');
    expect(await page.getByTestId('fe-undersized').count()).toBe(1);
    expect(await page.getByTestId('fe-preview-upscale').innerText()).toMatch(/^13\.\d×$/);
    // The live preview draws the window the render will crop at this frame (the canvas's own crop).
    const frameEl = editor.frame;
    await expect
      .poll(() => page.getByTestId('fe-preview-canvas').getAttribute('data-crop'))
      .toBe(await frameEl.getAttribute('data-crop'));
    await snap(page, 'vertical-editor-too-small');

    // Its bottom-right handle dragged outwards: the box grows, kept 9:16, to the full height.
    const first = editor.objects.first();
    const scale0 = await numberAttr(frameEl, 'data-scale');
    const stage0 = (await frameEl.boundingBox())!;
    const corner = {
      x: stage0.x + ((await numberAttr(first, 'data-x')) + (await numberAttr(first, 'data-width'))) * scale0,
      y: stage0.y + ((await numberAttr(first, 'data-y')) + (await numberAttr(first, 'data-height'))) * scale0,
    };
    await page.mouse.move(corner.x, corner.y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i += 1) await page.mouse.move(corner.x + 3 * i, corner.y + 6 * i);
    await page.mouse.up();
    await expect(warning).toHaveCount(0);
    expect([await numberAttr(first, 'data-width'), await numberAttr(first, 'data-height')]).toEqual([
      101, 180,
    ]);
    expect(await page.getByTestId('fe-undersized').count()).toBe(0);
    expect(await page.getByTestId('fe-preview-upscale').innerText()).toBe('10.7×');

    // The preview shows real pixels of the video (the test pattern), not an empty canvas.
    const lit = await page.getByTestId('fe-preview-canvas').evaluate((el) => {
      const canvas = el as HTMLCanvasElement;
      const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
      let sum = 0;
      for (let i = 0; i < data.length; i += 4) sum += data[i]! + data[i + 1]! + data[i + 2]!;
      return sum / (data.length / 4) / 3;
    });
    expect(lit).toBeGreaterThan(30);

    // --- safe areas: O cycles off → TikTok (its three zones over the preview) → Reels → Shorts → off
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('o');
    await expect(page.getByTestId('fe-safe-zone')).toHaveCount(3);
    await snap(page, 'vertical-editor-safe-area');
    for (let i = 0; i < 3; i += 1) await page.keyboard.press('o');
    await expect(page.getByTestId('fe-safe-zone')).toHaveCount(0);

    // --- ? lists every key of the tool
    await page.keyboard.press('Shift+Slash');
    const help = page.getByTestId('fe-help');
    await help.waitFor();
    expect(await page.getByTestId('fe-help-key').count()).toBe(
      EDITOR_SHORTCUTS.length + REVIEW_SHORTCUTS.length,
    );
    expect(await help.innerText()).toContain('Apply the suggestion to this shot');
    await snap(page, 'vertical-editor-shortcuts');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });

    // --- split the group at the playhead: the new group starts one frame later
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    for (let i = 0; i < 12; i += 1) await page.keyboard.press('ArrowRight');
    await expect(editor.frameNumber).toHaveText('84');
    const groupsBefore = await editor.groups.count();
    await editor.split.click();
    await expect.poll(() => editor.groups.count()).toBe(groupsBefore + 1);
    expect(await page.locator('[data-testid="fe-group"][data-start-frame="85"]').count()).toBe(1);
    expect(await page.locator('[data-testid="fe-group"][data-end-frame="84"]').count()).toBe(1);
    // At the playhead the group now ends: a split there would be on its boundary.
    expect(await editor.split.isDisabled()).toBe(true);

    // --- add an object: centred, the smallest box the render takes (here the full height), spanning the group
    const objects = editor.objects;
    const objectsBefore = await objects.count();
    await editor.addFrame.click();
    await expect(objects).toHaveCount(objectsBefore + 1);
    // The group now holds as many objects as the player's setting allows: Add Frame is gone.
    expect(objectsBefore + 1).toBe(2);
    expect(await page.getByTestId('fe-object-count').innerText()).toBe('2 / 2');
    expect(await editor.addFrame.count()).toBe(0);

    // --- deleting an object asks first: Keep (or Escape) keeps it, Delete removes it and Add Frame is back
    const trash = page.getByTestId('fe-delete-object').last();
    const confirm = page.getByTestId('fe-delete-object-confirm');
    await trash.click();
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain('Delete object #');
    await snap(page, 'vertical-editor-delete-confirm');
    await confirm.getByRole('button', { name: 'Keep' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await objects.count()).toBe(2);
    await trash.click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(objects).toHaveCount(1);
    // The toast says so with an Undo that brings the object back.
    const undoToast = page.getByTestId('toast-undo');
    await undoToast.waitFor();
    await snap(page, 'vertical-editor-delete-undo-toast');
    await undoToast.click();
    await expect(objects).toHaveCount(2);
    expect(await editor.addFrame.count()).toBe(0);
    const added = objects.last();
    expect(await numberAttr(added, 'data-width')).toBe(101);
    expect(await numberAttr(added, 'data-height')).toBe(180);
    // Hidden with its eye button, shown again.
    await page.getByTestId('fe-toggle-object').last().click();
    expect(await added.innerText()).toContain('hidden');
    await page.getByTestId('fe-toggle-object').last().click();
    expect(await added.innerText()).not.toContain('hidden');
    await added.locator('.hc-fe-object__select').click();
    const x0 = await numberAttr(added, 'data-x');
    const y0 = await numberAttr(added, 'data-y');
    await snap(page, 'vertical-editor-added-object');

    // --- drag its box on the canvas: a manual keyframe at the playhead, where the mouse let go
    const frameBox = (await editor.frame.boundingBox())!;
    const scale = await numberAttr(editor.frame, 'data-scale');
    const from = { x: frameBox.x + (x0 + 50) * scale, y: frameBox.y + (y0 + 90) * scale };
    // Sideways only: the box is the full height.
    const by = { x: 150, y: 0 };
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= 10; i += 1)
      await page.mouse.move(from.x + (by.x * i) / 10, from.y + (by.y * i) / 10);
    await page.mouse.up();
    await expect
      .poll(async () => Math.abs((await numberAttr(added, 'data-x')) - (x0 + by.x / scale)))
      .toBeLessThan(2);
    expect(Math.abs((await numberAttr(added, 'data-y')) - (y0 + by.y / scale))).toBeLessThan(2);
    expect(await page.getByTestId('fe-keyframe-status').innerText()).toContain('manual keyframe here');
    // The reviewer's path now parts from the suggestion's: marked on the path lane.
    await expect.poll(() => page.getByTestId('fe-path-difference').count()).toBeGreaterThan(0);
    await snap(page, 'vertical-editor-dragged');

    // --- [ and ] jump between the selected object's keyframes; ↓ and ↑ between shots
    const frameNumber = () => editor.frameNumber.innerText();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('BracketLeft');
    await expect.poll(frameNumber).toBe('48');
    await page.keyboard.press('BracketRight');
    await expect.poll(frameNumber).toBe('84');
    await page.keyboard.press('ArrowDown');
    await expect.poll(frameNumber).toBe('85');
    await page.keyboard.press('ArrowUp');
    await expect.poll(frameNumber).toBe('48');
    await page.keyboard.press('BracketRight');
    await expect.poll(frameNumber).toBe('84');

    // --- smoothing: the slider's arrows, half a second either side; the render follows it
    await page.locator('#fe-smoothing .p-slider-handle').focus();
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByTestId('fe-smoothing-value').innerText()).toBe('smoothing ±0.5 s');
    // The arrows moved the slider, not the playhead.
    expect(await frameNumber()).toBe('84');

    // --- move the selected object's keyframe along the timeline (mouse drag on its mark)
    const objectId = Number(await added.getAttribute('data-object-id'));
    const mark = page.locator(`[data-testid="fe-keyframe"][data-object-id="${objectId}"][data-frame="84"]`);
    // The editor's side panel is taller than the viewer now: the timeline may be below the fold.
    await mark.scrollIntoViewIfNeeded();
    const markBox = (await mark.boundingBox())!;
    const track = (await page.getByTestId('fe-timeline-track').boundingBox())!;
    const frameWidth =
      track.width / (await numberAttr(page.getByTestId('fe-timeline-track'), 'data-frame-count'));
    await page.mouse.move(markBox.x + markBox.width / 2, markBox.y + markBox.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 5; i += 1)
      await page.mouse.move(markBox.x + markBox.width / 2 - frameWidth * i, markBox.y + markBox.height / 2);
    await page.mouse.up();
    await expect
      .poll(() =>
        page.locator(`[data-testid="fe-keyframe"][data-object-id="${objectId}"][data-frame="79"]`).count(),
      )
      .toBe(1);

    // --- Undo steps back over the move: the keyframe is at the playhead again
    await editor.undo.click();
    await expect
      .poll(() =>
        page.locator(`[data-testid="fe-keyframe"][data-object-id="${objectId}"][data-frame="84"]`).count(),
      )
      .toBe(1);

    // --- Generate: the range overlaps the suggestion's, so it is a modify (vertical_video/update), 202
    const written = page.waitForResponse((r) => r.url().includes('/api/v1/editor/vertical_video/'));
    // The editor's own poll of the render job, once it answers 'completed' (the render may be that quick;
    // a poll the page aborted has no body to read).
    const renderDone = page.waitForResponse(
      (r) =>
        r.url().includes('/api/v1/editor/vertical_video/render_jobs/') &&
        r.json().then(
          (body: { data?: RenderJobStatus }) => body.data?.state === 'completed',
          () => false,
        ),
      { timeout: RENDER_MS },
    );
    // The task's details, asked again after the write, are answered only once the render has made the task
    // ready (409 then), as on a quick render: the review modal must still follow the render.
    await page.route('**/api/v1/editor/vertical_task_details?**', async (route) => {
      await expect.poll(() => taskStatus(db, VIDEO_ID), { timeout: RENDER_MS }).toBe('ready');
      await route.continue();
    });
    await generate.click();
    const response = await written;
    expect(new URL(response.url()).pathname).toBe('/api/v1/editor/vertical_video/update');
    expect(response.status()).toBe(202);
    const body = response.request().postDataJSON() as {
      start_time: number;
      end_time: number;
      reason: string[];
    };
    expect([body.start_time, body.end_time]).toEqual([3, 9]);
    expect(body.reason.length).toBeGreaterThan(0);
    // The file sent is the edited one: the added object with its manual keyframe at frame 84.
    const sent = (response.request().postDataJSON() as { keyframe: KeyframeFile }).keyframe;
    const sentObject = sent.groups.flatMap((g) => g.objects).find((o) => o.object_id === objectId);
    expect(sentObject?.keyframes.find((k) => k.frame === 84)?.status).toBe('manual');
    expect(sent.smoothing_seconds).toBe(0.5);
    // The box made bigger by its handle is sent at its new size.
    expect(sent.groups[0]!.objects[0]!.rect.slice(2)).toEqual([101, 180]);
    expect(sent.groups.length).toBe(groupsBefore + 1);

    const render = page.getByTestId('fe-render');
    await render.waitFor();
    // A highlight's MP4 is listed under APV Highlights > Vertical View, and the message says so.
    expect(await render.innerText()).toContain(verticalCreated('Vertical View'));
    // Shown at the top of the editor, in view, and the editor is locked from then on.
    expect(await render.isVisible()).toBe(true);
    expect((await render.boundingBox())!.y).toBeLessThan(200);
    expect(await editor.undo.isDisabled()).toBe(true);
    expect(await generate.count()).toBe(0);
    await snap(page, 'vertical-editor-generated');

    // The edit log reached the server, one entry per change, in order.
    const logged = () =>
      db
        .select({
          action: schema.editLog.action,
          groupId: schema.editLog.groupId,
          frame: schema.editLog.frame,
        })
        .from(schema.editLog)
        .where(eq(schema.editLog.verticalVideoId, VIDEO_ID))
        .orderBy(schema.editLog.id);
    await expect
      .poll(async () => (await logged()).map((e) => e.action))
      .toEqual([
        'RESIZE_OBJECT',
        'CREATE_KEYFRAME',
        'MODIFY_KEYFRAME',
        'GROUP_SPLIT',
        'CREATE_OBJECT',
        'DELETE_OBJECT',
        'UNDO',
        'CREATE_KEYFRAME',
        'MODIFY_KEYFRAME',
        'MOVE_KEYFRAME',
        'UNDO',
      ]);

    // The task left review: its render is queued (or already done by the worker).
    const [task] = await db
      .select({ status: schema.verticalTasks.status, renderState: schema.verticalTasks.renderState })
      .from(schema.verticalTasks)
      .where(eq(schema.verticalTasks.videoId, VIDEO_ID));
    expect(task!.renderState === 'queued' || task!.status === 'ready').toBe(true);

    // --- the render runs on the real workers (ffmpeg, 10-20 s here): the editor follows its job to the end
    const { job_id: jobId } = ((await response.json()) as { data: { job_id: string } }).data;
    const done = await renderDone;
    expect(new URL(done.url()).pathname).toBe(
      `/api/v1/editor/vertical_video/render_jobs/${encodeURIComponent(jobId)}`,
    );
    const { data: finished } = (await done.json()) as { data: RenderJobStatus };
    expect(finished.video_url).not.toBeNull();
    await expect(render.getByTestId('vertical-render')).toHaveAttribute('data-state', 'done');
    const renderedMp4 = (await render.getByTestId('vertical-render-video').getAttribute('href'))!;
    expect(renderedMp4).toBe(`${finished.video_url}${MP4_SUFFIX}`);

    // Closing the editor leaves the review modal following the render; the list no longer has the task.
    await editor.cancel.click();
    await editor.root.waitFor({ state: 'detached' });
    const modalRender = page.getByTestId('vertical-render');
    await modalRender.waitFor();
    expect(await modalRender.getAttribute('data-state')).toBe('done');
    await snap(page, 'vertical-review-render-followed');
    await page.getByTestId('vertical-close').click();
    await expect(page.getByTestId(`vertical-task-${VIDEO_ID}`)).toHaveCount(0);

    // --- Vertical View: the task's program on RESULTS, its row, and the 'Vertical result' in the drawer
    await page.goto(`${server.baseUrl}/highlights/live/vertical/view`);
    await page.getByTestId(`vertical-program-${PROGRAM_ID}`).click();
    expect(new URL(page.url()).pathname).toBe(`/highlights/live/vertical/view/program/${PROGRAM_ID}/0`);
    await page.getByTestId(`vertical-task-${VIDEO_ID}`).click();
    await page.getByTestId('vertical-drawer').waitFor();
    expect(await page.getByTestId('vertical-drawer-video-title').innerText()).toMatch(/^vertical result$/i);
    expect(await page.getByTestId('vertical-drawer-duration').innerText()).toBe('0:06/0:20');
    const video = page.getByTestId('vertical-drawer-video');
    expect(await video.getAttribute('src')).toBe(renderedMp4);

    // The MP4 plays in Chromium: the keyframe file's 9:16 output size, the trimmed range's duration, and
    // frames decoded while the clock runs.
    expect(sent.output_vertical_width * 16).toBe(sent.output_vertical_height * 9);
    const played = await playable(video);
    expect([played.width, played.height]).toEqual([sent.output_vertical_width, sent.output_vertical_height]);
    expect(Math.abs(played.duration - (body.end_time - body.start_time))).toBeLessThan(0.1);
    await video.evaluate((el) => {
      const player = el as HTMLVideoElement;
      player.muted = true; // no autoplay refusal for a play() without a user gesture
      return player.play();
    });
    await expect.poll(() => video.evaluate((el) => (el as HTMLVideoElement).currentTime)).toBeGreaterThan(1);
    const decoded = await video.evaluate(
      (el) => (el as HTMLVideoElement).getVideoPlaybackQuality().totalVideoFrames,
    );
    expect(decoded).toBeGreaterThan(0);
    await snap(page, 'vertical-editor-result-playing');
  });

  test('sends a range that no longer overlaps the suggestion as a manual creation, with groups over it', async ({
    page,
    server,
  }) => {
    const editor = await openEditor(server, page, MOVED_ID);
    await expect(editor.frameNumber).toHaveText('48');
    await editor.changeRange.click();
    await editor.typeSeconds('end', '18');
    await editor.typeSeconds('start', '12');
    await page.keyboard.press('Shift+Enter');
    await expect.poll(() => editor.rangeValue.innerText()).toMatch(/0:12\.00\s*0:18\.00/);
    // The one group (frames 48-239) now reaches the range's last frame (18 s x 24 fps - 1).
    await expect(page.getByTestId('fe-group').last()).toHaveAttribute('data-end-frame', '431');
    expect(await page.getByTestId('fe-current-group').innerText()).toBe('Group 1');

    const written = page.waitForResponse((r) => r.url().includes('/api/v1/editor/vertical_video/'));
    await editor.generate.click();
    const response = await written;
    expect(new URL(response.url()).pathname).toBe('/api/v1/editor/vertical_video/create');
    expect(response.status()).toBe(202);
    await page.getByTestId('fe-render').waitFor();

    // A new manual suggestion (source 2) over the new range.
    const { db } = server.database.handle;
    const suggestions = await db
      .select({
        source: schema.verticalSuggestions.source,
        start: schema.verticalSuggestions.startTime,
        end: schema.verticalSuggestions.endTime,
      })
      .from(schema.verticalSuggestions)
      .where(eq(schema.verticalSuggestions.videoId, MOVED_ID));
    expect(suggestions).toContainEqual({ source: 2, start: 12, end: 18 });
  });
});
