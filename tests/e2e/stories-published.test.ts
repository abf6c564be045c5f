// A published story edited after its publish, as stories@demo.example: renaming its video page through
// 'Change title' sticks; the editor and the list then say 'Published, changes not yet published' while
// the public AMP link still shows the published story (a deleted page included); publishing again
// makes the changes public and clears the status.
import { expect, test } from './support/fixtures.ts';
import type { Page } from '@playwright/test';
import type { Story, StoryPage } from '@hc/shared/api/stories';
import { messages } from '@hc/shared/messages';
import { snap } from './support/browser.ts';
import { StoriesListPage, StoryEditorPage } from './support/pages/stories-page.ts';

const EMAIL = 'stories@demo.example';
test.use({ e2e: { signedInAs: EMAIL } });
const RUN = Math.random().toString(36).slice(2, 7);

async function api<T>(page: Page, baseUrl: string, path: string): Promise<T> {
  const raw = await page.evaluate(() => localStorage.getItem('hc.session'));
  if (!raw) throw new Error('no hc.session in localStorage');
  const session = JSON.parse(raw) as { email: string; token: string };
  const res = await page.request.get(`${baseUrl}/api/v1/editor/${path}`, {
    headers: { 'X-User-Email': session.email, 'X-User-Token': session.token },
  });
  expect(res.status(), path).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

async function publicAmp(page: Page, baseUrl: string, storyId: number): Promise<string> {
  const res = await page.request.get(`${baseUrl}/stories/${storyId}.html`, { headers: {} });
  expect(res.status()).toBe(200);
  return res.text();
}

async function expectToast(page: Page, text: string) {
  await expect
    .poll(async () => (await page.getByTestId('toast-text').allInnerTexts()).join('\n'))
    .toContain(text);
}

const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/'/g, '&#39;');

test.describe('stories: a published story with changes not yet published', () => {
  // The preview renders and plays real media: tens of seconds on a loaded machine.
  test('renames a video page, says the story has unpublished changes in the editor and the list, and publishes them', async ({
    page,
    server,
  }) => {
    test.setTimeout(120_000);
    const baseUrl = server.baseUrl;

    // The seeded published story with a video page (and image pages besides).
    await page.goto(`${baseUrl}/stamp`);
    const list = await api<{ stories: Story[] }>(page, baseUrl, 'stamp/stories?per=100');
    const story = list.stories.find(
      (st) =>
        st.state === 'published' &&
        st.pages.some((p) => p.object_type === 'video') &&
        st.pages.filter((p) => p.object_type === 'image').length >= 2,
    );
    if (!story) throw new Error('the demo seed has no published story with a video page and two image pages');
    const videoPage = story.pages.find((p) => p.object_type === 'video')!;
    const doomed = story.pages.filter((p) => p.object_type === 'image').at(-1)!;
    const before = await publicAmp(page, baseUrl, story.id);
    expect(before).toContain(escaped(videoPage.title));
    expect(before).toContain(escaped(doomed.title));

    const editor = new StoryEditorPage(page, baseUrl);
    await editor.goto(story.id);
    const state = page.getByTestId('se-story-state');
    await expect(state).toHaveAttribute('data-state', 'published');

    // Rename the video page: Edit title, then confirm 'Change title'.
    const newTitle = `Walk-off ${RUN}`;
    await page.getByTestId(`se-page-title-${videoPage.id}-edit`).click();
    const input = page.getByTestId(`se-page-title-${videoPage.id}-input`);
    await input.fill(newTitle);
    await input.press('Enter');
    await page.getByTestId('se-rename-dialog').getByTestId('se-rename-yes').click();
    await expectToast(page, messages.storyPageUpdated);
    await expect.poll(() => page.getByTestId(`se-page-title-${videoPage.id}`).innerText()).toBe(newTitle);
    expect((await api<StoryPage>(page, baseUrl, `stamp/stories/page/${videoPage.id}`)).title).toBe(newTitle);
    await expect(state).toHaveAttribute('data-state', 'published-changed');
    expect(await state.innerText()).toContain(messages.storyPublishedWithChanges);

    // Delete an image page: it stays on the public story until the next publish.
    await page.getByTestId(`se-page-delete-${doomed.id}`).click();
    await page.getByTestId('se-delete-dialog').getByTestId('se-delete-yes').click();
    await expectToast(page, messages.storyPageDeleted);
    await expect(page.locator(`[data-page-id="${doomed.id}"]`)).toHaveCount(0);
    const meanwhile = await publicAmp(page, baseUrl, story.id);
    expect(meanwhile).toBe(before);
    expect(meanwhile).not.toContain(newTitle);
    await expect
      .poll(() => page.getByTestId('se-story-state-row').innerText())
      .toContain(messages.storyPublishedWithChangesHint);
    // The picture without the toasts over the column, and with the preview played.
    // Closing one toast may take the next one's place (the lane shows one at a time): close the first until none.
    while ((await page.locator('.p-toast-icon-close').count()) > 0)
      await page
        .locator('.p-toast-icon-close')
        .first()
        .click({ timeout: 2_000 })
        .catch(() => undefined);
    await expect(page.getByTestId('toast-text')).toHaveCount(0);
    await expect
      .poll(() => editor.previewStatus.getAttribute('data-state'), { timeout: 45_000 })
      .toBe('playing');
    await snap(page, 'stories-published-changes-editor');

    // The list says the same of the story.
    const stories = new StoriesListPage(page, baseUrl);
    await stories.goto();
    const row = stories.state(story.id);
    await row.waitFor();
    expect(await row.innerText()).toContain(messages.storyPublishedWithChanges);
    await snap(page, 'stories-published-changes-list');

    // Publishing again makes the changes public and clears the status.
    await editor.goto(story.id);
    await expect(state).toHaveAttribute('data-state', 'published-changed');
    await editor.publishStory.click();
    await expectToast(page, messages.storyPublished);
    await expect(state).toHaveAttribute('data-state', 'published');
    const after = await publicAmp(page, baseUrl, story.id);
    expect(after).toContain(newTitle);
    expect(after).not.toContain(escaped(doomed.title));
    await page.goto(`${baseUrl}/stamp`);
    await expect.poll(() => page.getByTestId(`story-state-${story.id}`).innerText()).toBe('Published');
  });
});
