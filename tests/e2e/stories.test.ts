// Stories (AMP web stories) as stories@demo.example: creating a story, adding an image page with a
// generated JPEG, a video page with a generated 1280x720 MP4 whose poster is the uploaded picture on this
// console, the draft preview (loading, then playing), publishing, the public AMP document, and the 'newer
// version' dialog when another session changed the story after this editor loaded it.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { SIGNED_OUT, expect, test } from './support/fixtures.ts';
import type { Page } from '@playwright/test';
import type { StoryPage } from '@hc/shared/api/stories';
import { loginAs } from './support/browser.ts';
import { StoriesListPage, StoryEditorPage } from './support/pages/stories-page.ts';

const EMAIL = 'stories@demo.example';
test.use({ e2e: { signedInAs: EMAIL } });
const RUN = Math.random().toString(36).slice(2, 7);

let dir = '';
let jpeg = '';
let mp4 = '';
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hc-stories-'));
  jpeg = join(dir, 'page.jpg');
  mp4 = join(dir, 'page.mp4');
  execFileSync(ffmpeg.path, ['-y', '-f', 'lavfi', '-i', 'color=c=blue:s=720x1280', '-frames:v', '1', jpeg], {
    stdio: 'ignore',
  });
  // A horizontal 5 s clip with sound, inside every upload rule (720x480 to 1920x1080, 4 to 30 s, MP4).
  execFileSync(
    ffmpeg.path,
    [
      ...['-y', '-f', 'lavfi', '-i', 'testsrc=size=1280x720:rate=25:duration=5'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=5'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', mp4],
    ],
    { stdio: 'ignore' },
  );
});
test.afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function sessionHeaders(page: Page): Promise<Record<string, string>> {
  const raw = await page.evaluate(() => localStorage.getItem('hc.session'));
  if (!raw) throw new Error('no hc.session in localStorage');
  const session = JSON.parse(raw) as { email: string; token: string };
  return { 'X-User-Email': session.email, 'X-User-Token': session.token };
}

async function storyOf(page: Page, baseUrl: string, storyId: string) {
  const res = await page.request.get(`${baseUrl}/api/v1/editor/stamp/stories/${storyId}`, {
    headers: await sessionHeaders(page),
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { link: string; pages: StoryPage[] } }).data;
}

async function publicAmp(page: Page, baseUrl: string, link: string): Promise<string> {
  const amp = await page.request.get(new URL(link, baseUrl).toString(), { headers: {} });
  expect(amp.status()).toBe(200);
  return amp.text();
}

async function expectToast(page: Page, text: string) {
  await expect
    .poll(async () => (await page.getByTestId('toast-text').allInnerTexts()).join('\n'))
    .toContain(text);
}

