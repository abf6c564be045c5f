// The job center, the quick search and the keys list, and the audit log as a tool, in Chromium as users
// would use them (one browser for the file):
// - stories@demo.example starts a story archive and moves on to the highlights: when it ends a toast says
//   so with a link; 'Open jobs' shows it done with its result link. Ctrl+K finds the story by its
//   name and Enter opens it; it finds a screen by its label; `?` lists the keys.
// - admin@demo.example narrows the audit log by user and words, exports it as CSV, sees a change's before
//   and after, reverts it (the value is back, the revert is listed under the admin), and a second revert
//   of the same entry is refused with the reason.
import { readFile } from 'node:fs/promises';
import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import { expect, test } from './support/fixtures.ts';
import { schema } from '@hc/db/schema';
import type { GridSubmitData } from '@hc/shared/api/ad-grid';
import { auditToolMessages, jobCenterMessages } from '@hc/shared/messages';
import { applyGridChanges } from '@hc/monetization/grid';
import { loginAs, snap } from './support/browser.ts';

test.use({ e2e: {} });
const STORY_ID = 1;

test.describe('job center, quick search and keys', () => {
  test('tells a job’s end elsewhere, lists it, and jumps anywhere from the keyboard', async ({
    page,
    server,
  }) => {
    await loginAs(page, server.baseUrl, 'stories@demo.example');
    const live = page.waitForEvent('websocket', { predicate: (ws) => ws.url().includes('/socket.io/') });
    await page.goto(`${server.baseUrl}/highlights/web`);
    await live;
    const [story] = await server.ctx.db
      .select({ title: schema.stories.title })
      .from(schema.stories)
      .where(eq(schema.stories.id, STORY_ID));

    // The archive is started (as the story drawer's button does) while the user reads the highlights.
    const status = await page.evaluate(async (id) => {
      const session = JSON.parse(localStorage.getItem('hc.session')!) as { email: string; token: string };
      const response = await fetch(`/api/v1/editor/stamp/stories/${id}/highlights_zip`, {
        method: 'POST',
        headers: { 'x-user-email': session.email, 'x-user-token': session.token },
      });
      return response.status;
    }, STORY_ID);
    expect(status).toBe(202);
    const toast = page.locator('.hc-toast .p-toast-message').filter({ hasText: 'Story archive' });
    await toast.waitFor();
    expect(await toast.innerText()).toContain(jobCenterMessages.endedDone('Story archive', story!.title));
    await snap(page, 'job-center-toast');
    await toast.getByRole('button', { name: jobCenterMessages.openJobs }).click();
    await page.waitForURL(/\/jobs$/);

    const row = page.getByTestId('job-row').first();
    await expect(row.getByTestId('job-state')).toHaveAttribute('data-state', 'done');
    expect(await row.innerText()).toContain('Story archive');
    expect(await row.getByTestId('job-subject').innerText()).toBe(story!.title);
    expect(await row.getByTestId('job-result').getAttribute('href')).toMatch(
      /^\/media\/archives\/story-highlights\/406\//,
    );
    await page.getByTestId('jobs-state').click();
    await page.locator('.p-dropdown-item').getByText('Failed', { exact: true }).click();
    await page.getByTestId('jobs-empty').waitFor();
    await page.getByTestId('jobs-state').locator('.p-dropdown-clear-icon').click();
    await row.waitFor();
    await snap(page, 'job-center');

    // Ctrl+K: the story by the first word of its name, opened with Enter.
    await page.keyboard.press('Control+k');
    const palette = page.getByTestId('command-palette');
    await palette.waitFor();
    // The search box has the focus: typing goes straight into it.
    await expect
      .poll(() => palette.getByTestId('palette-input').evaluate((el) => el === document.activeElement))
      .toBe(true);
    await page.keyboard.type(story!.title);
    const storyItem = palette.locator(`[data-key="story:${STORY_ID}"]`);
    await storyItem.waitFor();
    await snap(page, 'command-palette');
    // The arrows move the choice to the story; Enter opens it.
    const items = palette.getByTestId('palette-item');
    const index = (await items.evaluateAll((els) => els.map((e) => e.getAttribute('data-key')))).indexOf(
      `story:${STORY_ID}`,
    );
    expect(index).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < index; i++) await page.keyboard.press('ArrowDown');
    await expect(storyItem).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/stamp/${STORY_ID}$`));
    await palette.waitFor({ state: 'detached' });

    // A screen by its label.
    await page.keyboard.press('Control+k');
    await palette.waitFor();
    await page.keyboard.type('jobs');
    await expect
      .poll(() => palette.getByTestId('palette-item').first().innerText())
      .toContain(jobCenterMessages.title);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/jobs$/);

    // `?` lists the keys; on a screen with keys of its own they are listed too.
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('?');
    const help = page.getByTestId('keyboard-help');
    await help.waitFor();
    expect(await help.innerText()).toContain('Ctrl+K');
    await snap(page, 'keyboard-help');
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'detached' });
  });
});

test.describe('audit log as a tool', () => {
  test('filters, exports, shows before and after, and reverts a config value with the version check', async ({
    page,
    server,
  }) => {
    const db = server.ctx.db;
    // A placement's midroll time set to 4, then changed to 11 by a colleague, the way the grid changes it.
    const [config] = await db
      .select({ placementId: schema.videoConfigs.placementId })
      .from(schema.videoConfigs)
      .leftJoin(schema.abTests, eq(schema.abTests.placementId, schema.videoConfigs.placementId))
      .where(
        and(
          isNotNull(schema.videoConfigs.placementId),
          or(isNull(schema.abTests.monetization), eq(schema.abTests.monetization, false)),
        ),
      )
      .limit(1);
    const placementId = config!.placementId!;
    const before = 4;
    const changed = 11;
    const change = async (email: string, midrollTime: number) => {
      const data: GridSubmitData = {
        publisher: [],
        placement: [{ key: `placement:${placementId}`, changes: { midrollTime } }],
        display: [],
        displayPlacement: [],
      };
      const applied = await db.transaction((tx) =>
        applyGridChanges(tx, data, { userId: null, email }, { atomicity: 'all' }),
      );
      expect(applied.errors).toEqual([]);
    };
    await change('setup@grid.example', before);
    await change('colleague@grid.example', changed);

    await loginAs(page, server.baseUrl, 'admin@demo.example');
    await page.goto(`${server.baseUrl}/admin/monetization/audit`);
    const rows = page.getByTestId('audit-row');
    await rows.first().waitFor();
    await page.getByTestId('audit-user').fill('colleague@grid');
    await expect(rows).toHaveCount(1);
    await page.getByTestId('audit-q').fill('midroll');
    await expect(rows).toHaveCount(1);
    expect(await rows.first().getByTestId('audit-changes').innerText()).toContain(`midrollTime: `);
    expect(await rows.first().getByTestId('audit-changes').innerText()).toContain(`→ ${changed}`);
    await snap(page, 'audit-tool');

    const download = page.waitForEvent('download');
    await page.getByTestId('audit-export').click();
    const file = await (await download).path();
    const csv = await readFile(file, 'utf8');
    const lines = csv.split('\r\n').filter(Boolean);
    expect(lines[0]).toBe('Date,Publisher,Placement,User,Action,Object,Field,Before,After');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`colleague@grid.example,update,VideoConfig,midrollTime,`);

    await rows.first().getByTestId('audit-changes').click();
    const details = page.getByTestId('change-details');
    await details.waitFor();
    await snap(page, 'audit-revert');
    await details.getByTestId('revert-field').click();
    await details.waitFor({ state: 'detached' });
    const back = await db
      .select({ config: schema.videoConfigs.config })
      .from(schema.videoConfigs)
      .where(eq(schema.videoConfigs.placementId, placementId));
    expect((back[0]!.config as Record<string, unknown>).midrollTime).toBe(before);

    // The revert is listed under the admin.
    await page.getByTestId('audit-user').fill('admin@demo');
    await expect.poll(() => rows.first().innerText()).toContain(`${changed} → `);
    // Reverting the colleague's entry again is refused with the reason.
    await page.getByTestId('audit-user').fill('colleague@grid');
    await expect(rows).toHaveCount(1);
    await rows.first().getByTestId('audit-changes').click();
    await details.getByTestId('revert-field').click();
    await expect
      .poll(() => details.getByTestId('revert-problem').innerText())
      .toContain(auditToolMessages.alreadyBack);
    await snap(page, 'audit-revert-refused');
  });
});
