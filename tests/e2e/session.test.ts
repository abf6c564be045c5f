// Login, the route guard, logout and the expired-session dialog, as a user goes through them.
import { expect, test } from './support/fixtures.ts';
import { DEMO_PASSWORD } from '@hc/db/seed/accounts';
import { messages } from '@hc/shared/messages';
import { localStorageKeys, loginAs, snap } from './support/browser.ts';
import { endSessionsOf } from './support/server.ts';
import { HighlightsPage } from './support/pages/highlights-page.ts';
import { LoginPage } from './support/pages/login-page.ts';
import { SessionDialog } from './support/pages/session-dialog.ts';
import { Shell } from './support/pages/shell.ts';
import { UserMenu } from './support/pages/user-menu.ts';

// These tests are about what a REST call's 401 does in the browser. The live channel's own session
// check (live.test.ts) would open the same dialog by itself a second after a session ends, racing the
// filter click below, so here it checks only every ten minutes.
test.use({ e2e: { server: { liveSessionRecheckMs: 10 * 60_000 } } });
const EDITOR = 'editor@demo.example';
/** The spec's wording, written out so a changed catalogue entry fails here too. */
const SESSION_EXPIRED_TEXT =
  'Looks like your session done, we will redirect you to login page. Login again for new session.';

test.describe('login', () => {
  test('takes a user typing a mixed-case e-mail to the APV Highlights list, under the lowercased e-mail', async ({
    page,
    server,
  }) => {
    const login = new LoginPage(page, server.baseUrl);
    await login.goto();
    expect(await login.version.innerText()).toBe('version 2.1.24');
    await snap(page, 'login-form');

    await login.submit('Editor@Demo.EXAMPLE', DEMO_PASSWORD, { keyByKey: true });
    await page.waitForURL(`${server.baseUrl}/`);
    const list = new HighlightsPage(page, server.baseUrl);
    await list.waitForRows();
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('APV Highlights');
    expect(await new Shell(page).breadcrumbLabels()).toEqual(['APV Highlights', 'APV Highlights list (Web)']);
    expect(await new UserMenu(page).email.innerText()).toBe(EDITOR);
    await snap(page, 'login-landed');
  });

  test('refuses a wrong password with the message under the form and the Login Failed toast', async ({
    page,
    server,
  }) => {
    const login = new LoginPage(page, server.baseUrl);
    await login.goto();
    await login.submit(EDITOR, 'not-the-password');

    await login.error.waitFor();
    expect(await login.error.innerText()).toBe('Authentication failed.');
    expect(messages.authenticationFailed).toBe('Authentication failed.');
    const toast = new Shell(page).toast('Login Failed');
    await toast.waitFor();
    expect(await toast.getByTestId('toast-text').innerText()).toBe('Login Failed');
    expect(new Shell(page).path()).toBe('/login');
    expect(await localStorageKeys(page)).not.toContain('hc.session');
    await snap(page, 'login-failed');
  });
});

test.describe('route guard', () => {
  test('sends a visitor without a session to /login and, after login, back to the page asked for', async ({
    page,
    server,
  }) => {
    await page.goto(`${server.baseUrl}/highlights/web`);
    await page.waitForURL(/\/login\?from=/);
    expect(new Shell(page).path()).toBe('/login?from=%2Fhighlights%2Fweb');

    await new LoginPage(page, server.baseUrl).submit(EDITOR, DEMO_PASSWORD);
    await page.waitForURL(`${server.baseUrl}/highlights/web`);
    await new HighlightsPage(page, server.baseUrl).waitForRows();
    expect(await new Shell(page).breadcrumbLabels()).toEqual(['APV Highlights', 'APV Highlights list (Web)']);
  });

  test('shows an open page (/terms) without a session, with no detour through /login', async ({
    page,
    server,
  }) => {
    await page.goto(`${server.baseUrl}/terms`);
    await page.getByTestId('terms-page').waitFor();
    expect(new Shell(page).path()).toBe('/terms');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Terms of service');
  });

  test('sends a logged-in user who opens /login to /', async ({ page, server }) => {
    await loginAs(page, server.baseUrl, EDITOR);
    await new HighlightsPage(page, server.baseUrl).waitForRows();
    await page.goto(`${server.baseUrl}/login`);
    await page.waitForURL(`${server.baseUrl}/`);
    await new HighlightsPage(page, server.baseUrl).waitForRows();
    expect(await new LoginPage(page, server.baseUrl).form.count()).toBe(0);
  });
});

test.describe('logout', () => {
  test('goes to /login with empty local storage, and the list is guarded again', async ({ page, server }) => {
    await loginAs(page, server.baseUrl, EDITOR);
    await new HighlightsPage(page, server.baseUrl).waitForRows();
    expect(await localStorageKeys(page)).toContain('hc.session');
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('hc.session') ?? '{}') as { token?: string }).token,
    );

    await new UserMenu(page).logout();
    await page.waitForURL(`${server.baseUrl}/login`);
    await new LoginPage(page, server.baseUrl).form.waitFor();
    expect(await localStorageKeys(page)).toEqual([]);

    await page.goto(`${server.baseUrl}/highlights/web`);
    await page.waitForURL(/\/login\?from=/);
    expect(new Shell(page).path()).toBe('/login?from=%2Fhighlights%2Fweb');

    // The server ended the session too: the old token no longer opens anything.
    const reused = await page.request.get(`${server.baseUrl}/api/v1/editor/user_info/show`, {
      headers: { 'X-User-Email': EDITOR, 'X-User-Token': token ?? '' },
    });
    expect(reused.status()).toBe(401);
  });
});

test.describe('session ended on the server', () => {
  test('a filter change opens the session dialog; closing it clears local storage and lands on /login', async ({
    page,
    server,
  }) => {
    await loginAs(page, server.baseUrl, EDITOR);
    const list = new HighlightsPage(page, server.baseUrl);
    await list.waitForRows();
    expect(await endSessionsOf(server, EDITOR)).toBeGreaterThan(0);

    await list.choose('highlights-filter-status', 'Deactivated');
    const dialog = new SessionDialog(page);
    await dialog.dialog.waitFor();
    expect(await dialog.message.innerText()).toBe(SESSION_EXPIRED_TEXT);
    expect(messages.sessionExpired).toBe(SESSION_EXPIRED_TEXT);
    await snap(page, 'session-expired-dialog');

    await dialog.closeButton.click();
    await page.waitForURL(`${server.baseUrl}/login`);
    await new LoginPage(page, server.baseUrl).form.waitFor();
    expect(await localStorageKeys(page)).toEqual([]);
  });

  test('a reload opens the same dialog; Go to login clears local storage and lands on /login', async ({
    page,
    server,
  }) => {
    await loginAs(page, server.baseUrl, EDITOR);
    await new HighlightsPage(page, server.baseUrl).waitForRows();
    await endSessionsOf(server, EDITOR);

    await page.reload();
    const dialog = new SessionDialog(page);
    await dialog.dialog.waitFor();
    expect(await dialog.message.innerText()).toBe(SESSION_EXPIRED_TEXT);
    await dialog.goToLoginButton.click();
    await page.waitForURL(`${server.baseUrl}/login`);
    await new LoginPage(page, server.baseUrl).form.waitFor();
    expect(await localStorageKeys(page)).toEqual([]);
  });
});
