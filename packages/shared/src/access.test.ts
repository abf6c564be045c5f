import { describe, expect, it } from 'vitest';
import { OPEN, PERMISSIONS, canAccess, hasPermission } from './access.ts';
import type { AccessRule, Permission } from './access.ts';

describe('canAccess', () => {
  it.each<[string, AccessRule, string[], boolean]>([
    ['level true opens to anonymous', OPEN, [], true],
    ['level true opens to anyone', { level: true, roles: ['admin'] }, ['isLoggedIn'], true],
    ['no level, no roles refuses', {}, ['isLoggedIn'], false],
    ['admin passes any rule', { roles: ['stamp_manager'] }, ['isLoggedIn', 'admin'], true],
    ['admin passes an empty rule', {}, ['admin'], true],
    ['holding the role passes', { roles: ['stamp_manager'] }, ['isLoggedIn', 'stamp_manager'], true],
    ['missing the role refuses', { roles: ['stamp_manager'] }, ['isLoggedIn'], false],
    ['isLoggedIn rule passes a logged-in user', PERMISSIONS.view, ['isLoggedIn'], true],
    ['isLoggedIn rule refuses anonymous', PERMISSIONS.view, [], false],
  ])('%s', (_name, rule, roles, expected) => {
    expect(canAccess(rule, roles)).toBe(expected);
  });

  // The spec's access check: for a list of roles only the last role in the list counts.
  describe('quirk: only the last listed role counts', () => {
    const rule: AccessRule = { roles: ['editorial_manager', 'stamp_manager'] };
    it.each<[string[], boolean]>([
      [['isLoggedIn', 'editorial_manager'], false],
      [['isLoggedIn', 'stamp_manager'], true],
      [['isLoggedIn', 'editorial_manager', 'stamp_manager'], true],
      [['isLoggedIn'], false],
      [['admin'], true],
    ])('user %j → %s', (roles, expected) => {
      expect(canAccess(rule, roles)).toBe(expected);
    });
  });
});

describe('permission → role mapping', () => {
  it.each<[Permission, string]>([
    ['view', 'isLoggedIn'],
    ['review', 'switch_publisher'],
    ['stream', 'live_stream_publisher'],
    ['syndication', 'syndication_publisher'],
    ['packages', 'editorial_manager'],
    ['stories', 'stamp_manager'],
    ['admin', 'admin'],
  ])('%s needs %s', (permission, roleName) => {
    expect(hasPermission(permission, ['isLoggedIn', roleName])).toBe(true);
    if (permission !== 'view') expect(hasPermission(permission, ['isLoggedIn'])).toBe(false);
    expect(hasPermission(permission, [])).toBe(false);
  });
});
