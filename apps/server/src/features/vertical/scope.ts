// Who may see and act on which vertical tasks. The review lists and every action
// need the review permission (switch_publisher); the ready and rejected lists the view permission
// (any logged-in user), the same rule the web's route table applies (@hc/shared/access). Rows are
// scoped to the publishers where the caller holds that permission; admins see every publisher.
import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@hc/db/schema';
import { hasPermission, type Permission } from '@hc/shared/access';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { forbidden, notFound } from '../../plugins/errors.ts';

export type VerticalPermission = Extract<Permission, 'review' | 'view'>;

/** The role behind the review permission; roles are held per publisher. */
export const VERTICAL_REVIEW_ROLE = 'switch_publisher';

/** Review lists (status review) need the review permission; the ready and rejected lists the view one. */
export const permissionForStatus = (status: string): VerticalPermission =>
  status === 'review' ? 'review' : 'view';

/** 403 unless the caller's roles (for the session's publisher) grant the permission. */
export function requirePermission(caller: AuthContext, permission: VerticalPermission): void {
  if (!hasPermission(permission, caller.roles)) throw forbidden();
}

/** Publisher ids the caller works on under the permission; null means every publisher (admins). */
export type PublisherScope = number[] | null;

export async function scopeOf(
  ctx: AppContext,
  caller: AuthContext,
  permission: VerticalPermission,
): Promise<PublisherScope> {
  if (caller.isAdmin) return null;
  if (permission === 'view') {
    return (await ctx.accounts.publishersFor({ id: caller.userId, isAdmin: false })).map((p) => p.id);
  }
  const { userPublisherRoles } = schema;
  const rows = await ctx.db
    .select({ id: userPublisherRoles.publisherId })
    .from(userPublisherRoles)
    .where(
      and(
        eq(userPublisherRoles.userId, caller.userId),
        sql`${VERTICAL_REVIEW_ROLE} = any(${userPublisherRoles.roles})`,
      ),
    );
  return rows.map((r) => r.id);
}

export const inScope = (scope: PublisherScope, publisherId: number) =>
  scope === null || scope.includes(publisherId);

/** 404 for a publisher outside the scope: nothing is said about other publishers' rows. */
export function assertInScope(scope: PublisherScope, publisherId: number): void {
  if (!inScope(scope, publisherId)) throw notFound();
}
