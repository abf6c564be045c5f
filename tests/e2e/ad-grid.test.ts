// The Ad Configuration grid and Bulk Report screens as admin@demo.example, with the real workers: a grid
// edit with an invalid cell (the exact message) then a valid one (green), submitted as a job and seen
// again after a reload; a populated report's link and its kept copy, and an update report previewed
// (a conflict with a later grid save, a refused cell) before only the rest is applied.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { expect, test } from './support/fixtures.ts';
import type { E2eServer } from './support/server.ts';
import { DEMO_PASSWORD } from '@hc/db/seed/accounts';
import type { GridData } from '@hc/shared/api/ad-grid';
import { gridCellInvalid, gridDiscardEdits, messages } from '@hc/shared/messages';
import { snap } from './support/browser.ts';
import { AdConfigPage, ReportsPage } from './support/pages/ad-config-page.ts';
import { Shell } from './support/pages/shell.ts';
import { eventually } from '../support/retry.ts';

test.use({ e2e: { signedInAs: 'admin@demo.example' } });
const PUBLISHERS = ['Daily Planet', 'Metro Sports'];

/** A second session of a demo account, for changes made outside the browser (another tab's grid). */
async function apiLogin(server: E2eServer, email: string) {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/v1/auth/editor/login',
    payload: { email, password: DEMO_PASSWORD },
  });
  const data = response.json().data as { email: string; token: string };
  return { 'x-user-email': data.email, 'x-user-token': data.token };
}
async function api(
  server: E2eServer,
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  const response = await server.app.inject({ method, url: `/api/v1/editor/${url}`, headers, payload });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json() as { data: unknown };
}

test.describe('Ad Configuration grid', () => {
  test('shows the rule message for an invalid cell, marks a valid edit, submits it and shows it after a reload', async ({
    page,
    server,
  }) => {
    const grid = new AdConfigPage(page, server.baseUrl);
    const shell = new Shell(page);
    await grid.goto();
    await grid.load(PUBLISHERS);
    expect(await grid.rows().count()).toBe(2);
    const key = (await grid.rows().first().getAttribute('data-key'))!;
    expect(key).toMatch(/^publisher:\d+$/);

    await grid.type(key, 'vastRetry', '9');
    expect(await grid.cellError(key, 'vastRetry').innerText()).toBe(gridCellInvalid(1, 5));
    expect(await grid.cell(key, 'vastRetry').getAttribute('data-state')).toBe('invalid');
    // A limit with no upper bound is read as 'at least', not against the largest stored integer.
    await grid.type(key, 'startMidroll', '6');
    expect(await grid.cellError(key, 'startMidroll').innerText()).toBe(
      'Invalid input. Please enter an integer of at least 7.',
    );
    await grid.type(key, 'startMidroll', '7');
    expect(await grid.cellError(key, 'startMidroll').count()).toBe(0);

    // Every marked state on screen has its legend entry, drawn the way the cell is.
    const shown = await page
      .locator('[data-testid="grid-table-publisher"] td[data-state]')
      .evaluateAll((tds) => [...new Set(tds.map((td) => td.getAttribute('data-state')))]);
    expect(shown).toContain('invalid');
    for (const state of shown.filter((x) => x !== 'plain')) {
      await page.getByTestId(`grid-legend-${state!}`).waitFor();
    }
    const look = (el: Element) => {
      const style = getComputedStyle(el);
      return { background: style.backgroundColor, outline: style.boxShadow };
    };
    expect(await page.getByTestId('grid-legend-invalid').locator('.hc-grid-swatch').evaluate(look)).toEqual(
      await grid.cell(key, 'vastRetry').evaluate(look),
    );
    expect(await page.getByTestId('grid-legend-invalid').innerText()).toBe('Invalid');

    await grid.submit.click();
    await shell.toast(gridCellInvalid(1, 5)).waitFor();
    await snap(page, 'ad-grid-invalid');

    await grid.type(key, 'vastRetry', '4');
    expect(await grid.cellError(key, 'vastRetry').count()).toBe(0);
    expect(await grid.cell(key, 'vastRetry').getAttribute('data-state')).toBe('edited');
    expect(await grid.cell(key, 'vastRetry').evaluate((td) => getComputedStyle(td).backgroundColor)).toBe(
      'rgb(220, 252, 231)',
    );
    await grid.submit.click();
    await shell.toast(messages.configurationsSubmitted).waitFor();
    await expect(grid.cell(key, 'vastRetry')).toHaveAttribute('data-state', 'plain');

    await page.reload();
    await grid.load(PUBLISHERS);
    expect(await grid.cell(key, 'vastRetry').innerText()).toBe('4');
    await snap(page, 'ad-grid-after-submit');
  });
});

test.describe('Ad Configuration grid edits are never dropped silently', () => {
  test('asks before Get Configurations would discard edits, keeps them on Keep editing, drops them on Discard', async ({
    page,
    server,
  }) => {
    const grid = new AdConfigPage(page, server.baseUrl);
    await grid.goto();
    await grid.load(PUBLISHERS);
    const key = (await grid.rows().first().getAttribute('data-key'))!;
    await grid.type(key, 'errorLimit', '11');
    expect(await grid.cell(key, 'errorLimit').getAttribute('data-state')).toBe('edited');

    await page.getByTestId('grid-get').click();
    const dialog = page.getByTestId('grid-discard-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(gridDiscardEdits(1));
    await snap(page, 'ad-grid-discard-prompt');
    await page.getByTestId('grid-discard-no').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await grid.cell(key, 'errorLimit').getAttribute('data-state')).toBe('edited');

    await page.getByTestId('grid-get').click();
    await page.getByTestId('grid-discard-yes').click();
    await expect(grid.cell(key, 'errorLimit')).toHaveAttribute('data-state', 'plain');
  });
});

