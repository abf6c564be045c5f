// Audit Logs' start date is a day on the user's wall clock: a browser in New York picking yesterday sees
// yesterday's 04:53 entry, and picking today no longer sees it (days back sent 1 for both days).
import { SIGNED_OUT, expect, test } from './support/fixtures.ts';
import type { E2eServer } from './support/server.ts';
import type { BrowserContext, Page } from '@playwright/test';
import { schema } from '@hc/db/schema';
import { calendarDateIn, startOfDayIn, type CalendarDate } from '@hc/shared/calendar-dates';
import { loginAs, snap } from './support/browser.ts';

test.use({ e2e: {} });
const ZONE = 'America/New_York';
/** The seeded publisher without a setup: only what this file plants is listed for it. */
const PUBLISHER = { id: 618, name: 'Harbor Herald' };
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad2 = (n: number) => String(n).padStart(2, '0');
/** A day as the Calendar input shows it ('M dd, yy'): 'Nov 27, 2026'. */
const shown = (d: CalendarDate) => `${MONTHS[d.month - 1]} ${pad2(d.day)}, ${d.year}`;

let context: BrowserContext | undefined;
test.afterEach(async () => {
  await context?.close();
});

async function plant(server: E2eServer, field: string, at: Date) {
  await server.ctx.db.insert(schema.monetizationAudits).values({
    publisherId: PUBLISHER.id,
    email: 'dates@test.example',
    action: 'update',
    auditableType: 'VideoConfig',
    associatedType: 'Publisher',
    fieldName: field,
    auditedChanges: { [field]: [1, 2] },
    createdAt: at,
  });
}

/** Types a day into the start date input, as a keyboard user would, and leaves the field. */
async function setStartDate(page: Page, day: CalendarDate) {
  const input = page.locator('#audit-start');
  await input.fill(shown(day));
  await input.press('Escape');
  await input.press('Tab');
  await expect(input).toHaveValue(shown(day));
}

test.describe('Audit Logs start date', () => {
  test('lists from the first instant of the picked day in the browser time zone', async ({
    server,
    browser,
  }) => {
    const now = new Date();
    const today = calendarDateIn(ZONE, now);
    const yesterday = calendarDateIn(ZONE, new Date(startOfDayIn(ZONE, today).getTime() - 1000));
    const yesterdayStart = startOfDayIn(ZONE, yesterday).getTime();
    await plant(server, 'earlyYesterday', new Date(yesterdayStart + (4 * 60 + 53) * 60 * 1000));
    await plant(server, 'beforeYesterday', new Date(yesterdayStart - 60 * 60 * 1000));
    await plant(server, 'today', new Date(startOfDayIn(ZONE, today).getTime() + 1000));

    context = await browser.newContext({
      storageState: SIGNED_OUT,
      viewport: { width: 1280, height: 900 },
      timezoneId: ZONE,
    });
    const page = await context.newPage();
    await loginAs(page, server.baseUrl, 'admin@demo.example');
    await page.goto(`${server.baseUrl}/admin/monetization/audit`);
    await page.getByTestId('audit-publisher').click();
    await page
      .locator('.p-dropdown-panel .p-dropdown-item')
      .getByText(PUBLISHER.name, { exact: true })
      .click();
    const rows = page.getByTestId('audit-row');
    await expect(rows).toHaveCount(3);

    const calls: URLSearchParams[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/monetization_audit?')) calls.push(new URL(r.url()).searchParams);
    });
    await setStartDate(page, yesterday);
    await expect(rows).toHaveCount(2);
    const texts = await rows.allInnerTexts();
    expect(texts.some((t) => t.includes(`${shown(yesterday)} 04:53`))).toBe(true);
    expect(texts.some((t) => t.includes('beforeYesterday'))).toBe(false);
    const last = calls.at(-1)!;
    expect([last.get('start_date'), last.get('time_zone'), last.get('from')]).toEqual([
      `${yesterday.year}-${pad2(yesterday.month)}-${pad2(yesterday.day)}`,
      ZONE,
      null,
    ]);
    await snap(page, 'audit-log-start-yesterday');

    await setStartDate(page, today);
    await expect(rows).toHaveCount(1);
    expect(await rows.first().innerText()).toContain(`${shown(today)} 00:00`);
  });
});
