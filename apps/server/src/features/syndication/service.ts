// Syndication: the Active packages of the other publishers of the caller's publisher group, read-only,
// in the Package shape.
import type { Db } from '@hc/db/client';
import type { PackageListQuery } from '@hc/shared/api/packages';
import type { MediaStore } from '../media/store.ts';
import { presentPackages } from '../packages/routes.ts';
import { PackageRepository } from '../packages/repo.ts';
import { groupPeers } from './repo.ts';

export class SyndicationService {
  private readonly repo: PackageRepository;

  constructor(
    private readonly db: Db,
    private readonly media: MediaStore,
  ) {
    this.repo = new PackageRepository(db);
  }

  /** One page of the group's Active packages, presented, with their count. */
  async list(publisherId: number, query: PackageListQuery) {
    const publisherIds = await groupPeers(this.db, publisherId);
    const page = await this.repo.list({ publisherIds, statuses: ['Active'] }, query);
    return { packages: await presentPackages(this.repo, page.rows, this.media), count: page.count };
  }

  /** The export's pages: the same list, page by page. */
  async exportPages(publisherId: number, query: Omit<PackageListQuery, 'page' | 'per'>) {
    const publisherIds = await groupPeers(this.db, publisherId);
    return async (page: number, per: number) => {
      const rows = await this.repo.list({ publisherIds, statuses: ['Active'] }, { ...query, page, per });
      return presentPackages(this.repo, rows.rows, this.media);
    };
  }
}