test.describe('Bulk Report', () => {
  test('populates a report (kept by date), and previews an edited one before applying only the rest', async ({
    page,
    context,
    server,
  }) => {
    const reports = new ReportsPage(page, server.baseUrl);
    const shell = new Shell(page);
    await reports.goto();
    await page.getByTestId('report-history-empty').waitFor();

    await page.getByTestId('report-populate').click();
    await shell.toast(messages.missingInputs).waitFor();

    const id = await reports.newSpreadsheet();
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await reports.pickPublisher(0, 'Daily Planet');
    await page.getByTestId('report-picker-add').click();
    await reports.pickPublisher(1, 'Metro Sports');
    // Success opens the link in a new tab (the spec's "Report" rule): that tab asks for the workbook.
    const opened = context.waitForEvent('request', (r) => r.url().includes('/files/workbooks/'));
    await page.getByTestId('report-populate').click();
    await reports.link.waitFor();
    const href = (await reports.link.getAttribute('href'))!;
    expect(href).toMatch(/^\/files\/workbooks\/[A-Za-z0-9_-]{22}$/);
    expect((await opened).url()).toBe(server.baseUrl + href);

    // The populated workbook is listed by date and downloads as it was generated.
    await reports.historyItems.first().waitFor();
    expect(await reports.historyItems.count()).toBe(1);
    expect(await reports.historyItems.first().innerText()).toContain('Daily Planet, Metro Sports');
    await snap(page, 'reports-populated');
    const downloading = page.waitForEvent('download');
    await reports.historyItems.first().getByTestId('report-history-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^report-\d{4}-\d\d-\d\d-\d{4}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync((await download.path())!) as unknown as ArrayBuffer);

    // Meanwhile the grid changes Daily Planet's midroll time and error limit.
    const headers = await apiLogin(server, 'admin@demo.example');
    const grid = await api(server, 'POST', 'ad_config/fill', headers, {
      publisher_ids: [406],
      session_id: 'e2e-fill',
    });
    const planet = (grid.data as GridData).publisher[0]!;
    const started = await api(server, 'POST', 'monetization_setup/submit', headers, {
      data: {
        publisher: [
          { key: planet.key, version: planet.version, changes: { midrollTime: 9, errorLimit: 33 } },
        ],
        placement: [],
        display: [],
        displayPlacement: [],
      },
      session_id: 'e2e-grid-change',
    });
    const jobId = (started.data as { job_id: string }).job_id;
    await eventually(async () => {
      const status = await api(server, 'GET', `monetization_setup/submit/${jobId}`, headers);
      expect((status.data as { state: string }).state).toBe('completed');
    }, 20_000);

    // The earlier workbook, edited as a user would: one valid change, one out of bounds.
    // Rows by their key (Metro Sports is 407 in the demo data) or by their placement's name.
    const cellOf = (sheetName: string, key: string, label: string) => {
      const sheet = workbook.getWorksheet(sheetName)!;
      let col = 0;
      sheet.getRow(1).eachCell((cell, at) => {
        if (cell.value === label) col = at;
      });
      let found: ExcelJS.Cell | undefined;
      sheet.eachRow((row) => {
        if (row.getCell(1).value === key || row.getCell(3).value === key) found = row.getCell(col);
      });
      expect(found, `${key} ${label}`).toBeDefined();
      return found!;
    };
    cellOf('Video Publisher', 'publisher:407', 'Error Limit').value = 25;
    cellOf('Video Placement', 'Homepage Top', 'Skip Timer').value = 42;
    await reports.upload('edited.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));

    // Update report shows what it would change; nothing is written yet.
    await page.getByTestId('report-update').click();
    await reports.preview.waitFor();
    const conflict = reports.previewRow('conflict', 'Daily Planet');
    await conflict.waitFor();
    expect(await conflict.innerText()).toMatch(
      /changed by admin@demo\.example at .+ UTC \(Error Limit, Midroll Time\)/,
    );
    expect(await reports.previewRow('change', 'Metro Sports').innerText()).toContain('Error Limit');
    const refused = reports.previewRow('refused', 'Homepage Top');
    expect(await refused.getByTestId('report-preview-cell-error').innerText()).toBe(gridCellInvalid(3, 10));
    expect(await page.getByTestId('report-preview-apply').count()).toBe(0);
    await snap(page, 'reports-preview');

    // Escape cancels: still nothing written.
    await page.keyboard.press('Escape');
    await reports.preview.waitFor({ state: 'detached' });
    expect(await reports.updateResult.count()).toBe(0);

    // Again, and this time apply the rest.
    await page.getByTestId('report-update').click();
    await page.getByTestId('report-preview-apply-rest').click();
    await reports.updateResult.waitFor();
    expect(await reports.updateResult.innerText()).toContain('1 configuration updated, 2 rows not applied');
    expect(await page.getByTestId('report-update-applied').innerText()).toBe('Metro Sports: Error Limit');
    await shell
      .toast(`Skip Timer: ${gridCellInvalid(3, 10)}`)
      .first()
      .waitFor();
    await snap(page, 'reports-updated');

    const fresh = await api(server, 'POST', 'ad_config/fill', headers, {
      publisher_ids: [406, 407],
      session_id: 'e2e-check',
    });
    const rows = (fresh.data as GridData).publisher;
    expect(rows.find((r) => r.publisherId === 406)!.values).toMatchObject({ midrollTime: 9, errorLimit: 33 });
    expect(rows.find((r) => r.publisherId === 407)!.values).toMatchObject({ errorLimit: 25 });
  });
});
