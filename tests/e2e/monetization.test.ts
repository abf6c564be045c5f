// Monetization setup as admin@demo.example: a new publisher setup through every ad flow (sections shown
// and hidden, an invalid field that disables Save, what is submitted), the saved setup in View existing
// setup and its audit entries; updating a placement with the A/B warnings, the cancel warning and the
// leave-page prompt, and the change's before/after in Audit Logs. editor@ sees no Admin menu and gets a
// 403 from the monetization calls.
import { expect, test } from './support/fixtures.ts';
import type { Page } from '@playwright/test';
import { auditToolMessages, messages } from '@hc/shared/messages';
import { setupErrors } from '../../apps/server/src/features/monetization/service.ts';
import { loginAs, snap } from './support/browser.ts';
import { SideMenu } from './support/pages/side-menu.ts';
import { Shell } from './support/pages/shell.ts';

test.use({ e2e: {} });

/** The seeded publisher without a setup (packages/db/src/seed/demo.ts). */
const NEW_PUBLISHER = { id: 618, name: 'Harbor Herald' };

/** Opens a PrimeReact dropdown and picks the option with that exact label. */
async function pick(page: Page, testId: string, label: string) {
  await page.getByTestId(testId).click();
  await page.locator('.p-dropdown-panel .p-dropdown-item').getByText(label, { exact: true }).click();
}

async function dropdownOptions(page: Page, testId: string): Promise<string[]> {
  await page.getByTestId(testId).click();
  const items = page.locator('.p-dropdown-panel .p-dropdown-item');
  await items.first().waitFor();
  const labels = await items.allInnerTexts();
  await page.keyboard.press('Escape');
  return labels;
}

/** Which of the config page's flow-dependent parts are on screen. */
async function shown(page: Page) {
  const visible = (id: string) => page.getByTestId(id).isVisible();
  return {
    preloadOptions: await visible('preload-options'),
    sequence: await visible('field-adSequence'),
    delayDuration: await visible('field-adDelayDuration'),
    maxImpressions: await visible('field-maxImpressions'),
    startMidroll: await visible('field-startMidroll'),
    display: await visible('section-display'),
  };
}

