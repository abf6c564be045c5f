// The list screens keep their view in the address, as admin@demo.example would rely on it: a view
// chosen on the Job Center, Audit Logs, Publishers admin and View Existing Setup survives a reload, and
// its address pasted into another tab opens the same view. Each screen is looked at in light and dark.
import { eq, inArray } from 'drizzle-orm';
import type { Page } from '@playwright/test';
import { schema } from '@hc/db/schema';
import { QUEUES } from '@hc/shared/queues';
import { jobCenterMessages } from '@hc/shared/messages';
import { snap } from './support/browser.ts';
import { expect, test } from './support/fixtures.ts';

test.use({ e2e: { signedInAs: 'admin@demo.example' } });

/** Opens the address in a second tab of the same session, as a colleague's shared link would be. */
async function openShared(page: Page): Promise<Page> {
  const other = await page.context().newPage();
  await other.goto(page.url());
  return other;
}

/** Screenshots of the screen as it is now, in both themes. */
async function snapThemes(page: Page, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    await snap(page, `list-address-${name}-${theme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const dropdownLabel = (page: Page, testId: string) =>
  page.getByTestId(testId).locator('.p-dropdown-label').innerText();

test.describe('list views in the address', () => {
  test('keeps the Job Center’s state and user filters through a reload and a shared link', async ({
    page,
    server,
  }) => {
    const db = server.ctx.db;
    const users = await db
      .select({ id: schema.users.id, email: schema.users.email })
      .from(schema.users)
      .where(inArray(schema.users.email, ['admin@demo.example', 'stories@demo.example']));
    const stories = users.find((u) => u.email === 'stories@demo.example')!;
    const admin = users.find((u) => u.email === 'admin@demo.example')!;
    await db.insert(schema.consoleJobs).values([
      {
        publisherId: 406,
        userId: stories.id,
        userEmail: stories.email,
        queue: QUEUES.storyHighlightsZip,
        jobId: 'address-failed',
        label: 'Address failed archive',
        state: 'failed',
        error: 'The archive could not be written.',
      },
      {
        publisherId: 406,
        userId: admin.id,
        userEmail: admin.email,
        queue: QUEUES.storyHighlightsZip,
        jobId: 'address-done',
        label: 'Address done archive',
        state: 'done',
      },
    ]);
    const subjects = (p: Page) => p.getByTestId('job-row').getByTestId('job-subject').allInnerTexts();

    await page.goto(`${server.baseUrl}/jobs`);
    await expect.poll(() => subjects(page)).toContain('Address done archive');
    await page.getByTestId('jobs-state').click();
    await page.locator('.p-dropdown-item').getByText('Failed', { exact: true }).click();
    await expect.poll(() => subjects(page)).toEqual(['Address failed archive']);
    expect(new URL(page.url()).searchParams.get('state')).toBe('failed');

    await page.reload();
    await expect.poll(() => subjects(page)).toEqual(['Address failed archive']);
    expect(await dropdownLabel(page, 'jobs-state')).toBe('Failed');

    // Narrowed to one user by their e-mail: the chip names them again after a reload and in a shared tab.
    await page.getByTestId('jobs-state').locator('.p-dropdown-clear-icon').click();
    await expect.poll(() => subjects(page)).toContain('Address done archive');
    await page
      .getByTestId('job-row')
      .filter({ hasText: 'Address failed archive' })
      .getByTestId('job-user')
      .click();
    await expect.poll(() => new URL(page.url()).searchParams.get('user')).toBe(String(stories.id));
    await page.reload();
    await expect.poll(() => page.getByTestId('jobs-user-clear').innerText()).toBe(stories.email);
    expect(await subjects(page)).not.toContain('Address done archive');

    const shared = await openShared(page);
    await expect.poll(() => shared.getByTestId('jobs-user-clear').innerText()).toBe(stories.email);
    await expect.poll(() => subjects(shared)).toContain('Address failed archive');
    expect(await subjects(shared)).not.toContain('Address done archive');
    await snapThemes(shared, 'jobs');

    // A filter that matches nothing says so, from its address too.
    await shared.goto(`${server.baseUrl}/jobs?state=cancelled&user=${stories.id}`);
    await shared.getByTestId('jobs-empty').waitFor();
    expect(await shared.getByTestId('jobs-empty').innerText()).toContain(jobCenterMessages.emptyFiltered);
    await shared.close();
  });

  test('keeps the Audit Logs’ filters and start date through a reload and a shared link', async ({
    page,
    server,
  }) => {
    const db = server.ctx.db;
    const at = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    for (const [email, field] of [
      ['address-a@test.example', 'addressAlpha'],
      ['address-b@test.example', 'addressBeta'],
    ] as const)
      await db.insert(schema.monetizationAudits).values({
        publisherId: 618,
        email,
        action: 'update',
        auditableType: 'VideoConfig',
        associatedType: 'Publisher',
        fieldName: field,
        auditedChanges: { [field]: [1, 2] },
        createdAt: at,
      });
    const rows = (p: Page) => p.getByTestId('audit-row').allInnerTexts();

    await page.goto(`${server.baseUrl}/admin/monetization/audit`);
    await page.getByTestId('audit-publisher').click();
    await page
      .locator('.p-dropdown-panel .p-dropdown-item')
      .getByText('Harbor Herald', { exact: true })
      .click();
    await expect.poll(async () => (await rows(page)).join('\n')).toContain('addressAlpha');
    await page.getByTestId('audit-user').fill('address-b');
    await expect.poll(async () => (await rows(page)).join('\n')).not.toContain('addressAlpha');
    expect((await rows(page)).join('\n')).toContain('addressBeta');
    await expect.poll(() => new URL(page.url()).searchParams.get('user')).toBe('address-b');

    await page.reload();
    await expect.poll(async () => (await rows(page)).join('\n')).toContain('addressBeta');
    expect((await rows(page)).join('\n')).not.toContain('addressAlpha');
    expect(await page.getByTestId('audit-user').inputValue()).toBe('address-b');
    expect(await dropdownLabel(page, 'audit-publisher')).toBe('Harbor Herald');

    // A shared link with a start date after the entries: the date is shown and the entries are not listed.
    const today = new Date();
    const pad2 = (n: number) => String(n).padStart(2, '0');
    const day = `${today.getFullYear()}-${pad2(today.getMonth() + 1)}-${pad2(today.getDate())}`;
    const url = new URL(page.url());
    url.searchParams.set('start', day);
    url.searchParams.delete('user');
    await page.goto(url.toString());
    await page.getByTestId('audit-table').waitFor();
    await expect.poll(() => page.getByTestId('audit-count').innerText()).toBe('0 changes');

    url.searchParams.delete('start');
    await page.goto(url.toString());
    const shared = await openShared(page);
    await expect.poll(async () => (await rows(shared)).join('\n')).toContain('addressAlpha');
    expect((await rows(shared)).join('\n')).toContain('addressBeta');
    expect(await dropdownLabel(shared, 'audit-publisher')).toBe('Harbor Herald');
    await snapThemes(shared, 'audit');
    await shared.close();
  });

  test('keeps the Publishers admin’s filter and sort through a reload and a shared link', async ({
    page,
    server,
  }) => {
    const ids = (p: Page) => p.locator('[data-testid="publisher-row"] td.hc-col-id').allInnerTexts();
    await page.goto(`${server.baseUrl}/admin/publishers`);
    await expect.poll(() => ids(page)).toEqual(['406', '407', '512', '618']);

    await page.getByRole('columnheader', { name: 'Name' }).click();
    // By name: Coastal Times, Daily Planet, Harbor Herald, Metro Sports.
    await expect.poll(() => ids(page)).toEqual(['512', '406', '618', '407']);
    await page.getByRole('columnheader', { name: 'Name' }).click();
    await expect.poll(() => ids(page)).toEqual(['407', '618', '406', '512']);
    await page.reload();
    await expect.poll(() => ids(page)).toEqual(['407', '618', '406', '512']);

    await page.getByTestId('publishers-filter').fill('planet');
    await expect.poll(() => new URL(page.url()).searchParams.get('filter')).toBe('planet');
    await page.reload();
    await expect.poll(() => ids(page)).toEqual(['406']);
    expect(await page.getByTestId('publishers-filter').inputValue()).toBe('planet');

    const shared = await openShared(page);
    await expect.poll(() => ids(shared)).toEqual(['406']);
    expect(await shared.getByTestId('publishers-count').innerText()).toBe('1 publisher');
    await snapThemes(shared, 'publishers');
    await shared.close();

    // The typed filter replaced its view in the history: back goes to the view before it (by name, A to Z).
    await page.goBack();
    await expect.poll(() => ids(page)).toEqual(['512', '406', '618', '407']);
    expect(await page.getByTestId('publishers-filter').inputValue()).toBe('');
  });

  test('keeps View Existing Setup’s publishers and tab through a reload and a shared link', async ({
    page,
    server,
  }) => {
    const db = server.ctx.db;
    const [metro] = await db
      .select({ id: schema.publishers.id })
      .from(schema.publishers)
      .where(eq(schema.publishers.name, 'Metro Sports'));
    await page.goto(`${server.baseUrl}/admin/monetization/setup/view-existing-setup`);
    await page.getByTestId('view-empty').waitFor();
    await snapThemes(page, 'view-setup-empty');
    await page.getByTestId('view-publishers').click();
    await page
      .locator('.p-multiselect-panel .p-multiselect-item')
      .getByText('Metro Sports', { exact: true })
      .click();
    await page.keyboard.press('Escape');
    await page.getByTestId('view-load').click();
    await page.getByTestId('view-video-row').first().waitFor();
    await page.getByTestId('view-tab-display').click();
    await page.getByTestId('view-display-row').first().waitFor();
    expect(new URL(page.url()).searchParams.get('publishers')).toBe(String(metro!.id));
    expect(new URL(page.url()).searchParams.get('tab')).toBe('display');

    await page.reload();
    await page.getByTestId('view-display-row').first().waitFor();
    expect(await page.getByTestId('view-display-row').first().innerText()).toContain('Metro Sports');
    expect(await page.getByTestId('view-publishers').innerText()).toContain('Metro Sports');

    const shared = await openShared(page);
    await shared.getByTestId('view-display-row').first().waitFor();
    expect(await shared.getByTestId('view-display-row').first().innerText()).toContain('Metro Sports');
    await snapThemes(shared, 'view-setup');
    await shared.close();
  });
});
