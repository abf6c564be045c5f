// The pipeline simulator (npm run simulate) against a listening server: its stream is accepted whole
// (every keyframe file passes the vertical tool's checks), rows appear for the token's publisher, and
// the same seed sends the same rows (a replay creates nothing).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { schema } from '@hc/db/schema';
import { runSimulation } from '../../apps/server/src/cli/simulate.ts';
import { ServiceTokenRepository } from '../../apps/server/src/features/ingest/tokens.ts';
import { startTestApp, type TestApp } from '../support/app.ts';
import { buildPublisher } from '../support/factories.ts';
import { listeningUrl } from '../support/live-client.ts';

let t: TestApp;
let url: string;
let token: string;
let publisherId: number;

const countOf = async (
  table: typeof schema.articles | typeof schema.highlights | typeof schema.verticalTasks,
) => {
  const [row] = await t.ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(eq(table.publisherId, publisherId));
  return row!.n;
};

beforeAll(async () => {
  t = await startTestApp();
  publisherId = (await buildPublisher(t.ctx.db)).id;
  token = (await new ServiceTokenRepository(t.ctx.db).create('simulator', publisherId)).token;
  url = await listeningUrl(t.app);
});

afterAll(async () => {
  await t?.close();
});

describe('npm run simulate', () => {
  it('feeds a running console: pending articles, highlights with metrics, programs and vertical tasks', async () => {
    const lines: string[] = [];
    const stats = await runSimulation({
      url,
      token,
      rate: 12,
      durationSeconds: 3,
      seed: 7,
      log: (l) => lines.push(l),
    });
    expect(stats.failures, lines.join('\n')).toBe(0);
    expect(stats.articles).toBeGreaterThan(0);
    expect(stats.verticalTasks).toBeGreaterThan(0);

    const pending = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.articles)
      .where(and(eq(schema.articles.publisherId, publisherId), eq(schema.articles.reviewStatus, 'pending')));
    expect(pending[0]!.n).toBe(stats.articles);
    expect(await countOf(schema.highlights)).toBe(stats.highlights);
    expect(await countOf(schema.verticalTasks)).toBe(stats.verticalTasks);
    const files = await t.ctx.db
      .select({ data: schema.keyframeFiles.data, src: schema.verticalTasks.srcVideoPath })
      .from(schema.verticalSuggestions)
      .innerJoin(schema.verticalTasks, eq(schema.verticalTasks.videoId, schema.verticalSuggestions.videoId))
      .innerJoin(schema.keyframeFiles, eq(schema.keyframeFiles.id, schema.verticalSuggestions.keyframeFileId))
      .where(eq(schema.verticalTasks.publisherId, publisherId));
    expect(files.length).toBeGreaterThanOrEqual(stats.verticalTasks);
    for (const f of files) expect(f.src).toMatch(/^demo\/source-0\d\.mp4$/);
    if (stats.metricUpdates > 0) {
      const [rising] = await t.ctx.db
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.highlights)
        .where(
          and(
            eq(schema.highlights.publisherId, publisherId),
            sql`${schema.highlights.nonUniqRegularImpressions} > 0`,
          ),
        );
      expect(rising!.n).toBeGreaterThan(0);
    }

    // The same seed replays the same stream: the rows exist already, so nothing new is created.
    const before = await countOf(schema.articles);
    const replay = await runSimulation({
      url,
      token,
      rate: 12,
      durationSeconds: 1,
      seed: 7,
      log: () => undefined,
    });
    expect(replay.failures).toBe(0);
    expect(await countOf(schema.articles)).toBe(before);
  });

  it('stops at once on a refused token', async () => {
    await expect(
      runSimulation({ url, token: 'hcs_wrong', rate: 5, durationSeconds: 2, seed: 1, log: () => undefined }),
    ).rejects.toThrow('The token was refused (401)');
  });
});