test.describe('Monetization setup', () => {
  test('creates a publisher setup through every ad flow, then finds it in View existing setup and Audit Logs', async ({
    page,
    server,
  }) => {
    await loginAs(page, server.baseUrl, 'admin@demo.example');
    await page.goto(server.baseUrl + '/admin/monetization/setup');
    await page.getByTestId('monetization-setup-home').waitFor();
    const buttons = page.locator('[data-testid^="setup-action-"]');
    expect((await buttons.allInnerTexts()).map((t) => t.trim())).toEqual([
      'NEW PUBLISHER SETUP',
      'NEW PLACEMENT SETUP',
      'UPDATE EXISTING SETUP',
      'BULK UPDATE',
      'VIEW EXISTING SETUP',
    ]);

    await page.getByTestId('setup-action-new-publisher-setup').click();
    await page.waitForURL('**/admin/monetization/setup/new-publisher-setup');
    expect(await page.getByTestId('select-title').innerText()).toBe('New Publisher Setup');
    expect(await page.getByTestId('select-go').innerText()).toBe('New');
    expect(await page.getByTestId('select-go').isDisabled()).toBe(true);
    // Only publishers without a setup are offered.
    expect(await dropdownOptions(page, 'select-publisher')).toEqual([NEW_PUBLISHER.name]);
    await pick(page, 'select-publisher', NEW_PUBLISHER.name);
    await page.getByTestId('select-go').click();
    await page.waitForURL(`**/admin/monetization/setup/new-publisher-config/${NEW_PUBLISHER.id}`);
    expect(await page.getByTestId('config-title').innerText()).toBe(
      `${NEW_PUBLISHER.name} > Publisher default`,
    );

    // Every ad-flow transition shows and hides exactly its parts.
    await page.getByTestId('config-editor').waitFor();
    expect(await shown(page)).toEqual({
      preloadOptions: false,
      sequence: false,
      delayDuration: false,
      maxImpressions: true,
      startMidroll: true,
      display: true,
    });
    // Display fallback reveals the profile id and the mobile and desktop blocks.
    expect(await page.getByTestId('field-profileId').isVisible()).toBe(false);
    await page.getByTestId('switch-fallbackEnable').click();
    for (const id of ['field-profileId', 'display-mobile', 'display-desktop'])
      expect(await page.getByTestId(id).isVisible()).toBe(true);

    await page.getByTestId('flow-preload').click(); // Autoplay delay is the first sub-option
    expect(await shown(page)).toEqual({
      preloadOptions: true,
      sequence: true,
      delayDuration: false,
      maxImpressions: true,
      startMidroll: true,
      display: true,
    });
    await page.getByTestId('preload-playAdDuringHighlights').click();
    expect(await shown(page)).toEqual({
      preloadOptions: true,
      sequence: true,
      delayDuration: false,
      maxImpressions: false,
      startMidroll: false,
      display: true,
    });
    await page.getByTestId('preload-delayDuration').click();
    expect(await shown(page)).toEqual({
      preloadOptions: true,
      sequence: true,
      delayDuration: true,
      maxImpressions: false,
      startMidroll: false,
      display: false,
    });
    await snap(page, 'monetization-config-delay-duration');
    // Delay duration switched the display fallback off: back on a flow with display, it is off.
    await page.getByTestId('preload-autoplayDelay').click();
    expect(await shown(page)).toMatchObject({ display: true, maxImpressions: true, delayDuration: false });
    expect(await page.getByTestId('field-profileId').isVisible()).toBe(false);
    await page.getByTestId('flow-autoplay').click();
    expect(await shown(page)).toMatchObject({ preloadOptions: false, sequence: false, maxImpressions: true });

    // Skip reveals the Skip Timer.
    expect(await page.getByTestId('field-skipTimer').isVisible()).toBe(false);
    await page.getByTestId('switch-skip').click();
    expect(await page.getByTestId('field-skipTimer').isVisible()).toBe(true);

    // The channel is lowercased and numeric inputs keep digits only; an invalid field disables Save.
    const save = page.getByTestId('config-save');
    expect(await save.isDisabled()).toBe(true); // no channel yet
    expect(await page.getByTestId('error-channel').innerText()).toBe('Channel ID is required');
    await page.getByTestId('input-channel').fill('ABCDEF0123456789ABCDEF01');
    expect(await page.getByTestId('input-channel').inputValue()).toBe('abcdef0123456789abcdef01');
    await page.getByTestId('input-skipTimer').fill('1x1');
    expect(await page.getByTestId('input-skipTimer').inputValue()).toBe('11');
    expect(await page.getByTestId('error-skipTimer').innerText()).toBe('Skip Timer must be between 3 and 10');
    expect(await save.isDisabled()).toBe(true);
    await page.getByTestId('input-skipTimer').fill('6');
    expect(await save.isDisabled()).toBe(false);

    await page.getByTestId('flow-preload').click();
    await page.getByTestId('preload-playAdDuringHighlights').click();
    await page.getByTestId('switch-fallbackEnable').click();
    expect(await save.isDisabled()).toBe(true);
    await page.getByTestId('input-profileId').fill('12');
    expect(await page.getByTestId('error-profileId').innerText()).toBe(
      'Profile Id must be 4 or 5 digits (at most 99999)',
    );
    await page.getByTestId('input-profileId').fill('7312');
    expect(await save.isDisabled()).toBe(false);
    await snap(page, 'monetization-config-ready');

    const request = page.waitForRequest(
      (r) => r.url().includes('/publisher_info/monetization') && r.method() === 'PUT',
    );
    await save.click();
    const body = (await request).postDataJSON() as {
      video: Record<string, unknown>;
      display: Record<string, Record<string, unknown>>;
    };
    // Fields that do not apply to Play ad during highlights are not submitted; display times are in ms.
    expect(body.video).toMatchObject({
      channel: 'abcdef0123456789abcdef01',
      aniviewAutoplay: false,
      aniviewPlayAdExactBetween: true,
      skip: true,
      skipTimer: 6,
      adSequence: '2',
    });
    for (const field of ['maxImpressions', 'startMidroll', 'adDelayDuration'])
      expect(body.video).not.toHaveProperty(field);
    expect(body.display.mobile).toMatchObject({
      fallbackEnable: true,
      displayAdDuration: 10_000,
      pubmaticUrl: expect.stringMatching(/\/7312$/) as unknown,
    });

    const saved = page.getByTestId('setup-saved-dialog');
    await saved.waitFor();
    expect(await saved.locator('.p-dialog-title').innerText()).toBe(messages.setupSaved);
    expect(await page.getByTestId('setup-saved-dialog-message').innerText()).toBe(messages.setupSavedHint);
    await page.getByTestId('setup-saved-dialog-accept').click();
    await page.waitForURL('**/admin/monetization/setup');

    // Harbor Herald was the last publisher without a setup.
    await page.getByTestId('setup-action-new-publisher-setup').click();
    await page.getByTestId('select-no-publisher').waitFor();
    await page.getByTestId('select-cancel').click();

    // View existing setup: the new setup, and an A/B placement that expands into its variants.
    await page.getByTestId('setup-action-view-existing-setup').click();
    await page.getByTestId('view-empty').waitFor();
    await page.getByTestId('view-publishers').click();
    for (const name of [NEW_PUBLISHER.name, 'Metro Sports'])
      await page.locator('.p-multiselect-panel .p-multiselect-item').getByText(name, { exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('view-load').click();
    const videoRows = page.getByTestId('view-video-row');
    const newRow = videoRows.filter({ hasText: NEW_PUBLISHER.name });
    await newRow.waitFor();
    const newRowText = await newRow.innerText();
    expect(newRowText).toContain('abcdef0123456789abcdef01');
    expect(newRowText).toContain('Preload sequence: Play ad during highlights');
    const abRow = videoRows.filter({ hasText: 'Scores Hub' });
    await abRow.locator('.p-row-toggler').click();
    const variants = page.locator('[data-testid^="ab-variants-"]');
    await variants.waitFor();
    expect(await variants.locator('tbody tr').allInnerTexts()).toEqual([
      expect.stringMatching(/^90%\s+Control$/),
      expect.stringMatching(/^10%\s+Higher midroll frequency$/),
    ]);
    await snap(page, 'monetization-view-video');
    await page.getByTestId('view-tab-display').click();
    const displayRow = page.getByTestId('view-display-row').filter({ hasText: NEW_PUBLISHER.name }).first();
    await displayRow.waitFor();
    expect(await displayRow.innerText()).toContain('10 s');

    // Audit Logs: the three records the save created, by the acting user.
    // The first page (1-based) of the default 120-day look-back: the calendar day 120 days before today
    // on the browser's wall clock, sent with the browser's time zone.
    const firstCall = page.waitForRequest((r) => r.url().includes('/monetization_audit?'));
    await page.goto(server.baseUrl + '/admin/monetization/audit');
    const query = new URL((await firstCall).url()).searchParams;
    const browserDefault = await page.evaluate(() => {
      const now = new Date();
      const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 120);
      const pad = (n: number) => String(n).padStart(2, '0');
      return {
        start: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
        zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      };
    });
    expect([query.get('page'), query.get('start_date'), query.get('time_zone')]).toEqual([
      '1',
      browserDefault.start,
      browserDefault.zone,
    ]);
    await pick(page, 'audit-publisher', NEW_PUBLISHER.name);
    const auditRows = page.getByTestId('audit-row');
    await expect(auditRows).toHaveCount(3);
    for (const text of await auditRows.allInnerTexts()) {
      expect(text).toContain(NEW_PUBLISHER.name);
      expect(text).toContain('admin@demo.example');
      expect(text).toContain('create');
    }
    await auditRows.filter({ hasText: 'VideoConfig' }).click();
    const details = page.getByTestId('change-details');
    await details.waitFor();
    const channelRow = details.getByTestId('change-row').filter({ hasText: 'channel' }).first();
    expect(await channelRow.locator('td').allInnerTexts()).toEqual([
      'channel',
      '',
      'abcdef0123456789abcdef01',
      '',
      '',
    ]);
  });

  test('updates a placement: A/B warnings, cancel warning, leave-page prompt, then before/after in Audit Logs', async ({
    page,
    server,
  }) => {
    await loginAs(page, server.baseUrl, 'admin@demo.example');
    await page.goto(server.baseUrl + '/admin/monetization/setup/update-existing-setup');
    expect(await page.getByTestId('select-title').innerText()).toBe('Update Existing Setup');
    expect(await page.getByTestId('select-go').innerText()).toBe('Load');
    expect(await page.getByTestId('select-go').isDisabled()).toBe(true);

    // A monetization A/B test cannot be edited here.
    await pick(page, 'select-publisher', 'Metro Sports');
    expect(await page.getByTestId('select-go').isDisabled()).toBe(false); // the placement is optional
    await pick(page, 'select-placement', 'Scores Hub');
    const blocked = page.getByTestId('ab-blocked-dialog');
    await blocked.waitFor();
    expect(await blocked.locator('.p-dialog-title').innerText()).toBe(messages.abTestBlockedTitle);
    expect(await page.getByTestId('ab-blocked-dialog-message').innerText()).toBe(messages.abTestBlocked);
    await page.getByTestId('ab-blocked-dialog-accept').click();
    expect(await page.getByTestId('select-placement').innerText()).toContain('Select a placement');

    // Choosing a publisher clears the placement.
    await pick(page, 'select-publisher', 'Daily Planet');
    await pick(page, 'select-placement', 'Homepage Top');
    await pick(page, 'select-publisher', 'Coastal Times');
    expect(await page.getByTestId('select-placement').innerText()).toContain('Select a placement');
    await pick(page, 'select-publisher', 'Daily Planet');
    await pick(page, 'select-placement', 'Homepage Top');
    await page.getByTestId('select-go').click();
    await page.waitForURL('**/admin/monetization/setup/update-placement-config/406');
    expect(await page.getByTestId('config-title').innerText()).toBe('Daily Planet > Homepage Top');
    const midroll = page.getByTestId('input-midrollTime');
    expect(await midroll.inputValue()).toBe('3');
    await midroll.fill('4');

    // Cancel warns; Stay keeps the edit.
    await page.getByTestId('config-cancel').click();
    expect(await page.getByTestId('setup-cancel-dialog-message').innerText()).toBe(
      messages.setupCancelWarning,
    );
    await page.getByTestId('setup-cancel-dialog-reject').click();

    // Leaving through the menu with unsaved changes asks first.
    const menu = new SideMenu(page);
    await menu.open();
    await menu.link('Audit Logs').click();
    const leave = page.getByTestId('setup-leave-dialog');
    await leave.waitFor();
    await snap(page, 'monetization-leave-prompt');
    await page.getByTestId('setup-leave-dialog-reject').click();
    expect(page.url()).toContain('/update-placement-config/406');
    expect(await midroll.inputValue()).toBe('4');

    await page.getByTestId('config-save').click();
    await page.getByTestId('setup-saved-dialog').waitFor();
    await page.getByTestId('setup-saved-dialog-accept').click();
    await page.waitForURL('**/admin/monetization/setup');

    // A placement with a plain A/B test asks before continuing.
    await page.getByTestId('setup-action-new-placement-setup').click();
    await pick(page, 'select-publisher', 'Daily Planet');
    await pick(page, 'select-placement', 'Article Inline');
    await page.getByTestId('ab-continue-dialog').waitFor();
    expect(await page.getByTestId('ab-continue-dialog-message').innerText()).toBe(messages.abTestWarning);
    await page.getByTestId('ab-continue-dialog-accept').click();
    expect(await page.getByTestId('select-go').isDisabled()).toBe(false);

    await page.goto(server.baseUrl + '/admin/monetization/audit');
    const first = page.getByTestId('audit-row').first();
    await expect.poll(() => first.innerText()).toContain('Homepage Top');
    const text = await first.innerText();
    expect(text).toContain('Daily Planet');
    expect(text).toContain('admin@demo.example');
    expect(text).toContain('midrollTime');
    await first.click();
    const row = page.getByTestId('change-details').getByTestId('change-row');
    expect(await row.locator('td').allInnerTexts()).toEqual([
      'midrollTime',
      '',
      '',
      '3',
      '4',
      auditToolMessages.revert,
    ]);
    await snap(page, 'monetization-change-details');
    await page.keyboard.press('Escape');

    // A refused save opens the error dialog with the server's first error.
    await page.goto(server.baseUrl + '/admin/monetization/setup/new-publisher-config/406');
    await page.getByTestId('input-channel').fill('0123456789abcdef01234567');
    await page.getByTestId('config-save').click();
    const failed = page.getByTestId('setup-error-dialog');
    await failed.waitFor();
    expect(await failed.locator('.p-dialog-title').innerText()).toBe(messages.setupSaveFailedTitle);
    expect(await page.getByTestId('setup-error-dialog-message').innerText()).toBe(
      setupErrors.exists('publisher'),
    );
  });

  test('says the publishers could not be fetched when that call fails, instead of leaving the pickers empty', async ({
    page,
    server,
  }) => {
    await loginAs(page, server.baseUrl, 'admin@demo.example');
    await page.route('**/api/v1/editor/publishers', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, errors: ['Service unavailable'] }),
      }),
    );
    try {
      for (const path of ['/admin/monetization/audit', '/admin/ad-config']) {
        await page.goto(server.baseUrl + path);
        const toast = page.getByTestId('toast-text').filter({ hasText: messages.errorFetchingPublishers });
        // The call is retried twice before it counts as failed.
        await toast.first().waitFor({ timeout: 20_000 });
        expect(await toast.count()).toBe(1);
        expect(await new Shell(page).controlsUnder(toast.first())).toEqual([]);
        await snap(page, `publishers-error${path.replaceAll('/', '-')}`);
      }
    } finally {
      await page.unroute('**/api/v1/editor/publishers');
    }
  });

  test('shows editor@ no Admin menu and answers its monetization calls with 403', async ({
    page,
    server,
  }) => {
    await loginAs(page, server.baseUrl, 'editor@demo.example');
    const menu = new SideMenu(page);
    await menu.open();
    expect(await menu.topLevelLabels()).not.toContain('Admin');
    const statuses = await page.evaluate(async () => {
      const session = JSON.parse(localStorage.getItem('hc.session') ?? '{}') as {
        email: string;
        token: string;
      };
      const headers = {
        'x-user-email': session.email,
        'x-user-token': session.token,
        'content-type': 'application/json',
      };
      const call = async (path: string, init: RequestInit = {}) =>
        (await fetch(`/api/v1/editor/${path}`, { ...init, headers })).status;
      return [
        await call('monetization_audit?page=1&per=10&from=120'),
        await call('monetization_setup/all_configs?publisher_ids=406'),
        await call('publisher_info/monetization', { method: 'PUT', body: '{}' }),
      ];
    });
    expect(statuses).toEqual([403, 403, 403]);
  });
});
