// Stored monetization configs for the grid and report suites: a publisher with a publisher-level
// video config, display configs for both platforms, and a placement overriding some fields.
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import { buildPublisher } from './factories.ts';

export const CHANNEL = '0123456789abcdef01234567';

export async function buildConfiguredPublisher(db: Db, name: string) {
  const publisher = await buildPublisher(db, { name });
  const [placement] = await db
    .insert(schema.placements)
    .values({ publisherId: publisher.id, name: `${name} Home`, platform: 'web' })
    .returning();
  await db.insert(schema.videoConfigs).values([
    {
      publisherId: publisher.id,
      placementId: null,
      config: {
        channel: CHANNEL,
        midrollTime: 3,
        vastRetry: 2,
        errorLimit: 10,
        viewportProduct: 1,
        viewportAd: 30,
      },
    },
    {
      publisherId: publisher.id,
      placementId: placement!.id,
      config: { description: 'Front page', midrollTime: 5 },
    },
  ]);
  await db.insert(schema.displayConfigs).values([
    { publisherId: publisher.id, placementId: null, platform: 'mobile', config: { fallbackEnable: false } },
    { publisherId: publisher.id, placementId: null, platform: 'desktop', config: { fallbackEnable: false } },
    {
      publisherId: publisher.id,
      placementId: placement!.id,
      platform: 'mobile',
      config: {
        fallbackEnable: true,
        pubmaticUrl: 'https://ads.pubmatic.example/AdServer/js/pwt/1234',
        displayAdDuration: 8000,
        adUnitPath: '/21700000000/apv/mobile',
        supportedSizes: [[300, 250]],
      },
    },
  ]);
  return { publisher, placement: placement! };
}
