// The route table as data: paths, labels, the breadcrumb/menu tree,
// access rules, menu placement and pending badges. The web router and the side drawer read it; the
// server can use canAccess with the same rules.
import { OPEN, PERMISSIONS, canAccess, role } from './access.ts';
import type { AccessRule } from './access.ts';

/** Which pending count a badge shows (the spec's "Pending counts"). */
export type PendingKey = 'autoHighlightReview' | 'verticalHighlight' | 'verticalFullContent';

/** One route of the console. */
export interface RouteEntry {
  readonly id: string;
  /** react-router style pattern, ':name' for a parameter. */
  readonly path: string;
  /** Other paths that show the same page ('/' is the web highlights list). */
  readonly aliases?: readonly string[];
  /** Label for breadcrumbs and the menu, as the spec words it. */
  readonly label: string;
  /** Parent route id: the breadcrumb trail and, for menu items, the menu group. */
  readonly parent?: string;
  readonly access: AccessRule;
  /** Shown in the side drawer, under its parent when the parent is in the menu too, in table order. */
  readonly menu?: boolean;
  /** A red pending-count badge next to the menu item. */
  readonly badge?: 'pending';
  readonly pendingKey?: PendingKey;
  /** False for a pure menu group with no page of its own (the Admin group). */
  readonly page?: boolean;
  /** Breadcrumb label taken from a parameter value (e.g. the docs page name). */
  readonly paramLabels?: { readonly param: string; readonly labels: Readonly<Record<string, string>> };
}

/** Actions of the monetization setup home, as URL slugs → labels. */
export const MONETIZATION_SETUP_ACTIONS = {
  'new-publisher-setup': 'New Publisher Setup',
  'new-placement-setup': 'New Placement Setup',
  'update-existing-setup': 'Update Existing Setup',
  'bulk-update': 'Bulk Update',
  'view-existing-setup': 'View Existing Setup',
} as const;

/** Config page variants, as URL slugs → labels. */
export const MONETIZATION_CONFIG_ACTIONS = {
  'new-publisher-config': 'New Publisher Config',
  'update-publisher-config': 'Update Publisher Config',
  'new-placement-config': 'New Placement Config',
  'update-placement-config': 'Update Placement Config',
} as const;

/**
 * Documentation pages; 'apv' is the default. 'hos' is linked from inside the pages but is
 * not in the spec's page list: we read it as "Highlights on Search", the same page as 'highlights'. The
 * calendar embed page exists without a route of its own in the spec; /docs/calendar is ours.
 */
export const DOC_PAGES = {
  integration: 'Integration',
  apv: 'APV',
  share: 'APV Share',
  tvp: 'Top Videos',
  stories: 'AMP Stories',
  highlights: 'Highlights on Search',
  hos: 'Highlights on Search',
  amp: 'AMP',
  calendar: 'Calendar embed',
} as const;
export const DEFAULT_DOC_PAGE = 'apv';

const pending = (pendingKey: PendingKey) => ({ badge: 'pending', pendingKey }) as const;

/**
 * Every route, parents before children, in menu order. Labels are the spec's where it gives one; where it
 * only describes the page (new/existing package, the full-video lists, the admin screens) the label is ours.
 * The four admin screens whose routes the spec leaves open (publishers, audit logs, ad grid, bulk report)
 * are our decision and admin-only, like the monetization setup under /admin.
 */
