// Access rules: who may open a page or see a menu item (the spec's access check and role table).
import type { Role } from './constants.ts';

/** A page's or menu item's access rule: open when `level` is true, else checked against `roles`. */
export interface AccessRule {
  readonly level?: boolean;
  readonly roles?: readonly Role[];
}

/** The named permissions pages are guarded by, plus the admin area. */
export type Permission = 'view' | 'review' | 'stream' | 'syndication' | 'packages' | 'stories' | 'admin';

/** Open to everyone, with or without a session (login, terms, docs, help). */
export const OPEN: AccessRule = { level: true };

/**
 * Permission → role. The spec leaves this mapping open ("not shown"); our decision follows the role
 * table and the route table of the spec, where each permission sits next to a role:
 *   view        → isLoggedIn (the spec: isLoggedIn is enough for Vertical View and Highlights)
 *   review      → switch_publisher      (vertical review and edit)
 *   stream      → live_stream_publisher (horizontal live view)
 *   syndication → syndication_publisher
 *   packages    → editorial_manager     (Top Videos packages)
 *   stories     → stamp_manager         (AMP Stories)
 *   admin       → admin                 (the /admin area: monetization, grid, reports, publishers)
 * Admins pass every rule anyway (see canAccess).
 */
export const PERMISSIONS: Readonly<Record<Permission, AccessRule>> = {
  view: { roles: ['isLoggedIn'] },
  review: { roles: ['switch_publisher'] },
  stream: { roles: ['live_stream_publisher'] },
  syndication: { roles: ['syndication_publisher'] },
  packages: { roles: ['editorial_manager'] },
  stories: { roles: ['stamp_manager'] },
  admin: { roles: ['admin'] },
};

/** A rule needing one role (for pages the spec guards by role rather than by permission). */
export const role = (r: Role): AccessRule => ({ roles: [r] });

/**
 * Who may switch a highlight on or off on the publisher's live pages (Enable Front Page, Enable Article):
 * the role that reviews and activates APV highlights. Viewing the Highlights screen needs only a login;
 * changing what readers see needs this.
 */
export const APV_SWITCH_ROLE: Role = 'apv_article_admin';

/**
 * Whether a user holding `userRoles` passes `rule`: true when the rule's level is true, when the user is
 * admin, or when the user holds the rule's role. A logged-in user's roles include 'isLoggedIn' (the
 * server adds it), so an anonymous visitor passes only open rules.
 */
export function canAccess(rule: AccessRule, userRoles: readonly string[]): boolean {
  if (rule.level === true) return true;
  if (userRoles.includes('admin')) return true;
  // THE QUIRK, kept on purpose (the spec's access check: "For a list of roles, the result reflects only the
  // last role in the list"): each role overwrites the result, so with ['a', 'b'] only 'b' decides. Every rule
  // in our route table lists a single role, so the quirk never changes who sees what today.
  let result = false;
  for (const r of rule.roles ?? []) {
    result = userRoles.includes(r);
  }
  return result;
}

/** Whether the user may use a named permission. */
export const hasPermission = (permission: Permission, userRoles: readonly string[]): boolean =>
  canAccess(PERMISSIONS[permission], userRoles);
