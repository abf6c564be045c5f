import { describe, expect, it } from 'vitest';
import type { Package } from '@hc/shared/api/packages';
import { withPackage, withPackageStatus } from './update-package-status.ts';
import type { PackageList } from './get-packages.ts';

const pkg = (embed_id: string, status: Package['status'] = 'Active') => ({ embed_id, status }) as Package;
const list: PackageList = { packages: [pkg('a'), pkg('b', 'Draft'), pkg('c')], count: 23 };

describe('withPackageStatus', () => {
  it('flips the status of the package in a cached page', () => {
    const next = withPackageStatus(list, { embed_id: 'b', status: 'Active' });
    expect(next?.packages.map((p) => p.status)).toEqual(['Active', 'Active', 'Active']);
    expect(next?.count).toBe(23);
  });

  it('removes an archived or rejected package and counts one less', () => {
    const archived = withPackageStatus(list, { embed_id: 'a', status: 'Archive' });
    expect(archived?.packages.map((p) => p.embed_id)).toEqual(['b', 'c']);
    expect(archived?.count).toBe(22);
    expect(withPackageStatus(list, { embed_id: 'c', status: 'Rejected' })?.count).toBe(22);
  });

  it('leaves pages without the package as they are', () => {
    expect(withPackageStatus(list, { embed_id: 'zz', status: 'Archive' })).toBe(list);
    expect(withPackageStatus(undefined, { embed_id: 'a', status: 'Archive' })).toBeUndefined();
  });
});

describe('withPackage', () => {
  it("puts the server's copy in place of the old one", () => {
    const fresh = { ...pkg('b', 'Active'), updated_at: 99 } as Package;
    expect(withPackage(list, fresh)?.packages[1]).toBe(fresh);
  });

  it('drops the package when the server says it is archived', () => {
    expect(withPackage(list, pkg('a', 'Archive'))?.packages).toHaveLength(2);
  });
});