test.describe('stories: create, image and video pages, preview, publish, AMP, newer version', () => {
  test('creates a story with an image page and a video page, previews and publishes it, serves it as AMP and warns about a newer version', async ({
    page,
    server,
    browser,
  }) => {
    test.setTimeout(180_000);
    const baseUrl = server.baseUrl;

    // Create the story.
    const stories = new StoriesListPage(page, baseUrl);
    await stories.goto();
    const storyId = await stories.create(`E2E Story ${RUN}`);
    expect(storyId).toMatch(/^\d+$/);
    await stories.editStory.click();
    const editor = new StoryEditorPage(page, baseUrl);
    await editor.root.waitFor();

    // Add an image page and publish.
    await editor.newPage('image');
    await editor.imageInput.setInputFiles(jpeg);
    await page.getByTestId('se-image-file').waitFor();
    await editor.title.fill(`E2E Page ${RUN}`);
    await editor.publish.click();
    await expect(editor.root).toHaveAttribute('data-mode', 'listing');
    await expectToast(page, 'Story published successfully.');
    await expect(editor.pages).toHaveCount(1);

    // Add a video page: the poster is the picture just uploaded, as an absolute URL on this console.
    const picture = (await storyOf(page, baseUrl, storyId)).pages[0]?.image;
    expect(picture).toBeTruthy();
    const posterUrl = new URL(picture!, baseUrl).toString();
    await editor.newPage('video');
    await editor.videoInput.setInputFiles(mp4);
    await page.getByTestId('se-video-file').waitFor();
    await editor.poster.fill(posterUrl);
    await page.getByTestId('se-poster-image').waitFor();
    await page.getByTestId('se-field-title').fill(`E2E Video ${RUN}`);
    await page.getByTestId('se-field-home_or_away_team_playing').click();
    await page.getByRole('option', { name: 'home' }).click();

    // The draft preview: the story with this unsaved page, loading, then playing in its sandboxed frame.
    const status = editor.previewStatus;
    await editor.preview.click();
    await expect(status).toHaveAttribute('data-state', 'loading');
    await expect(status).toHaveAttribute('data-state', 'playing', { timeout: 10_000 });
    await expect.poll(() => editor.previewSource.innerText()).toContain('Draft');
    // Sandboxed without same-origin (scripts only so its videos may autoplay; its own policy runs none):
    // the story's own markup can never script the console.
    expect(await editor.previewFrame.getAttribute('sandbox')).toBe('allow-scripts');

    await editor.publish.click();
    await expect(editor.root).toHaveAttribute('data-mode', 'listing');
    await expectToast(page, 'Story published successfully.');
    const pageCount = await editor.pages.count();
    expect(pageCount).toBe(2);

    // The public AMP document: both pages, the video with its poster.
    const story = await storyOf(page, baseUrl, storyId);
    expect(story.link).toBeTruthy();
    const html = await publicAmp(page, baseUrl, story.link);
    expect(html).toContain('<amp-story');
    expect(html.match(/<amp-story-page[\s>]/g)?.length ?? 0).toBe(pageCount);
    expect(html).toContain('<amp-video');
    expect(html).toContain(`poster="${posterUrl}"`);

    // A second session renames the page.
    const context2 = await browser.newContext({ storageState: SIGNED_OUT });
    try {
      const page2 = await context2.newPage();
      await loginAs(page2, baseUrl, EMAIL);
      await page2.goto(`${baseUrl}/stamp/${storyId}`);
      const firstPage = page2.getByTestId('se-page').first();
      await firstPage.waitFor();
      const pid = await firstPage.getAttribute('data-page-id');
      expect(pid).toBeTruthy();
      await page2.getByTestId(`se-page-title-${pid}-edit`).click();
      const input = page2.getByTestId(`se-page-title-${pid}-input`);
      await input.fill(`Renamed ${RUN}`);
      await input.press('Enter');
      await page2.getByTestId('se-rename-dialog').getByTestId('se-rename-yes').click();
      await expectToast(page2, 'Story page updated successfully.');
      // Both editors share the story (co-editing): the first one shows the new title with no reload.
      await expect.poll(() => page.getByTestId(`se-page-title-${pid}`).innerText()).toBe(`Renamed ${RUN}`);
    } finally {
      await context2.close();
    }

    // A change made outside the editors (straight through the API) is not announced to them: publishing
    // again warns about the newer version.
    const stored = (await storyOf(page, baseUrl, storyId)).pages.find((p) => p.object_type === 'image');
    if (!stored) throw new Error('the story has no image page');
    const outside = await page.request.post(
      `${baseUrl}/api/v1/editor/stamp/stories/page/update/${stored.id}`,
      {
        headers: await sessionHeaders(page),
        data: {
          story_id: stored.story_id,
          index: stored.index,
          object_type: stored.object_type,
          object_id: stored.object_id,
          title: `Changed outside ${RUN}`,
          subtitle: stored.subtitle,
          layout: stored.layout,
          blurb: stored.blurb,
          duration: stored.duration,
          metadata: stored.metadata,
        },
      },
    );
    expect(outside.status()).toBe(200);
    await editor.publishStory.click();
    const dialog = page.getByTestId('se-newer-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.innerText()).toContain('No, publish');
    await expect.poll(() => dialog.innerText()).toContain('Review changes');
  }); // one long flow: two uploads, a preview, two publishes, a second browser
});