export const ROUTES = [
  { id: 'login', path: '/login', label: 'Login', access: OPEN },

  { id: 'highlights', path: '/highlights', label: 'APV Highlights', access: PERMISSIONS.view, menu: true },
  {
    id: 'highlightsWeb',
    path: '/highlights/web',
    aliases: ['/'],
    label: 'APV Highlights list (Web)',
    parent: 'highlights',
    access: PERMISSIONS.view,
    menu: true,
  },
  {
    id: 'liveStream',
    path: '/highlights/live/stream',
    label: 'Horizontal View',
    parent: 'highlights',
    access: PERMISSIONS.stream,
    menu: true,
  },
  {
    id: 'liveStreamProgram',
    path: '/highlights/live/stream/program/:programId',
    label: 'View Program',
    parent: 'liveStream',
    access: PERMISSIONS.stream,
  },
  {
    id: 'liveVerticalView',
    path: '/highlights/live/vertical/view',
    label: 'Vertical View',
    parent: 'highlights',
    access: PERMISSIONS.view,
    menu: true,
  },
  {
    // status 1 = rejected, any other value = ready.
    id: 'liveVerticalViewProgram',
    path: '/highlights/live/vertical/view/program/:programId/:status',
    label: 'View Vertical Program',
    parent: 'liveVerticalView',
    access: PERMISSIONS.view,
  },
  {
    id: 'liveVerticalReview',
    path: '/highlights/live/vertical/review',
    label: 'Vertical Edit / Review & Edit',
    parent: 'highlights',
    access: PERMISSIONS.review,
    menu: true,
    ...pending('verticalHighlight'),
  },
  {
    // In the menu beside the other highlight screens: it was reachable from no link at all.
    id: 'postOnGoogle',
    path: '/post-on-google',
    label: 'Post highlights',
    parent: 'highlights',
    access: PERMISSIONS.view,
    menu: true,
  },

  { id: 'packages', path: '/packages', label: 'Top Videos', access: PERMISSIONS.packages, menu: true },
  {
    id: 'packageNew',
    path: '/packages/editor/new/:timestamp',
    label: 'New Package',
    parent: 'packages',
    access: PERMISSIONS.packages,
  },
  {
    // id is a short token under 10 characters; see isPackageIdParam in validation.ts.
    id: 'packageEdit',
    path: '/packages/editor/:id/:timestamp',
    label: 'Edit Package',
    parent: 'packages',
    access: PERMISSIONS.packages,
  },

  { id: 'stamp', path: '/stamp', label: 'AMP Stories', access: PERMISSIONS.stories, menu: true },
  { id: 'stampEdit', path: '/stamp/:id', label: 'Edit Story', parent: 'stamp', access: PERMISSIONS.stories },

  {
    id: 'syndication',
    path: '/syndication',
    label: 'Syndication',
    access: PERMISSIONS.syndication,
    menu: true,
  },

  {
    id: 'review',
    path: '/review',
    label: 'Auto Highlight Review',
    access: role('apv_article_admin'),
    menu: true,
    ...pending('autoHighlightReview'),
  },

  { id: 'vertical', path: '/vertical', label: 'Vertical', access: role('switch_publisher'), menu: true },
  {
    id: 'verticalView',
    path: '/vertical/view',
    label: 'Full Video View',
    parent: 'vertical',
    access: PERMISSIONS.view,
    menu: true,
  },
  {
    id: 'verticalReview',
    path: '/vertical/review',
    label: 'Full Video Review & Edit',
    parent: 'vertical',
    access: PERMISSIONS.review,
    menu: true,
    ...pending('verticalFullContent'),
  },

  { id: 'admin', path: '/admin', label: 'Admin', access: PERMISSIONS.admin, menu: true, page: false },
  {
    id: 'monetizationSetup',
    path: '/admin/monetization/setup',
    label: 'Monetization Setup',
    parent: 'admin',
    access: PERMISSIONS.admin,
    menu: true,
  },
  {
    id: 'monetizationSelect',
    path: '/admin/monetization/setup/:action',
    label: 'Setup',
    parent: 'monetizationSetup',
    access: PERMISSIONS.admin,
    paramLabels: { param: 'action', labels: MONETIZATION_SETUP_ACTIONS },
  },
  {
    id: 'monetizationConfig',
    path: '/admin/monetization/setup/:action/:publisherId',
    label: 'Configuration',
    parent: 'monetizationSetup',
    access: PERMISSIONS.admin,
    paramLabels: { param: 'action', labels: MONETIZATION_CONFIG_ACTIONS },
  },
  {
    id: 'monetizationAudit',
    path: '/admin/monetization/audit',
    label: 'Audit Logs',
    parent: 'admin',
    access: PERMISSIONS.admin,
    menu: true,
  },
  {
    id: 'adConfig',
    path: '/admin/ad-config',
    label: 'Ad Configuration',
    parent: 'admin',
    access: PERMISSIONS.admin,
    menu: true,
  },
  {
    id: 'reports',
    path: '/admin/reports',
    label: 'Bulk Report',
    parent: 'admin',
    access: PERMISSIONS.admin,
    menu: true,
  },
  {
    id: 'publishers',
    path: '/admin/publishers',
    label: 'Publishers',
    parent: 'admin',
    access: PERMISSIONS.admin,
    menu: true,
  },

  { id: 'docs', path: '/docs', label: 'Documentation', access: OPEN, menu: true },
  {
    id: 'docsPage',
    path: '/docs/:pageName',
    label: 'Documentation',
    parent: 'docs',
    access: OPEN,
    paramLabels: { param: 'pageName', labels: DOC_PAGES },
  },
  // The job center: reached from the top bar and the search, not a spec menu item.
  { id: 'jobs', path: '/jobs', label: 'Jobs', access: PERMISSIONS.view },
  { id: 'terms', path: '/terms', label: 'Terms', access: OPEN, menu: true },
  { id: 'help', path: '/help', label: 'Help', access: OPEN, menu: true },
] as const satisfies readonly RouteEntry[];

/** The id of a route in ROUTES. */
export type RouteId = (typeof ROUTES)[number]['id'];

