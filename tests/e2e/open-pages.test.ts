// The pages anyone may open without a session: terms, documentation, help, and the 404 page.
import { expect, test } from './support/fixtures.ts';
import { snap } from './support/browser.ts';
import { Shell } from './support/pages/shell.ts';

test.use({ e2e: {} });

test.describe('open pages without a session', () => {
  test('/terms shows the five terms with their periods', async ({ page, server }) => {
    await page.goto(`${server.baseUrl}/terms`);
    const section = (id: string) => page.getByTestId(`terms-${id}`).innerText();
    await page.getByTestId('terms-page').waitFor();
    expect(new Shell(page).path()).toBe('/terms');
    expect(await section('license')).toMatch(/^1\. License/);
    expect(await section('payment')).toMatch(/within 10 days of the end of the month/);
    expect(await section('term')).toMatch(/initial term of one year/);
    expect(await section('term')).toMatch(/successive periods of six months/);
    expect(await section('non-renewal')).toMatch(/at least 15 days before the end of the current term/);
    expect(await section('termination')).toMatch(/giving 30 days' written notice/);
    await snap(page, 'open-terms');
  });

  test('/docs/apv and /docs/hos render their documentation pages', async ({ page, server }) => {
    const cases: [path: string, testId: string, heading: string][] = [
      ['/docs/apv', 'docs-apv', 'APV'],
      ['/docs/hos', 'docs-highlights', 'Highlights on Search'],
    ];
    for (const [path, testId, heading] of cases) {
      await page.goto(server.baseUrl + path);
      const article = page.getByTestId(testId);
      await article.waitFor();
      expect(new Shell(page).path()).toBe(path);
      expect(await article.getByRole('heading', { level: 1 }).innerText()).toBe(heading);
      expect((await article.innerText()).length).toBeGreaterThan(200);
    }
    await snap(page, 'open-docs-hos');
  });

  test('/docs/calendar shows the calendar embed in its weekly view, moved a week at a time', async ({
    page,
    server,
  }) => {
    await page.goto(`${server.baseUrl}/docs/calendar`);
    const article = page.getByTestId('docs-calendar');
    await article.waitFor();
    expect(await article.getByRole('heading', { level: 1 }).innerText()).toBe('Calendar embed');
    const days = page.getByTestId('calendar-day');
    expect(await days.count()).toBe(7);
    expect((await days.allInnerTexts()).map((t) => t.split('\n')[0])).toEqual([
      'MON',
      'TUE',
      'WED',
      'THU',
      'FRI',
      'SAT',
      'SUN',
    ]);
    // This week holds today, marked; the button back to it is off until the view moves.
    expect(await page.locator('[data-testid="calendar-day"][aria-current="date"]').count()).toBe(1);
    expect(await page.getByTestId('calendar-today').isDisabled()).toBe(true);
    const thisWeek = await page.getByTestId('calendar-range').innerText();
    await snap(page, 'open-docs-calendar');

    await page.getByRole('button', { name: 'Next week' }).click();
    await expect.poll(() => page.getByTestId('calendar-range').innerText()).not.toBe(thisWeek);
    expect(await page.locator('[data-testid="calendar-day"][aria-current="date"]').count()).toBe(0);
    // From the keyboard: the focused "This week" button brings today back.
    await page.getByTestId('calendar-today').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('calendar-range').innerText()).toBe(thisWeek);
    expect(await page.getByTestId('calendar-snippet').innerText()).toContain('data-view="week"');
  });

  test('an unknown path shows the 404 page', async ({ page, server }) => {
    await page.goto(`${server.baseUrl}/no/such/page`);
    const notFound = page.getByTestId('not-found');
    await notFound.waitFor();
    expect(new Shell(page).path()).toBe('/no/such/page');
    expect(await notFound.innerText()).toContain('Page not found');
    expect(await notFound.innerText()).toContain('/no/such/page');
    await snap(page, 'open-404');
  });

  test('/help offers support by e-mail through a mailto link', async ({ page, server }) => {
    await page.goto(`${server.baseUrl}/help`);
    const link = page.getByTestId('help-page').getByRole('link', { name: /@/ });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`mailto:${await link.innerText()}`);
    expect(await link.getAttribute('href')).toMatch(/^mailto:[^@\s]+@[^@\s]+\.[a-z]+$/);
  });
});
