// The video page's poster URL checked by the server (the console's content policy keeps the browser
// from loading another site's image, so a browser-side check called every off-site poster broken), and
// the story preview: when it says Playing, the video in it is playing.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { expect, test } from './support/fixtures.ts';
import type { Frame, Page } from '@playwright/test';
import { messages } from '@hc/shared/messages';
import { startImageHost, type ImageHost } from '../support/story-app.ts';
import { snap } from './support/browser.ts';
import { StoriesListPage, StoryEditorPage } from './support/pages/stories-page.ts';

const EMAIL = 'stories@demo.example';
const RUN = Math.random().toString(36).slice(2, 7);

// The image host's port is known only once it listens; the server copies this array's reference.
const allowLoopbackPorts: number[] = [];
let images: ImageHost;
let dir = '';
let mp4 = '';
test.beforeAll(async () => {
  images = await startImageHost();
  allowLoopbackPorts.push(images.port);
  dir = mkdtempSync(join(tmpdir(), 'hc-stories-poster-'));
  mp4 = join(dir, 'page.mp4');
  // A horizontal 8 s clip, longer than the 6 s default of a video page.
  execFileSync(
    ffmpeg.path,
    [
      ...['-y', '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=25:duration=8'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', mp4],
    ],
    { stdio: 'ignore' },
  );
});
test.afterAll(async () => {
  await images?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

test.use({ e2e: { signedInAs: EMAIL, server: { posterCheck: { allowLoopbackPorts } } } });

/** A new story's editor with the form of a new video page open. */
async function newStoryWithVideoForm(page: Page, baseUrl: string): Promise<StoryEditorPage> {
  const stories = new StoriesListPage(page, baseUrl);
  await stories.goto();
  await stories.create(`E2E Poster ${RUN}`);
  await stories.editStory.click();
  const editor = new StoryEditorPage(page, baseUrl);
  await editor.root.waitFor();
  await editor.newPage('video');
  return editor;
}

/** The preview frame (sandboxed, so read from Playwright's side). */
async function previewFrame(editor: StoryEditorPage): Promise<Frame> {
  const handle = await editor.previewFrame.elementHandle();
  const frame = await handle?.contentFrame();
  if (!frame) throw new Error('no preview frame');
  return frame;
}

test.describe('stories: poster URL check and preview playback', () => {
  test('shows a valid poster on another site as checked, and a missing one as broken', async ({
    page,
    server,
  }) => {
    test.setTimeout(120_000);
    const editor = await newStoryWithVideoForm(page, server.baseUrl);
    const poster = editor.poster;
    const status = editor.posterStatus;

    await poster.fill(`${images.origin}/missing.png`);
    await expect
      .poll(() => page.getByTestId('se-poster-error').innerText())
      .toBe(messages.posterUrlUnreachable);

    // The image host is another origin than the console (its own port).
    await poster.fill(`${images.origin}/poster.png`);
    await expect(status).toHaveAttribute('data-state', 'ok');
    expect(await status.innerText()).toContain(messages.posterChecked);
    expect(await page.getByTestId('se-poster-error').count()).toBe(0);
    expect(await poster.getAttribute('aria-invalid')).not.toBe('true');
    // Never drawn from the other site: the content policy would show it broken.
    expect(await page.getByTestId('se-poster-image').count()).toBe(0);
    await snap(page, 'stories-poster-offsite-checked');
  });

  test('plays the video when the preview says Playing', async ({ page, server }) => {
    test.setTimeout(120_000);
    const editor = await newStoryWithVideoForm(page, server.baseUrl);
    await editor.videoInput.setInputFiles(mp4);
    await page.getByTestId('se-video-file').waitFor();
    await editor.poster.fill(`${images.origin}/poster.png`);
    await expect(editor.posterStatus).toHaveAttribute('data-state', 'ok');
    await page.getByTestId('se-field-title').fill(`E2E Video ${RUN}`);
    await page.getByTestId('se-field-home_or_away_team_playing').click();
    await page.getByRole('option', { name: 'home' }).click();

    const label = editor.previewStatus;
    await editor.preview.click();
    await expect(label).toHaveAttribute('data-state', 'playing', { timeout: 15_000 });
    // Seen once on a loaded machine: Playing, then Loading again a moment later (the draft preview made
    // anew): the word is awaited like the state, and the video must then play.
    await expect(label).toHaveText('Playing');
    const frame = await previewFrame(editor);
    const video = frame.locator('video').first();
    await video.waitFor({ state: 'attached' });
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0), {
        timeout: 15_000,
      })
      .toBe(true);
    await snap(page, 'stories-preview-playing');
  });
});
