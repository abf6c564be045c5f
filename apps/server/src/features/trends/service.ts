// The trend charts' reads (a highlight's, a package's, and the syndicated packages' daily clicks and
// impressions over the last 7, 30 or 90 UTC days, every day listed) and the ingest API's metric points.
import { utcDay, type IngestMetrics, type IngestMetricsResult } from '@hc/shared/api/trends';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/errors.ts';
import { retryOnDeadlock } from '../ingest/service.ts';
import { groupPeers } from '../syndication/repo.ts';
import { TrendRepository } from './repo.ts';

/** The window of the last `days` UTC days, today included. */
const windowOf = (days: number) => ({ from: utcDay(-(days - 1)), to: utcDay(), days });

export class TrendService {
  private readonly repo: TrendRepository;

  constructor(private readonly ctx: AppContext) {
    this.repo = new TrendRepository(ctx.db);
  }

  /** 404 when the publisher has no such highlight. */
  async highlight(publisherId: number, highlightId: number, days: number) {
    const w = windowOf(days);
    const points = await this.repo.highlightTrend(publisherId, highlightId, w.from, w.to);
    if (!points) throw notFound();
    return { ...w, points };
  }

  /** 404 when the publisher has no such package. */
  async package(publisherId: number, embedId: string, days: number) {
    const w = windowOf(days);
    const points = await this.repo.packageTrend(publisherId, embedId, w.from, w.to);
    if (!points) throw notFound();
    return { ...w, points };
  }

  /** The packages of the other publishers of the caller's syndication group, summed. */
  async syndication(publisherId: number, days: number) {
    const w = windowOf(days);
    const peers = await groupPeers(this.ctx.db, publisherId);
    return { ...w, points: await this.repo.publishersTrend(peers, w.from, w.to) };
  }

  /** The ingest API's metric points of one publisher, all in one transaction. */
  writeMetrics(publisherId: number, body: IngestMetrics): Promise<IngestMetricsResult> {
    return retryOnDeadlock(() =>
      this.ctx.db.transaction(async (tx) => {
        const repo = new TrendRepository(tx);
        const highlights = await repo.writeHighlightPoints(publisherId, body.highlights);
        const packages = await repo.writePackagePoints(publisherId, body.packages);
        return { highlights, packages };
      }),
    );
  }
}
