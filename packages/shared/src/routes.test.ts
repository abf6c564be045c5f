import { describe, expect, it } from 'vitest';
import { ROUTES, breadcrumbsFor, isOpenRoute, matchRoute, menuFor, pathFor } from './routes.ts';
import type { MenuItem } from './routes.ts';

// Roles of the demo accounts (docs/TEAM-CONTRACTS.md); the server always adds isLoggedIn.
const DEMO: Record<string, string[]> = {
  admin: ['isLoggedIn', 'admin'],
  editor: ['isLoggedIn', 'editorial_manager'],
  stories: ['isLoggedIn', 'stamp_manager', 'create_new_video_page'],
  reviewer: ['isLoggedIn', 'switch_publisher'],
  syndication: ['isLoggedIn', 'syndication_publisher'],
  live: ['isLoggedIn', 'live_stream_publisher'],
  apvadmin: ['isLoggedIn', 'apv_article_admin'],
  viewer: ['isLoggedIn'],
  coastal: ['isLoggedIn', 'editorial_manager'],
  anonymous: [],
};

const labels = (items: readonly MenuItem[]): string[] => items.map((i) => i.label);
const OPEN_ITEMS = ['Documentation', 'Terms', 'Help'];

describe('menuFor: top-level items per demo account', () => {
  it.each<[string, string[]]>([
    [
      'admin',
      [
        'APV Highlights',
        'Top Videos',
        'AMP Stories',
        'Syndication',
        'Auto Highlight Review',
        'Vertical',
        'Admin',
        ...OPEN_ITEMS,
      ],
    ],
    ['editor', ['APV Highlights', 'Top Videos', 'Vertical', ...OPEN_ITEMS]],
    ['stories', ['APV Highlights', 'AMP Stories', 'Vertical', ...OPEN_ITEMS]],
    ['reviewer', ['APV Highlights', 'Vertical', ...OPEN_ITEMS]],
    ['syndication', ['APV Highlights', 'Syndication', 'Vertical', ...OPEN_ITEMS]],
    ['live', ['APV Highlights', 'Vertical', ...OPEN_ITEMS]],
    ['apvadmin', ['APV Highlights', 'Auto Highlight Review', 'Vertical', ...OPEN_ITEMS]],
    ['viewer', ['APV Highlights', 'Vertical', ...OPEN_ITEMS]],
    ['coastal', ['APV Highlights', 'Top Videos', 'Vertical', ...OPEN_ITEMS]],
    ['anonymous', OPEN_ITEMS],
  ])('%s', (account, expected) => {
    expect(labels(menuFor(DEMO[account]!))).toEqual(expected);
  });
});

describe('menuFor: children', () => {
  const child = (account: string, id: string): string[] =>
    labels(menuFor(DEMO[account]!).find((i) => i.id === id)?.children ?? []);

  it.each<[string, string, string[]]>([
    [
      'admin',
      'highlights',
      [
        'APV Highlights list (Web)',
        'Horizontal View',
        'Vertical View',
        'Vertical Edit / Review & Edit',
        'Post highlights',
      ],
    ],
    ['viewer', 'highlights', ['APV Highlights list (Web)', 'Vertical View', 'Post highlights']],
    [
      'live',
      'highlights',
      ['APV Highlights list (Web)', 'Horizontal View', 'Vertical View', 'Post highlights'],
    ],
    [
      'reviewer',
      'highlights',
      ['APV Highlights list (Web)', 'Vertical View', 'Vertical Edit / Review & Edit', 'Post highlights'],
    ],
    ['viewer', 'vertical', ['Full Video View']],
    ['reviewer', 'vertical', ['Full Video View', 'Full Video Review & Edit']],
    ['admin', 'admin', ['Monetization Setup', 'Audit Logs', 'Ad Configuration', 'Bulk Report', 'Publishers']],
    ['editor', 'admin', []],
  ])('%s sees under %s: %j', (account, id, expected) => {
    expect(child(account, id)).toEqual(expected);
  });

  it('marks the pending-badge items', () => {
    const all = menuFor(DEMO.admin!);
    const flat = all.flatMap((i) => [i, ...i.children]);
    const badged = flat.filter((i) => i.badge === 'pending').map((i) => [i.label, i.pendingKey]);
    expect(badged).toEqual([
      ['Vertical Edit / Review & Edit', 'verticalHighlight'],
      ['Auto Highlight Review', 'autoHighlightReview'],
      ['Full Video Review & Edit', 'verticalFullContent'],
    ]);
  });

  it('gives a pure group no path', () => {
    expect(menuFor(DEMO.admin!).find((i) => i.id === 'admin')?.path).toBeNull();
  });
});

