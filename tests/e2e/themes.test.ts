// The light and dark themes: every screen of the console opened in both, checked by axe's colour-contrast
// rule and photographed; the theme follows the system, is switched in the account menu, remembered, and
// applied before the app's code runs; the trend charts show in both themes with their 7/30/90-day switch.
import { describe, expect, it } from 'vitest';
import AxeBuilder from '@axe-core/playwright';
import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { schema } from '@hc/db/schema';
import { loginAs, snap } from './support/browser.ts';
import { useE2eSuite } from './support/suite.ts';
import type { E2eServer } from './support/server.ts';
import { HighlightsPage } from './support/pages/highlights-page.ts';

const ADMIN = 'admin@demo.example';
/** The admin's publisher when signed in (the first of theirs), whose rows the parametrised screens open. */
const PUBLISHER = 406;
type Theme = 'light' | 'dark';
const THEMES: Theme[] = ['light', 'dark'];

const s = useE2eSuite({ signedInAs: ADMIN });

/** Every page of the router, a real object for the pages that show one. */
async function consoleScreens(server: E2eServer): Promise<[name: string, path: string][]> {
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
async function openIn(page: Page, theme: Theme, url: string) {
  await page.emulateMedia({ colorScheme: theme });
  await page.goto(url);
  await settle(page);
}

/** Waits until the screen has rendered and nothing on it is loading any more. */
async function settle(page: Page) {
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
function themeOf(page: Page) {
  return page.evaluate(() => ({
    theme: document.documentElement.dataset.theme,
    background: getComputedStyle(document.body).backgroundColor,
  }));
}

/** axe's colour-contrast findings, one line per failing element, with the colours it measured. */
async function contrastViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  return result.violations.flatMap((v) =>
    v.nodes.map((n) => `${n.target.join(' ')}: ${n.any[0]?.message ?? n.failureSummary ?? v.help}`),
  );
}

const DARK_CANVAS = 'rgb(17, 24, 39)';
const LIGHT_CANVAS = 'rgb(244, 245, 248)';

describe('every screen in both themes', () => {
  for (const theme of THEMES) {
    it(`has no contrast violations on any screen in the ${theme} theme`, async () => {
      const { page, server } = s;
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
    }, 900_000);

    it(`has no contrast violations on the login page, a dialog and the account menu in ${theme}`, async () => {
      const { page, server, browser } = s;
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
      const signedOut = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const login = await signedOut.newPage();
      await openIn(login, theme, `${server.baseUrl}/login`);
      await snap(login, `theme-${theme}-login`);
      failures.push(...(await contrastViolations(login)).map((l) => `login: ${l}`));
      await signedOut.close();
      expect(failures).toEqual([]);
    }, 180_000);
  }
});

describe('choosing the theme', () => {
  it('follows the system by default, switches in the account menu, and is remembered after reload and logout', async () => {
    const { server, browser } = s;
    // A browser and session of its own: the logout below ends it, not the one the other tests share.
    const own = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await own.newPage();
    await loginAs(page, server.baseUrl, ADMIN);
    await openIn(page, 'dark', `${server.baseUrl}/highlights/web`);
    expect((await themeOf(page)).theme).toBe('dark');

    const menu = page.getByTestId('user-menu-button');
    await menu.click();
    const choice = (label: string) => page.getByTestId('theme-switch').getByRole('button', { name: label });
    expect(await choice('System').getAttribute('aria-pressed')).toBe('true');
    await choice('Light').click();
    await expect.poll(async () => (await themeOf(page)).background).toBe(LIGHT_CANVAS);
    expect((await themeOf(page)).theme).toBe('light');
    // The PrimeReact sheet switched with it: a table header is light again.
    expect(await page.locator('link[data-theme]').getAttribute('data-theme')).toBe('light');
    await snap(page, 'theme-switched-to-light');

    // Remembered: the system still prefers dark, the page stays light.
    await page.reload();
    await settle(page);
    expect(await themeOf(page)).toEqual({ theme: 'light', background: LIGHT_CANVAS });

    // Dark by choice, under a light system.
    await page.emulateMedia({ colorScheme: 'light' });
    await menu.click();
    await choice('Dark').click();
    await expect.poll(async () => (await themeOf(page)).theme).toBe('dark');
    await page.reload();
    await settle(page);
    expect(await themeOf(page)).toEqual({ theme: 'dark', background: DARK_CANVAS });

    // The choice belongs to the browser: logging out keeps it.
    await menu.click();
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.getByTestId('login-form').waitFor();
    expect((await themeOf(page)).theme).toBe('dark');

    // Back to System: the page follows the system again, live.
    await page.goto(`${server.baseUrl}/highlights/web`);
    await page.getByTestId('login-form').waitFor();
    await page.evaluate(() => localStorage.removeItem('hc.theme'));
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await page.getByTestId('login-form').waitFor();
    expect((await themeOf(page)).theme).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(async () => (await themeOf(page)).theme).toBe('light');
    await own.close();
  }, 180_000);

  it('marks the page dark before any of the app’s code runs (no light flash)', async () => {
    const { page, server } = s;
    // Without the app's scripts the page is only index.html and the boot script: whatever shows then is
    // what the first paint shows.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${server.baseUrl}/highlights/web`);
    expect(
      await page.evaluate(() => ({
        theme: document.documentElement.dataset.theme,
        canvas: getComputedStyle(document.documentElement).backgroundColor,
      })),
    ).toEqual({ theme: 'dark', canvas: DARK_CANVAS });
    await page.evaluate(() => localStorage.setItem('hc.theme', 'light'));
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
  });
});

/** Pixels of the chart's canvas that are drawn (not transparent). */
function drawnPixels(page: Page, testId: string): Promise<number> {
  return page
    .getByTestId(testId)
    .locator('canvas')
    .evaluate((canvas: HTMLCanvasElement) => {
      const data = canvas.getContext('2d')?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
      let drawn = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) drawn += 1;
      return drawn;
    });
}

