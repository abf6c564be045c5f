// The light and dark themes: the theme follows the system, is switched in the account menu, remembered,
// and applied before the app's code runs; the trend charts show in both themes with their 7/30/90-day
// switch. Every screen in each theme is swept in themes-light-screens and themes-dark-screens.
import { SIGNED_OUT, expect, test } from './support/fixtures.ts';
import type { Page } from '@playwright/test';
import { loginAs, snap } from './support/browser.ts';
import { HighlightsPage } from './support/pages/highlights-page.ts';
import {
  ADMIN,
  contrastViolations,
  DARK_CANVAS,
  LIGHT_CANVAS,
  openIn,
  settle,
  THEMES,
  themeOf,
} from './support/themes.ts';

test.use({ e2e: { signedInAs: ADMIN } });

test.describe('choosing the theme', () => {
  test('follows the system by default, switches in the account menu, and is remembered after reload and logout', async ({
    server,
    browser,
  }) => {
    test.setTimeout(180_000);
    // A browser and session of its own: the logout below ends it, not the one the other tests share.
    const own = await browser.newContext({
      storageState: SIGNED_OUT,
      viewport: { width: 1280, height: 900 },
    });
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
  });

  test('marks the page dark before any of the app’s code runs (no light flash)', async ({ page, server }) => {
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

test.describe('trend charts in both themes', () => {
  for (const theme of THEMES) {
    test(`shows the highlight, package and syndication trends with their 7/30/90-day switch in ${theme}`, async ({
      page,
      server,
    }) => {
      test.setTimeout(300_000);
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
    });
  }

  test('redraws an open chart in the new theme’s colours when the theme is switched', async ({
    page,
    server,
  }) => {
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
