// The live channel as users meet it: menu badges that move with no reload when counts change on the
// server, a session ended behind the browser's back opening the 401 dialog by itself, and a logout in
// one tab taking the other tab to the login page, and a session already holding every live socket it
// may have is told so in the top bar.
import { expect, test } from './support/fixtures.ts';
import { schema } from '@hc/db/schema';
import { LIVE_SOCKETS_PER_SESSION } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import { connectAs, type LiveClient } from '../support/live-client.ts';
import { eventually } from '../support/retry.ts';
import { liveSocketUpgraded, loginAs, snap } from './support/browser.ts';
import { endSessionsOf } from './support/server.ts';
import { SessionDialog } from './support/pages/session-dialog.ts';
import { UserMenu } from './support/pages/user-menu.ts';

test.use({ e2e: {} });
const REVIEWER = 'apvadmin@demo.example';

/** The user menu's pending total as the badge shows it (0 when no badge). */
async function shownTotal(menu: UserMenu): Promise<number> {
  const label = (await menu.button.getAttribute('aria-label')) ?? '';
  const match = /, (\d+) pending tasks/.exec(label);
  return match ? Number(match[1]) : 0;
}

test.describe('pushed pending counts', () => {
  test('raises the badge within a second of articles being queued, with no reload', async ({
    page,
    server,
  }) => {
    await loginAs(page, server.baseUrl, REVIEWER);
    const menu = new UserMenu(page);
    await expect.poll(() => shownTotal(menu)).toBeGreaterThan(0);
    const before = await shownTotal(menu);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));

    // An import queues two articles for review for publisher 406 and announces it.
    const { db } = server.database.handle;
    for (let i = 0; i < 2; i++) {
      await db.insert(schema.articles).values({
        id: 990_000_000 + i,
        publisherId: 406,
        title: `Live queued ${i}`,
        url: `https://news.example/live-${i}`,
        createdAt: new Date(),
        reviewStatus: 'pending',
      });
    }
    server.ctx.live.countsChanged([406]);

    await expect.poll(() => shownTotal(menu), { timeout: 2_000, intervals: [100] }).toBe(before + 2);
    expect(navigations).toEqual([]);
    await menu.button.click();
    await expect.poll(() => page.getByTestId('pending-total').innerText()).toContain(String(before + 2));
    await snap(page, 'live-pushed-counts');
  });
});

test.describe('sessions ending while the console is open', () => {
  test('opens the session dialog by itself when the session is revoked on the server', async ({
    page,
    server,
  }) => {
    await loginAs(page, server.baseUrl, 'viewer@demo.example');
    await expect.poll(() => new UserMenu(page).email.innerText()).toBe('viewer@demo.example');
    expect(await endSessionsOf(server, 'viewer@demo.example')).toBeGreaterThan(0);
    const dialog = new SessionDialog(page);
    await expect(dialog.dialog).toBeVisible();
    await snap(page, 'live-session-revoked');
  });

  test('a logout in one tab takes the other tab to the login page', async ({ page, context, server }) => {
    await loginAs(page, server.baseUrl, 'editor@demo.example');
    const other = await context.newPage();
    await other.goto(server.baseUrl);
    await expect.poll(() => new UserMenu(other).email.innerText()).toBe('editor@demo.example');

    await new UserMenu(page).logout();
    await expect.poll(() => new URL(other.url()).pathname).toBe('/login');
    await other.close();
  });
});

test.describe('too many live connections', () => {
  const held: LiveClient[] = [];
  test.afterAll(() => {
    for (const client of held) client.close();
  });

  test('says in the top bar that live updates are off, and why, when the session already holds every socket', async ({
    page,
    server,
  }) => {
    const upgraded = liveSocketUpgraded(page);
    await loginAs(page, server.baseUrl, 'viewer@demo.example');
    await expect.poll(() => new UserMenu(page).email.innerText()).toBe('viewer@demo.example');
    await upgraded;
    const stored = await page.evaluate(() => localStorage.getItem('hc.session'));
    const { email, token } = JSON.parse(stored!) as { email: string; token: string };
    const session = { 'x-user-email': email, 'x-user-token': token };

    // The console's own socket gives its place back once its tab is closed; other tabs then fill the
    // session. Closing the tab ends its connection at once once it runs over a WebSocket (a polling one
    // is noticed only when its heartbeat times out), where a navigation away from the console may leave
    // the socket to the browser's unload and, on a loaded machine, outlast the wait below.
    await page.close();
    while (held.length < LIVE_SOCKETS_PER_SESSION) {
      held.push(await eventually(() => connectAs(server.baseUrl, session), 10_000, 100));
    }

    const tab = await page.context().newPage();
    await tab.goto(server.baseUrl);
    const indicator = tab.getByTestId('live-indicator');
    await expect.poll(() => indicator.innerText(), { timeout: 15_000 }).toContain('Live updates off');
    expect(await indicator.getAttribute('title')).toBe(
      `Live updates are off. ${messages.liveTooManySessionSockets} Counts refresh every minute.`,
    );
    // The rest of the console works without the live channel.
    await expect.poll(() => new UserMenu(tab).email.innerText()).toBe('viewer@demo.example');
    await snap(tab, 'live-refused-too-many-sockets');
  });
});
