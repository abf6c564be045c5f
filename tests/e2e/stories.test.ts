// Stories (AMP web stories) as stories@demo.example: creating a story, adding an image page with a
// generated JPEG, publishing it, the public AMP document, and the 'newer version' dialog when another
// session changed the story after this editor loaded it. The video page is not covered here.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginAs } from './support/browser.ts';
import { useE2eSuite } from './support/suite.ts';

const EMAIL = 'stories@demo.example';
const s = useE2eSuite({ signedInAs: EMAIL });
const RUN = Math.random().toString(36).slice(2, 7);

let dir = '';
let jpeg = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'hc-stories-'));
  jpeg = join(dir, 'page.jpg');
  execFileSync(ffmpeg.path, ['-y', '-f', 'lavfi', '-i', 'color=c=blue:s=720x1280', '-frames:v', '1', jpeg], {
    stdio: 'ignore',
  });
});
afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function sessionHeaders(page: Page): Promise<Record<string, string>> {
  const raw = await page.evaluate(() => localStorage.getItem('hc.session'));
  if (!raw) throw new Error('no hc.session in localStorage');
  const session = JSON.parse(raw) as { email: string; token: string };
  return { 'X-User-Email': session.email, 'X-User-Token': session.token };
}

async function expectToast(page: Page, text: string) {
  await expect
    .poll(async () => (await page.getByTestId('toast-text').allInnerTexts()).join('\n'))
    .toContain(text);
}

describe('stories: create, image page, publish, AMP, newer version', () => {
  it('creates a story, publishes an image page, serves it as AMP and warns about a newer version', async () => {
    const { page, server, browser } = s;
    const baseUrl = server.baseUrl;

    // Create the story.
    await page.goto(`${baseUrl}/stamp`);
    await page.getByTestId('stories-new').click();
    await page.getByTestId('story-create-title').fill(`E2E Story ${RUN}`);
    await page.getByTestId('story-create-submit').click();
    await page.getByTestId('story-drawer').waitFor();
    const storyId = (await page.getByTestId('story-drawer-id').innerText()).trim().match(/\d+/)?.[0];
    expect(storyId).toBeTruthy();
    await page.getByTestId('story-drawer-edit').click();
    const editor = page.getByTestId('story-editor');
    await editor.waitFor();

    // Add an image page and publish.
    await page.getByTestId('se-new-page').click();
    const imageItem = page.getByTestId('se-new-page-image');
    const form = page.getByTestId('se-form');
    await Promise.race([imageItem.waitFor(), form.waitFor()]);
    if (await imageItem.isVisible()) await imageItem.click();
    await form.waitFor();
    await page.getByTestId('se-image-input').setInputFiles(jpeg);
    await page.getByTestId('se-image-file').waitFor();
    await page.getByTestId('se-title').fill(`E2E Page ${RUN}`);
    await page.getByTestId('se-publish').click();
    await expect.poll(() => editor.getAttribute('data-mode')).toBe('listing');
    await expectToast(page, 'Story published successfully.');
    const pageCount = await page.getByTestId('se-page').count();
    expect(pageCount).toBe(1);

    // The public AMP document.
    const headers = await sessionHeaders(page);
    const res = await page.request.get(`${baseUrl}/api/v1/editor/stamp/stories/${storyId}`, { headers });
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { data: { link: string } };
    expect(body.data.link).toBeTruthy();
    const link = new URL(body.data.link, baseUrl).toString();
    const amp = await page.request.get(link, { headers: {} });
    expect(amp.status()).toBe(200);
    const html = await amp.text();
    expect(html).toContain('<amp-story');
    expect(html.match(/<amp-story-page[\s>]/g)?.length ?? 0).toBe(pageCount);

    // A second session renames the page.
    const context2 = await browser.newContext();
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
    } finally {
      await context2.close();
    }

    // Back in the first editor: publishing again warns about the newer version.
    await page.getByTestId('se-publish-story').click();
    const dialog = page.getByTestId('se-newer-dialog');
    await dialog.waitFor();
    await expect.poll(() => dialog.innerText()).toContain('No, publish');
    await expect.poll(() => dialog.innerText()).toContain('Review changes');
  });
});
