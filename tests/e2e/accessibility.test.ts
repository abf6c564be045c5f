// Every page object's screen under axe, as admin@demo.example (who may open every screen): no serious or
// critical violation on the login page, the shell with its side and account menus, the highlights,
// packages, programs, review, syndication, Post on Google, Ad Configuration and Bulk Report screens, the
// vertical tool's lists, review modal and frame editor, the stories list and editor, and the session
// dialog.
import { SIGNED_OUT, test } from './support/fixtures.ts';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { AdConfigPage, ReportsPage } from './support/pages/ad-config-page.ts';
import { HighlightsPage } from './support/pages/highlights-page.ts';
import { LoginPage } from './support/pages/login-page.ts';
import { PackageEditorPage } from './support/pages/package-editor-page.ts';
import { PackagesListPage } from './support/pages/packages-list-page.ts';
import { PostOnGooglePage } from './support/pages/post-on-google-page.ts';
import { ProgramsPage } from './support/pages/programs-page.ts';
import { ReviewPage } from './support/pages/review-page.ts';
import { SessionDialog } from './support/pages/session-dialog.ts';
import { SideMenu } from './support/pages/side-menu.ts';
import { StoriesListPage, StoryEditorPage } from './support/pages/stories-page.ts';
import { SyndicationPage } from './support/pages/syndication-page.ts';
import { UserMenu } from './support/pages/user-menu.ts';
import { VerticalFrameEditor } from './support/pages/vertical-frame-editor.ts';
import { VERTICAL_LISTS, VerticalListsPage } from './support/pages/vertical-lists-page.ts';
import { VerticalReviewModal } from './support/pages/vertical-review-modal.ts';
import { endSessionsOf } from './support/server.ts';

const ADMIN = 'admin@demo.example';
test.use({ e2e: { signedInAs: ADMIN } });

test.describe('accessibility of every screen', () => {
  // Each test loads several screens and runs axe over each whole page: a minute on a slower machine
  // beside another file's browser, so two minutes each.
  test.describe.configure({ timeout: 120_000 });
  test('the login page', async ({ browser, server }) => {
    const context = await browser.newContext({ storageState: SIGNED_OUT });
    try {
      const page = await context.newPage();
      const login = new LoginPage(page, server.baseUrl);
      await login.goto();
      await expectNoSeriousA11yViolations(page, 'the login page');
    } finally {
      await context.close();
    }
  });

  test('the shell with the highlights list, the side menu and the account menu', async ({ page, server }) => {
    const highlights = new HighlightsPage(page, server.baseUrl);
    await highlights.goto();
    await expectNoSeriousA11yViolations(page, 'the highlights list');
    const menu = new SideMenu(page);
    await menu.open();
    await expectNoSeriousA11yViolations(page, 'the side menu');
    await menu.close();
    const account = new UserMenu(page);
    await account.button.click();
    await account.logoutButton.waitFor();
    await expectNoSeriousA11yViolations(page, 'the account menu');
  });

  test('the packages list and the package editor', async ({ page, server }) => {
    const packages = new PackagesListPage(page, server.baseUrl);
    await packages.goto();
    await expectNoSeriousA11yViolations(page, 'the packages list');
    const editor = new PackageEditorPage(page, server.baseUrl);
    await editor.gotoNew();
    await expectNoSeriousA11yViolations(page, 'the package editor');
  });

  test('the programs, review, syndication and Post on Google screens', async ({ page, server }) => {
    await new ProgramsPage(page, server.baseUrl).goto();
    await expectNoSeriousA11yViolations(page, 'the programs list');
    await new ReviewPage(page, server.baseUrl).goto();
    await expectNoSeriousA11yViolations(page, 'the review queue');
    await new SyndicationPage(page, server.baseUrl).goto();
    await expectNoSeriousA11yViolations(page, 'syndication');
    await new PostOnGooglePage(page, server.baseUrl).goto();
    await expectNoSeriousA11yViolations(page, 'Post on Google');
  });

  test('the Ad Configuration grid and Bulk Report', async ({ page, server }) => {
    const grid = new AdConfigPage(page, server.baseUrl);
    await grid.goto();
    await grid.load(['Daily Planet']);
    await expectNoSeriousA11yViolations(page, 'the Ad Configuration grid');
    await new ReportsPage(page, server.baseUrl).goto();
    await expectNoSeriousA11yViolations(page, 'Bulk Report');
  });

  test('the vertical lists, the review modal and the frame editor', async ({ page, server }) => {
    const lists = new VerticalListsPage(page, server.baseUrl);
    await lists.gotoTasks(VERTICAL_LISTS.highlightReview);
    await expectNoSeriousA11yViolations(page, 'the highlight review list');
    await lists.gotoPrograms();
    await lists.programButtons.first().waitFor();
    await lists.idle();
    await expectNoSeriousA11yViolations(page, 'Vertical View');
    await lists.programButtons.first().click();
    await lists.taskTitles.first().waitFor();
    await lists.taskRows.first().click();
    await lists.drawer.waitFor();
    await expectNoSeriousA11yViolations(page, 'the vertical item drawer');

    await lists.gotoTasks(VERTICAL_LISTS.highlightReview);
    const videoId = Number((await lists.taskTitles.first().getAttribute('data-testid'))!.replace(/\D+/g, ''));
    const review = new VerticalReviewModal(page, server.baseUrl);
    await review.open(VERTICAL_LISTS.highlightReview, videoId);
    await expectNoSeriousA11yViolations(page, 'the vertical review modal');
    await review.reasons.first().click();
    await review.action('Modify').click();
    await review.confirmAccept.click();
    const editor = new VerticalFrameEditor(page);
    await editor.root.waitFor();
    await editor.frameNumber.waitFor();
    await expectNoSeriousA11yViolations(page, 'the frame editor');
  });

  test('the stories list and the story editor', async ({ page, server }) => {
    const stories = new StoriesListPage(page, server.baseUrl);
    await stories.goto();
    await expectNoSeriousA11yViolations(page, 'the stories list');
    await stories.create(`Accessible story ${Date.now()}`);
    await expectNoSeriousA11yViolations(page, 'the story drawer');
    await stories.editStory.click();
    const editor = new StoryEditorPage(page, server.baseUrl);
    await editor.root.waitFor();
    await editor.newPage('image');
    await expectNoSeriousA11yViolations(page, 'the story editor');
  });

  // Last: it ends the admin's sessions.
  test('the session dialog', async ({ page, server }) => {
    const highlights = new HighlightsPage(page, server.baseUrl);
    await highlights.goto();
    await endSessionsOf(server, ADMIN);
    await page.reload();
    const dialog = new SessionDialog(page);
    await dialog.dialog.waitFor();
    await expectNoSeriousA11yViolations(page, 'the session dialog');
  });
});
