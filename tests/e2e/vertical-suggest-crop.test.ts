// "Suggest crop" in the frame editor as reviewer@demo.example: R asks the console's own reframing of the
// shot at the playhead, its progress shows while the real worker analyses the real source, and the result
// arrives as the "Console Suggestion", chosen under "Compare with". G puts it into the shot, and Generate
// sends a file whose path in that shot is the console's (checked against the stored console suggestion).
// A task whose source cannot be read ends in the worker's words with a "Try again".
import type { Page } from '@playwright/test';
import { and, eq } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import { messages } from '@hc/shared/messages';
import type { KeyframeFile } from '@hc/shared/vertical/keyframe-file';
import { snap } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';
import type { E2eServer } from './support/server.ts';
import { buildVerticalTask, makeSourceVideo } from '../support/vertical-factories.ts';

test.use({ e2e: { signedInAs: 'reviewer@demo.example' } });

/** The real analysis of the 20 s source takes a few seconds; more on a loaded machine. */
const ANALYSIS_MS = 60_000;

let VIDEO_ID: number;
let BROKEN_ID: number;
test.beforeAll(async ({ server }) => {
  const { db } = server.database.handle;
  await makeSourceVideo(server.mediaDir);
  const [reviewers] = await db
    .select({ publisherId: schema.verticalTasks.publisherId, programId: schema.verticalTasks.programId })
    .from(schema.verticalTasks)
    .where(eq(schema.verticalTasks.videoId, 7300056)); // a demo highlight reviewer@ reviews
  ({ videoId: VIDEO_ID } = await buildVerticalTask(db, {
    ...reviewers!,
    title: 'Suggest crop e2e: a 20 s highlight',
  }));
  ({ videoId: BROKEN_ID } = await buildVerticalTask(db, {
    ...reviewers!,
    title: 'Suggest crop e2e: a lost source',
    srcVideoPath: 'vertical/lost-source.mp4',
  }));
});

/** Opens a task's review modal, gives a reason and goes through Modify → Confirm to the editor. */
async function openEditor(server: E2eServer, page: Page, videoId: number) {
  await page.goto(`${server.baseUrl}/highlights/live/vertical/review`);
  await page.getByTestId(`vertical-task-${videoId}`).click();
  await page.getByTestId('vertical-reason').first().click();
  await page.getByTestId('vertical-modify').click();
  await page.getByTestId('vertical-confirm-accept').click();
  await page.getByTestId('frame-editor').waitFor();
}

async function consoleFile(db: Db, videoId: number): Promise<KeyframeFile> {
  const [row] = await db
    .select({ data: schema.keyframeFiles.data })
    .from(schema.verticalSuggestions)
    .innerJoin(schema.keyframeFiles, eq(schema.keyframeFiles.id, schema.verticalSuggestions.keyframeFileId))
    .where(
      and(eq(schema.verticalSuggestions.videoId, videoId), eq(schema.verticalSuggestions.origin, 'console')),
    );
  return row!.data;
}

test.describe('Suggest crop', () => {
  test("asks the console's reframing of a shot, shows its progress, and applies it", async ({
    page,
    server,
  }) => {
    test.setTimeout(120_000);
    const { db } = server.database.handle;
    await openEditor(server, page, VIDEO_ID);
    const section = page.getByTestId('fe-suggest-crop');
    await expect.poll(() => section.getAttribute('data-status')).toBe('idle');
    // The keys are listed where the editor lists its keys (a closed details element: its text, not what shows).
    const keys = await page.locator('.hc-fe-keys__row dt').allTextContents();
    expect(keys).toEqual(expect.arrayContaining(['R', 'Shift+R']));

    // R: the shot at the playhead. The section says it works, and a second R makes no second job.
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/v1/editor/vertical_video/suggest_crop'))
        asked.push(r.postData() ?? '');
    });
    await page.keyboard.press('r');
    await expect.poll(() => section.getAttribute('data-status')).toBe('running');
    await page.keyboard.press('r');
    expect(await page.getByTestId('fe-suggest-shot').isDisabled()).toBe(true);
    await snap(page, 'vertical-suggest-crop-running');
    await expect.poll(() => section.getAttribute('data-status'), { timeout: ANALYSIS_MS }).toBe('ready');
    expect(asked).toHaveLength(1);
    const body = JSON.parse(asked[0]!) as { video_id: number; start_frame: number; end_frame: number };
    expect(body.video_id).toBe(VIDEO_ID);
    // The suggestion's one group (2 s to 10 s at 24 fps) is the shot at the playhead.
    expect([body.start_frame, body.end_frame]).toEqual([48, 239]);

    // The console's suggestion is the one compared with now.
    await expect
      .poll(() => page.getByTestId('fe-compare').innerText())
      .toContain(messages.consoleSuggestionLabel);
    await snap(page, 'vertical-suggest-crop-ready');

    // G applies it to the shot; Generate sends the console's path in that shot.
    await page.keyboard.press('g');
    const written = page.waitForResponse((r: { url(): string }) =>
      r.url().includes('/api/v1/editor/vertical_video/update'),
    );
    await page.getByTestId('fe-generate').click();
    const response = await written;
    expect(response.status()).toBe(202);
    const sent = (response.request().postDataJSON() as { keyframe: KeyframeFile }).keyframe;
    const suggested = await consoleFile(db, VIDEO_ID);
    const inShot = (file: KeyframeFile) =>
      file.groups
        .filter((g) => g.start_frame >= 48 && g.end_frame <= 239)
        .flatMap((g) =>
          g.objects.flatMap((o) =>
            o.keyframes
              .filter((k) => k.frame > g.start_frame && k.frame < g.end_frame)
              .map((k) => `${k.frame}:${k.x},${k.y}`),
          ),
        );
    const consoleKeys = inShot(suggested);
    expect(consoleKeys.length).toBeGreaterThan(0);
    expect(inShot(sent)).toEqual(consoleKeys);
  });

  test("says why a suggestion failed in the worker's words, and offers to try again", async ({
    page,
    server,
  }) => {
    test.setTimeout(150_000);
    await openEditor(server, page, BROKEN_ID);
    const section = page.getByTestId('fe-suggest-crop');
    await page.getByTestId('fe-suggest-task').click();
    await expect.poll(() => section.getAttribute('data-status'), { timeout: ANALYSIS_MS }).toBe('failed');
    expect(await page.getByTestId('fe-suggest-failed').innerText()).toContain('Source video cannot be read');
    expect(await page.getByTestId('fe-suggest-retry').isEnabled()).toBe(true);
    await snap(page, 'vertical-suggest-crop-failed');
    // Another try runs again (and fails again the same way: the source is still lost).
    await page.getByTestId('fe-suggest-retry').click();
    await expect.poll(() => section.getAttribute('data-status'), { timeout: ANALYSIS_MS }).toBe('failed');
  });
});