describe('matchRoute', () => {
  it.each<[string, string | null, Record<string, string>]>([
    ['/', 'highlightsWeb', {}],
    ['/highlights', 'highlights', {}],
    ['/highlights/web/', 'highlightsWeb', {}],
    ['/highlights/live/stream/program/77', 'liveStreamProgram', { programId: '77' }],
    [
      '/highlights/live/vertical/view/program/9/1',
      'liveVerticalViewProgram',
      { programId: '9', status: '1' },
    ],
    ['/packages/editor/new/1700000000', 'packageNew', { timestamp: '1700000000' }],
    ['/packages/editor/aB3x9/1700000000', 'packageEdit', { id: 'aB3x9', timestamp: '1700000000' }],
    ['/stamp/42?tab=1', 'stampEdit', { id: '42' }],
    ['/docs/tvp', 'docsPage', { pageName: 'tvp' }],
    [
      '/admin/monetization/setup/new-publisher-setup',
      'monetizationSelect',
      { action: 'new-publisher-setup' },
    ],
    [
      '/admin/monetization/setup/update-placement-config/406',
      'monetizationConfig',
      { action: 'update-placement-config', publisherId: '406' },
    ],
    ['/admin/monetization/audit', 'monetizationAudit', {}],
    ['/admin', null, {}],
    ['/nowhere', null, {}],
  ])('%s → %s', (path, id, params) => {
    const m = matchRoute(path);
    expect(m?.route.id ?? null).toBe(id);
    if (m) expect(m.params).toEqual(params);
  });
});

describe('breadcrumbsFor', () => {
  it.each<[string, { label: string; path: string | null }[]]>([
    [
      '/',
      [
        { label: 'APV Highlights', path: '/highlights' },
        { label: 'APV Highlights list (Web)', path: '/highlights/web' },
      ],
    ],
    [
      '/highlights/live/stream/program/77',
      [
        { label: 'APV Highlights', path: '/highlights' },
        { label: 'Horizontal View', path: '/highlights/live/stream' },
        { label: 'View Program', path: '/highlights/live/stream/program/77' },
      ],
    ],
    [
      '/packages/editor/new/123',
      [
        { label: 'Top Videos', path: '/packages' },
        { label: 'New Package', path: '/packages/editor/new/123' },
      ],
    ],
    [
      '/admin/monetization/setup/new-placement-setup',
      [
        { label: 'Admin', path: null },
        { label: 'Monetization Setup', path: '/admin/monetization/setup' },
        { label: 'New Placement Setup', path: '/admin/monetization/setup/new-placement-setup' },
      ],
    ],
    [
      '/docs/highlights',
      [
        { label: 'Documentation', path: '/docs' },
        { label: 'Highlights on Search', path: '/docs/highlights' },
      ],
    ],
    ['/nowhere', []],
  ])('%s', (path, expected) => {
    expect(breadcrumbsFor(path)).toEqual(expected);
  });

  it('unlinks crumbs the user cannot open', () => {
    expect(breadcrumbsFor('/vertical/view', DEMO.viewer)).toEqual([
      { label: 'Vertical', path: null },
      { label: 'Full Video View', path: '/vertical/view' },
    ]);
  });
});

describe('isOpenRoute', () => {
  it.each<[string, boolean]>([
    ['/login', true],
    ['/terms', true],
    ['/help', true],
    ['/docs', true],
    ['/docs/', true],
    ['/docs/amp', true],
    ['/docs/stories?x=1', true],
    ['/', false],
    ['/highlights', false],
    ['/docsx', false],
    ['/admin/publishers', false],
  ])('%s → %s', (path, expected) => {
    expect(isOpenRoute(path)).toBe(expected);
  });
});

describe('route table', () => {
  it('has unique ids and paths, and every parent exists', () => {
    const ids = ROUTES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
    for (const r of ROUTES) if ('parent' in r) expect(ids).toContain(r.parent);
  });

  it('keeps every /admin route admin-only', () => {
    for (const r of ROUTES.filter((x) => x.path.startsWith('/admin'))) {
      expect(r.access).toEqual({ roles: ['admin'] });
    }
  });

  it('builds paths', () => {
    expect(pathFor('packageEdit', { id: 'abc', timestamp: 5 })).toBe('/packages/editor/abc/5');
    expect(() => pathFor('stampEdit')).toThrow();
  });
});
