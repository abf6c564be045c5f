// The side drawer per role (RBAC), its remembered open groups, the current-page mark and breadcrumbs.
import { expect, test } from './support/fixtures.ts';
import { DEMO_ACCOUNTS } from '@hc/db/seed/accounts';
import { breadcrumbsFor, menuFor, type MenuItem } from '@hc/shared/routes';
import { loginAs, snap } from './support/browser.ts';
import { HighlightsPage } from './support/pages/highlights-page.ts';
import { Shell } from './support/pages/shell.ts';
import { SideMenu, type MenuNode } from './support/pages/side-menu.ts';

test.use({ e2e: {} });

/** The roles the server reports for a demo account: its seeded roles, isLoggedIn, and admin for admins. */
function rolesOf(email: string): string[] {
  const account = DEMO_ACCOUNTS.find((a) => a.email === email);
  if (!account) throw new Error(`no demo account ${email}`);
  return [...account.roles, 'isLoggedIn', ...(account.isAdmin ? ['admin'] : [])];
}

const toNodes = (items: readonly MenuItem[]): MenuNode[] =>
  items.map((i) => ({ label: i.label, children: toNodes(i.children) }));

/**
 * The intent of the spec's role table written out by hand, independent of menuFor: which users see which
 * role-guarded top-level entries. Everyone sees APV Highlights and the three resources.
 */
const GUARDED_ENTRIES: Record<string, readonly string[]> = {
  'Top Videos': ['admin', 'editor'],
  'AMP Stories': ['admin', 'stories'],
  'Auto Highlight Review': ['admin', 'apvadmin'],
  Admin: ['admin'],
};
const EVERYONE = ['APV Highlights', 'Documentation', 'Terms', 'Help'];

/** Whole lists for three accounts, literally, so a broken menuFor cannot make the test pass on its own. */
const LITERAL_TOP_LEVEL: Record<string, string[]> = {
  viewer: ['APV Highlights', 'Vertical', 'Documentation', 'Terms', 'Help'],
  editor: ['APV Highlights', 'Top Videos', 'Vertical', 'Documentation', 'Terms', 'Help'],
  admin: [
    'APV Highlights',
    'Top Videos',
    'AMP Stories',
    'Syndication',
    'Auto Highlight Review',
    'Vertical',
    'Admin',
    'Documentation',
    'Terms',
    'Help',
  ],
};

test.describe('side menu per role', () => {
  for (const user of ['admin', 'editor', 'viewer', 'stories', 'apvadmin', 'reviewer']) {
    test(`shows ${user} exactly the entries their roles allow`, async ({ page, server }) => {
      const email = `${user}@demo.example`;
      await loginAs(page, server.baseUrl, email);
      await new HighlightsPage(page, server.baseUrl).waitForRows();
      const menu = new SideMenu(page);
      await menu.open();

      const shown = await menu.topLevelLabels();
      const expected = menuFor(rolesOf(email));
      expect(shown).toEqual(expected.map((i) => i.label));
      expect(await menu.tree()).toEqual(toNodes(expected));

      for (const [entry, users] of Object.entries(GUARDED_ENTRIES)) {
        expect(shown.includes(entry), `${entry} for ${user}`).toBe(users.includes(user));
      }
      for (const entry of EVERYONE) expect(shown).toContain(entry);
      if (LITERAL_TOP_LEVEL[user]) expect(shown).toEqual(LITERAL_TOP_LEVEL[user]);
      await snap(page, `menu-${user}`);
    });
  }

  test('shows a reviewer the vertical review entries with the switch_publisher role', async ({
    page,
    server,
  }) => {
    await loginAs(page, server.baseUrl, 'reviewer@demo.example');
    await new HighlightsPage(page, server.baseUrl).waitForRows();
    const menu = new SideMenu(page);
    await menu.open();
    const tree = await menu.tree();
    expect(tree.find((n) => n.label === 'APV Highlights')?.children.map((c) => c.label)).toEqual([
      'APV Highlights list (Web)',
      'Vertical View',
      'Vertical Edit / Review & Edit',
      'Post highlights',
    ]);
    expect(tree.find((n) => n.label === 'Vertical')?.children.map((c) => c.label)).toEqual([
      'Full Video View',
      'Full Video Review & Edit',
    ]);
  });
});

test.describe('menu state, current page and breadcrumbs', () => {
  test('opens and closes groups, remembers them over a reload, and marks the current page', async ({
    page,
    server,
  }) => {
    await loginAs(page, server.baseUrl, 'editor@demo.example');
    const list = new HighlightsPage(page, server.baseUrl);
    await list.waitForRows();
    const menu = new SideMenu(page);
    await menu.open();

    // Never toggled: the group holding the current page is open, the others closed.
    expect(await menu.isExpanded('APV Highlights')).toBe(true);
    expect(await menu.isExpanded('Vertical')).toBe(false);
    expect(await menu.currentLabels()).toEqual(['APV Highlights list (Web)']);
    expect(await menu.link('APV Highlights list (Web)').isVisible()).toBe(true);
    expect(await menu.link('Full Video View').isVisible()).toBe(false);

    await menu.group('APV Highlights').click();
    await menu.group('Vertical').click();
    await expect.poll(() => menu.isExpanded('APV Highlights')).toBe(false);
    await expect.poll(() => menu.isExpanded('Vertical')).toBe(true);
    await expect(menu.link('APV Highlights list (Web)')).toBeHidden();
    await expect(menu.link('Full Video View')).toBeVisible();

    await page.reload();
    await list.waitForRows();
    await menu.open();
    expect(await menu.isExpanded('APV Highlights')).toBe(false);
    expect(await menu.isExpanded('Vertical')).toBe(true);
    expect(await menu.link('Full Video View').isVisible()).toBe(true);
    await snap(page, 'menu-state-after-reload');

    // Following a menu link moves the mark and the breadcrumbs with it.
    await menu.link('Terms').click();
    await page.waitForURL(`${server.baseUrl}/terms`);
    await page.getByTestId('terms-page').waitFor();
    await menu.nav.waitFor({ state: 'hidden' });
    expect(await new Shell(page).breadcrumbLabels()).toEqual(['Terms']);
    await menu.open();
    await expect.poll(() => menu.currentLabels()).toEqual(['Terms']);
  });

  test('builds breadcrumbs from the route tree', async ({ page, server }) => {
    await loginAs(page, server.baseUrl, 'editor@demo.example');
    const shell = new Shell(page);
    const cases: [path: string, crumbs: string[]][] = [
      ['/highlights/web', ['APV Highlights', 'APV Highlights list (Web)']],
      ['/docs/apv', ['Documentation', 'APV']],
      ['/help', ['Help']],
    ];
    for (const [path, crumbs] of cases) {
      await page.goto(server.baseUrl + path);
      await shell.breadcrumbs.waitFor();
      await expect.poll(() => shell.breadcrumbLabels()).toEqual(crumbs);
      expect(crumbs).toEqual(breadcrumbsFor(path).map((c) => c.label));
    }
    // A crumb the user may open is a link to it.
    await page.goto(`${server.baseUrl}/highlights/web`);
    await shell.breadcrumbs.getByRole('link', { name: 'APV Highlights', exact: true }).click();
    await page.waitForURL(`${server.baseUrl}/highlights/web`);
  });
});
