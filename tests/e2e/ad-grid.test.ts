// The Ad Configuration grid and Bulk Report screens as admin@demo.example, with the real workers: a grid
// edit with an invalid cell (the exact message) then a valid one (green), submitted as a job and seen
// again after a reload; a populated report's link, and an update report with one bad row toasted.
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { gridCellInvalid, gridDiscardEdits, messages } from '@hc/shared/messages';
import { snap } from './support/browser.ts';
import { useE2eSuite } from './support/suite.ts';
import { AdConfigPage, ReportsPage } from './support/pages/ad-config-page.ts';
import { Shell } from './support/pages/shell.ts';

const s = useE2eSuite({ signedInAs: 'admin@demo.example' });
const PUBLISHERS = ['Daily Planet', 'Metro Sports'];

describe('Ad Configuration grid', () => {
  it('shows the rule message for an invalid cell, marks a valid edit, submits it and shows it after a reload', async () => {
    const grid = new AdConfigPage(s.page, s.server.baseUrl);
    const shell = new Shell(s.page);
    await grid.goto();
    await grid.load(PUBLISHERS);
    expect(await grid.rows().count()).toBe(2);
    const key = (await grid.rows().first().getAttribute('data-key'))!;
    expect(key).toMatch(/^publisher:\d+$/);

    await grid.type(key, 'vastRetry', '9');
    expect(await grid.cellError(key, 'vastRetry').innerText()).toBe(gridCellInvalid(1, 5));
    expect(await grid.cell(key, 'vastRetry').getAttribute('data-state')).toBe('invalid');
    await grid.submit.click();
    await shell.toast(gridCellInvalid(1, 5)).waitFor();
    await snap(s.page, 'ad-grid-invalid');

    await grid.type(key, 'vastRetry', '4');
    expect(await grid.cellError(key, 'vastRetry').count()).toBe(0);
    expect(await grid.cell(key, 'vastRetry').getAttribute('data-state')).toBe('edited');
    expect(await grid.cell(key, 'vastRetry').evaluate((td) => getComputedStyle(td).backgroundColor)).toBe(
      'rgb(220, 252, 231)',
    );
    await grid.submit.click();
    await shell.toast(messages.configurationsSubmitted).waitFor();
    await expect.poll(() => grid.cell(key, 'vastRetry').getAttribute('data-state')).toBe('plain');

    await s.page.reload();
    await grid.load(PUBLISHERS);
    expect(await grid.cell(key, 'vastRetry').innerText()).toBe('4');
    await snap(s.page, 'ad-grid-after-submit');
  });
});

describe('Ad Configuration grid edits are never dropped silently', () => {
  it('asks before Get Configurations would discard edits, keeps them on Keep editing, drops them on Discard', async () => {
    const grid = new AdConfigPage(s.page, s.server.baseUrl);
    await grid.goto();
    await grid.load(PUBLISHERS);
    const key = (await grid.rows().first().getAttribute('data-key'))!;
    await grid.type(key, 'errorLimit', '11');
    expect(await grid.cell(key, 'errorLimit').getAttribute('data-state')).toBe('edited');

    await s.page.getByTestId('grid-get').click();
    const dialog = s.page.getByTestId('grid-discard-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain(gridDiscardEdits(1));
    await snap(s.page, 'ad-grid-discard-prompt');
    await s.page.getByTestId('grid-discard-no').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await grid.cell(key, 'errorLimit').getAttribute('data-state')).toBe('edited');

    await s.page.getByTestId('grid-get').click();
    await s.page.getByTestId('grid-discard-yes').click();
    await expect.poll(() => grid.cell(key, 'errorLimit').getAttribute('data-state')).toBe('plain');
  });
});

describe('Bulk Report', () => {
  it('populates a spreadsheet and links it, then applies an edited one with its bad row toasted', async () => {
    const reports = new ReportsPage(s.page, s.server.baseUrl);
    const shell = new Shell(s.page);
    await reports.goto();

    await s.page.getByTestId('report-populate').click();
    await shell.toast(messages.missingInputs).waitFor();

    const id = await reports.newSpreadsheet();
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    await reports.pickPublisher(0, 'Daily Planet');
    // Success opens the link in a new tab (spec 002 §4 "Report"): that tab asks for the workbook.
    const opened = s.context.waitForEvent('request', (r) => r.url().includes('/files/workbooks/'));
    await s.page.getByTestId('report-populate').click();
    await reports.link.waitFor();
    const href = (await reports.link.getAttribute('href'))!;
    expect(href).toMatch(/^\/files\/workbooks\/[A-Za-z0-9_-]{22}$/);
    expect((await opened).url()).toBe(s.server.baseUrl + href);
    await snap(s.page, 'reports-populated');

    // The linked spreadsheet, edited as a user would: one valid change, one out of bounds.
    const download = await s.page.request.get(s.server.baseUrl + href);
    expect(download.status()).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download.body()) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Video Publisher')!;
    const header = (label: string) => {
      let at = 0;
      sheet.getRow(1).eachCell((cell, col) => {
        if (cell.value === label) at = col;
      });
      return at;
    };
    expect(sheet.rowCount).toBe(2);
    sheet.getRow(2).getCell(header('Error Limit')).value = 25;
    const placements = workbook.getWorksheet('Video Placement')!;
    expect(placements.rowCount).toBeGreaterThan(1);
    placements.getRow(2).getCell(header('Skip Timer')).value = 42;

    await reports.upload('edited.xlsx', Buffer.from(await workbook.xlsx.writeBuffer()));
    await s.page.getByTestId('report-update').click();
    await reports.updateResult.waitFor();
    expect(await reports.updateResult.innerText()).toContain('1 configuration updated, 1 row refused');
    await shell.toast(gridCellInvalid(3, 10)).waitFor();
    await snap(s.page, 'reports-updated');
  });
});
