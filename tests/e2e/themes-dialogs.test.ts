// The dialogs opened inside screens, in both themes: the vertical review modal, the frame editor with its
// keys overlay and its "Suggest crop" section, the package editor's confirm, the stories list's create
// dialog and the story editor's delete-page dialog, and the publishers admin's create and setup dialogs.
// Each is opened as a user opens it, photographed and checked by axe's colour-contrast rule; the screens
// under them are checked by the screen sweeps (themes-*-screens.test.ts).
import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { schema } from '@hc/db/schema';
import { snap } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';
import type { E2eServer } from './support/server.ts';
import { ADMIN, contrastViolations, openIn, THEMES, type Theme } from './support/themes.ts';

test.use({ e2e: { signedInAs: ADMIN } });
/** The admin's publisher when signed in (the first of theirs). */
const PUBLISHER = 406;

/** Photographs the page, and gives axe's contrast findings named after what is open. */
async function check(page: Page, theme: Theme, name: string): Promise<string[]> {
  await snap(page, `theme-${theme}-dialog-${name}`);
  return (await contrastViolations(page)).map((line) => `${name}: ${line}`);
}

async function reviewTaskId(server: E2eServer): Promise<number> {
  const db = server.ctx.db;
  const [task] = await db
    .select({ videoId: schema.verticalTasks.videoId })
    .from(schema.verticalTasks)
    .where(eq(schema.verticalTasks.status, 'review'))
    .orderBy(schema.verticalTasks.videoId)
    .limit(1);
  return task!.videoId;
}

for (const theme of THEMES)
  test.describe(`dialogs in the ${theme} theme`, () => {
    test('has no contrast violations in the vertical review modal and the frame editor', async ({
      page,
      server,
    }) => {
      // Two screens, each loaded and checked whole by axe, the frame editor with its video: 30 s on a
      // quiet machine, over a minute once beside another file's browser on two cores.
      test.setTimeout(120_000);
      const failures: string[] = [];
      const videoId = await reviewTaskId(server);
      const [task] = await server.ctx.db
        .select({ contentType: schema.verticalTasks.contentType })
        .from(schema.verticalTasks)
        .where(eq(schema.verticalTasks.videoId, videoId));
      const list =
        task!.contentType === 'highlight' ? '/highlights/live/vertical/review' : '/vertical/review';
      await openIn(page, theme, `${server.baseUrl}${list}`);
      await page.getByTestId(`vertical-task-${videoId}`).click();
      await page.getByTestId('vertical-review-modal').waitFor();
      await page.getByTestId('vertical-suggestion').first().waitFor();
      failures.push(...(await check(page, theme, 'vertical-review')));

      await page.getByTestId('vertical-reason').first().click();
      await page.getByTestId('vertical-modify').click();
      await page.getByTestId('vertical-confirm-accept').waitFor();
      failures.push(...(await check(page, theme, 'vertical-confirm')));
      await page.getByTestId('vertical-confirm-accept').click();
      await page.getByTestId('frame-editor').waitFor();
      await page.getByTestId('fe-suggest-crop').waitFor();
      failures.push(...(await check(page, theme, 'frame-editor')));

      await page.keyboard.press('Shift+Slash');
      await page.getByTestId('fe-help').waitFor();
      failures.push(...(await check(page, theme, 'frame-editor-keys')));
      expect(failures).toEqual([]);
    });

    test("has no contrast violations in the editors' and admin screens' dialogs", async ({
      page,
      server,
    }) => {
      const db = server.ctx.db;
      const failures: string[] = [];

      // The package editor's confirm, as Discard asks it after a change.
      const [pkg] = await db
        .select({ id: schema.packages.embedId })
        .from(schema.packages)
        .where(eq(schema.packages.publisherId, PUBLISHER))
        .limit(1);
      await openIn(page, theme, `${server.baseUrl}/packages/editor/${pkg!.id}/${Date.now()}`);
      // The package loaded first (a name typed before would be replaced by the loaded one: nothing to discard).
      await expect.poll(() => page.getByTestId('pe-name').inputValue()).not.toBe('');
      await page.getByTestId('pe-name').fill(`Dialog check ${theme}`);
      await page.getByTestId('pe-unsaved').waitFor();
      await page.getByTestId('pe-discard').click();
      await page.getByTestId('pe-confirm').waitFor();
      failures.push(...(await check(page, theme, 'package-confirm')));
      await page.getByTestId('pe-confirm-yes').click();

      // The stories list's create dialog.
      await openIn(page, theme, `${server.baseUrl}/stamp`);
      await page.getByTestId('stories-new').click();
      await page.getByTestId('story-create-dialog').waitFor();
      failures.push(...(await check(page, theme, 'story-create')));
      await page.getByTestId('story-create-cancel').click();

      // The story editor's delete-page dialog.
      const [story] = await db
        .select({ id: schema.stories.id })
        .from(schema.stories)
        .where(eq(schema.stories.publisherId, PUBLISHER))
        .limit(1);
      await openIn(page, theme, `${server.baseUrl}/stamp/${story!.id}`);
      await page.locator('[data-testid^="se-page-delete-"]').first().click();
      await page.getByTestId('se-delete-dialog').waitFor();
      failures.push(...(await check(page, theme, 'story-delete-page')));
      await page.getByTestId('se-delete-no').click();

      // The publishers admin's create and setup dialogs.
      await openIn(page, theme, `${server.baseUrl}/admin/publishers`);
      await page.getByTestId('publisher-create').click();
      await page.getByTestId('publisher-create-dialog').waitFor();
      failures.push(...(await check(page, theme, 'publisher-create')));
      await page.keyboard.press('Escape');
      await page.getByTestId(`publisher-setup-${PUBLISHER}`).click();
      await page.getByTestId('publisher-setup-dialog').waitFor();
      failures.push(...(await check(page, theme, 'publisher-setup')));
      expect(failures).toEqual([]);
    });
  });