const byId = new Map<string, RouteEntry>(ROUTES.map((r) => [r.id, r]));

/** The route entry with this id. */
export const routeById = (id: RouteId): RouteEntry => byId.get(id) as RouteEntry;

/** A matched route and its decoded parameters. */
export interface RouteMatch {
  readonly route: RouteEntry;
  readonly params: Readonly<Record<string, string>>;
}

const splitPath = (p: string): string[] =>
  p
    .split(/[?#]/)[0]!
    .split('/')
    .filter((s) => s !== '');

function matchPattern(pattern: string, segments: readonly string[]): Record<string, string> | null {
  const parts = splitPath(pattern);
  if (parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [i, part] of parts.entries()) {
    const seg = segments[i]!;
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(seg);
      } catch {
        return null;
      }
    } else if (part !== seg) {
      return null;
    }
  }
  return params;
}

const staticCount = (pattern: string): number => splitPath(pattern).filter((p) => !p.startsWith(':')).length;

/** The page route for a pathname (query and trailing slash ignored; static segments win over params). */
export function matchRoute(pathname: string): RouteMatch | null {
  const segments = splitPath(pathname);
  let best: { match: RouteMatch; score: number } | null = null;
  for (const route of ROUTES as readonly RouteEntry[]) {
    if (route.page === false) continue;
    for (const pattern of [route.path, ...(route.aliases ?? [])]) {
      const params = matchPattern(pattern, segments);
      if (params === null) continue;
      const score = staticCount(pattern);
      if (best === null || score > best.score) best = { match: { route, params }, score };
    }
  }
  return best?.match ?? null;
}

/** A route's path with its parameters filled in (encoded). */
export function pathFor(id: RouteId, params: Readonly<Record<string, string | number>> = {}): string {
  return routeById(id).path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`pathFor(${id}): missing parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** One breadcrumb; path is null when it is not a link (a pure group, or a page the user cannot open). */
export interface Breadcrumb {
  readonly label: string;
  readonly path: string | null;
}

/**
 * The breadcrumb trail of a pathname, root first, from the route tree. With `userRoles`, crumbs the user
 * may not open are not links.
 */
export function breadcrumbsFor(pathname: string, userRoles?: readonly string[]): Breadcrumb[] {
  const match = matchRoute(pathname);
  if (!match) return [];
  const trail: Breadcrumb[] = [];
  for (let r: RouteEntry | undefined = match.route; r; r = r.parent ? byId.get(r.parent) : undefined) {
    const fromParam = r.paramLabels ? match.params[r.paramLabels.param] : undefined;
    const label = (fromParam !== undefined ? r.paramLabels?.labels[fromParam] : undefined) ?? r.label;
    const linkable = r.page !== false && (userRoles === undefined || canAccess(r.access, userRoles));
    let path: string | null = null;
    if (linkable) {
      try {
        path = pathFor(r.id as RouteId, match.params);
      } catch {
        path = null;
      }
    }
    trail.unshift({ label, path });
  }
  return trail;
}

/** An item of the side drawer; path is null for a pure group. */
export interface MenuItem {
  readonly id: RouteId;
  readonly label: string;
  readonly path: string | null;
  readonly badge?: 'pending';
  readonly pendingKey?: PendingKey;
  readonly children: readonly MenuItem[];
}

function menuChildren(parent: string | undefined, userRoles: readonly string[]): MenuItem[] {
  const items: MenuItem[] = [];
  for (const r of ROUTES as readonly RouteEntry[]) {
    if (r.menu !== true || r.parent !== parent) continue;
    const children = menuChildren(r.id, userRoles);
    const hasMenuChildren = (ROUTES as readonly RouteEntry[]).some(
      (c) => c.menu === true && c.parent === r.id,
    );
    // A group shows when at least one child shows (its own page rule does not hide its children);
    // a leaf shows when the user passes its access rule.
    const visible = hasMenuChildren ? children.length > 0 : canAccess(r.access, userRoles);
    if (!visible) continue;
    items.push({
      id: r.id as RouteId,
      label: r.label,
      path: r.page === false ? null : r.path,
      ...(r.badge ? { badge: r.badge, pendingKey: r.pendingKey } : {}),
      children,
    });
  }
  return items;
}

/** The side-drawer menu tree for a user's roles; groups with no visible children disappear. */
export const menuFor = (userRoles: readonly string[]): MenuItem[] => menuChildren(undefined, userRoles);

const OPEN_PATHS = new Set(['/login', '/terms', '/help', '/docs']);

/** Whether a path is open without a session: /login, /terms, /help, /docs and /docs/*. */
export function isOpenRoute(path: string): boolean {
  const normalized = '/' + splitPath(path).join('/');
  return OPEN_PATHS.has(normalized) || normalized.startsWith('/docs/');
}