/** The trend panel's charts, its table's day count for each window, photographed per window. */
async function checkTrendPanel(page: Page, testId: string, shot: string) {
  const panel = page.getByTestId(testId);
  await panel.scrollIntoViewIfNeeded();
  for (const days of [7, 30, 90]) {
    await panel
      .getByTestId(`${testId}-window`)
      .getByRole('button', { name: `${days} days` })
      .click();
    await expect
      .poll(() => page.getByTestId(`${testId}-table`).locator('tbody tr').count(), { timeout: 15_000 })
      .toBe(days);
    await page.getByTestId(`${testId}-counts`).locator('canvas').waitFor();
    await expect.poll(() => drawnPixels(page, `${testId}-counts`)).toBeGreaterThan(500);
    await expect.poll(() => drawnPixels(page, `${testId}-ctr`)).toBeGreaterThan(500);
    await panel.screenshot({ path: `test-results/${shot}-${days}d.png`, animations: 'disabled' });
  }
}

describe('trend charts in both themes', () => {
  for (const theme of THEMES) {
    it(`shows the highlight, package and syndication trends with their 7/30/90-day switch in ${theme}`, async () => {
      const { page, server } = s;
      await openIn(page, theme, `${server.baseUrl}/highlights/web`);
      const highlights = new HighlightsPage(page, server.baseUrl);
      await highlights.waitForRows();
      await highlights.openDrawerByRow(0);
      await checkTrendPanel(page, 'highlight-trend', `trend-${theme}-highlight`);
      expect(await contrastViolations(page)).toEqual([]);

      await openIn(page, theme, `${server.baseUrl}/packages`);
      await page.locator('[data-testid^="package-title-"]').first().click();
      await page.getByTestId('package-drawer').waitFor({ state: 'visible' });
      await checkTrendPanel(page, 'package-trend', `trend-${theme}-package`);
      expect(await contrastViolations(page)).toEqual([]);

      await openIn(page, theme, `${server.baseUrl}/syndication`);
      await checkTrendPanel(page, 'syndication-trend', `trend-${theme}-syndication`);
      expect(await contrastViolations(page)).toEqual([]);
    }, 300_000);
  }

  it('redraws an open chart in the new theme’s colours when the theme is switched', async () => {
    const { page, server } = s;
    await openIn(page, 'light', `${server.baseUrl}/syndication`);
    const canvas = page.getByTestId('syndication-trend-counts').locator('canvas');
    await canvas.waitFor();
    await expect.poll(() => drawnPixels(page, 'syndication-trend-counts')).toBeGreaterThan(500);
    const before = await canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL());
    await page.getByTestId('user-menu-button').click();
    await page.getByTestId('theme-switch').getByRole('button', { name: 'Dark' }).click();
    await expect.poll(() => canvas.evaluate((c: HTMLCanvasElement) => c.toDataURL())).not.toBe(before);
    await page.keyboard.press('Escape');
    await snap(page, 'trend-redrawn-dark');
  });
});
