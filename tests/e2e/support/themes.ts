// What the theme suites share: the console's screens, opening one in a theme and waiting for it to
// settle, the theme the page shows, and axe's colour-contrast findings. The sweep of every screen runs
// once per theme, each in its own file, so the two sweeps (the longest browser tests) run side by side.
import { SIGNED_OUT, expect, test } from './fixtures.ts';
import AxeBuilder from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { schema } from '@hc/db/schema';
import { snap } from './browser.ts';
import type { E2eServer } from './server.ts';

export const ADMIN = 'admin@demo.example';
/** The admin's publisher when signed in (the first of theirs), whose rows the parametrised screens open. */
const PUBLISHER = 406;
export type Theme = 'light' | 'dark';
export const THEMES: Theme[] = ['light', 'dark'];

/** Every page of the router, a real object for the pages that show one. */
export async function consoleScreens(server: E2eServer): Promise<[name: string, path: string][]> {
  const db = server.ctx.db;
  const [program] = await db
    .select({ id: schema.programs.id })
    .from(schema.programs)
    .where(eq(schema.programs.publisherId, PUBLISHER))
    .limit(1);
  const [story] = await db
    .select({ id: schema.stories.id })
    .from(schema.stories)
    .where(eq(schema.stories.publisherId, PUBLISHER))
    .limit(1);
  const [pkg] = await db
    .select({ id: schema.packages.embedId })
    .from(schema.packages)
    .where(eq(schema.packages.publisherId, PUBLISHER))
    .limit(1);
  if (!program || !story || !pkg) throw new Error('the demo data has no program, story or package for 406');
  return [
    ['highlights-web', '/highlights/web'],
    ['live-stream', '/highlights/live/stream'],
    ['live-stream-program', `/highlights/live/stream/program/${program.id}`],
    ['live-vertical-view', '/highlights/live/vertical/view'],
    ['live-vertical-view-program', `/highlights/live/vertical/view/program/${program.id}/0`],
    ['live-vertical-review', '/highlights/live/vertical/review'],
    ['post-on-google', '/post-on-google'],
    ['packages', '/packages'],
    ['package-new', `/packages/editor/new/${Date.now()}`],
    ['package-edit', `/packages/editor/${pkg.id}/${Date.now()}`],
    ['stories', '/stamp'],
    ['story-editor', `/stamp/${story.id}`],
    ['syndication', '/syndication'],
    ['review', '/review'],
    ['vertical', '/vertical'],
    ['vertical-view', '/vertical/view'],
    ['vertical-review', '/vertical/review'],
    ['monetization-setup', '/admin/monetization/setup'],
    ['monetization-select', '/admin/monetization/setup/update-existing-setup'],
    ['monetization-config', `/admin/monetization/setup/update-publisher-config/${PUBLISHER}`],
    ['monetization-audit', '/admin/monetization/audit'],
    ['ad-config', '/admin/ad-config'],
    ['reports', '/admin/reports'],
    ['publishers', '/admin/publishers'],
    ['docs', '/docs'],
    ['docs-apv', '/docs/apv'],
    ['jobs', '/jobs'],
    ['terms', '/terms'],
    ['help', '/help'],
    ['not-found', '/no/such/page'],
  ];
}

/** Opens a page with the system preferring the given theme (the default choice, System, follows it). */
export async function openIn(page: Page, theme: Theme, url: string) {
  await page.emulateMedia({ colorScheme: theme });
  await page.goto(url);
  await settle(page);
}

/** Waits until the screen has rendered and nothing on it is loading any more. */
export async function settle(page: Page) {
  // The console's canvas, not the boot script's inline colour, shows the page has its stylesheets.
  await page.waitForFunction(() => document.documentElement.style.backgroundColor === '');
  await page.locator('#main, [data-testid="login-form"]').first().waitFor();
  await page.waitForFunction(
    () =>
      document.querySelector('#main > *, [data-testid="login-form"]') !== null &&
      document.querySelector('.p-skeleton, .p-progress-spinner, [aria-busy="true"]') === null,
    undefined,
    { timeout: 20_000 },
  );
}

/** The page's theme as the console marked it, and its canvas colour. */
export function themeOf(page: Page) {
  return page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    background: getComputedStyle(document.body).backgroundColor,
  }));
}

/** axe's colour-contrast findings, one line per failing element, with the colours it measured. */
export async function contrastViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${n.target.join(' ')}: ${n.any[0]?.message ?? n.failureSummary ?? v.help}`),
  );
}

export const DARK_CANVAS = 'rgb(17, 24, 39)';
export const LIGHT_CANVAS = 'rgb(244, 245, 248)';

/** Registers the sweep of every screen, and of the login page, a dialog and the account menu, in one theme. */
export function describeEveryScreenIn(theme: Theme) {
  test.describe(`every screen in the ${theme} theme`, () => {
    test(`has no contrast violations on any screen in the ${theme} theme`, async ({ page, server }) => {
      test.setTimeout(900_000);
      const failures: string[] = [];
      for (const [name, path] of await consoleScreens(server)) {
        await openIn(page, theme, server.baseUrl + path);
        expect(await themeOf(page), name).toEqual({
          theme,
          background: theme === 'dark' ? DARK_CANVAS : LIGHT_CANVAS,
        });
        await snap(page, `theme-${theme}-${name}`);
        for (const line of await contrastViolations(page)) failures.push(`${name}: ${line}`);
      }
      expect(failures).toEqual([]);
    });

    test(`has no contrast violations on the login page, a dialog and the account menu in ${theme}`, async ({
      page,
      server,
      browser,
    }) => {
      test.setTimeout(180_000);
      const failures: string[] = [];
      // The account menu with the theme switch.
      await openIn(page, theme, `${server.baseUrl}/highlights/web`);
      await page.getByTestId('user-menu-button').click();
      await page.getByTestId('theme-switch').waitFor();
      await snap(page, `theme-${theme}-user-menu`);
      failures.push(...(await contrastViolations(page)).map((l) => `user menu: ${l}`));
      await page.keyboard.press('Escape');
      // The shortcut list (a dialog) and the search palette.
      await page.locator('body').press('?');
      await page.getByRole('dialog').first().waitFor();
      await snap(page, `theme-${theme}-shortcuts`);
      failures.push(...(await contrastViolations(page)).map((l) => `shortcuts: ${l}`));
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+k');
      await page.getByRole('dialog').first().waitFor();
      await page.keyboard.type('a');
      await snap(page, `theme-${theme}-palette`);
      failures.push(...(await contrastViolations(page)).map((l) => `palette: ${l}`));
      // Signed out: the login page.
      const signedOut = await browser.newContext({
        storageState: SIGNED_OUT,
        viewport: { width: 1280, height: 900 },
      });
      const login = await signedOut.newPage();
      await openIn(login, theme, `${server.baseUrl}/login`);
      await snap(login, `theme-${theme}-login`);
      failures.push(...(await contrastViolations(login)).map((l) => `login: ${l}`));
      await signedOut.close();
      expect(failures).toEqual([]);
    });
  });
}
