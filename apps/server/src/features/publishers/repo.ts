// Reads of publishers, their products, placements and console configuration, always within what the
// caller may see.
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type { ConsoleConfig, Placement, PublisherInfo, PublisherProduct } from '@hc/shared/api/publishers';

const { publishers, publisherGroups, products, publisherProducts, placements, consoleConfigs, abTests } =
  schema;

const DEFAULT_CONSOLE_CONFIG: ConsoleConfig = {
  consoleDisplayIabMetrics: 'true',
  consoleDisplayGenericMetrics: 'false',
  numberOfAlgoSuggestions: 2,
};

const asFlag = (v: string): 'true' | 'false' => (v === 'true' ? 'true' : 'false');

export class PublisherRepository {
  constructor(private readonly db: Db) {}

  /** Publishers with their group, optionally limited to some ids. */
  async infos(ids?: number[]): Promise<(PublisherInfo & { apv: boolean; editor: boolean })[]> {
    const rows = await this.db
      .select({
        id: publishers.id,
        name: publishers.name,
        key: publishers.key,
        homeUrl: publishers.homeUrl,
        groupId: publishers.groupId,
        groupName: publisherGroups.name,
        apv: publishers.apvEnabled,
        editor: publishers.editorEnabled,
      })
      .from(publishers)
      .leftJoin(publisherGroups, eq(publisherGroups.id, publishers.groupId))
      .where(ids ? inArray(publishers.id, ids) : undefined)
      .orderBy(asc(publishers.id));
    return rows.map((r) => ({
      id: r.id,
      publisher_id: r.id,
      name: r.name,
      key: r.key,
      home_url: r.homeUrl,
      publisher_group_id: r.groupId,
      group_name: r.groupName,
      apv: r.apv,
      editor: r.editor,
    }));
  }

  /** Groups of the given publishers (all groups when ids is undefined). */
  async groups(ids?: number[]): Promise<{ id: number; name: string }[]> {
    if (!ids) return this.db.select().from(publisherGroups).orderBy(asc(publisherGroups.name));
    if (ids.length === 0) return [];
    return this.db
      .selectDistinct({ id: publisherGroups.id, name: publisherGroups.name })
      .from(publisherGroups)
      .innerJoin(publishers, eq(publishers.groupId, publisherGroups.id))
      .where(inArray(publishers.id, ids))
      .orderBy(asc(publisherGroups.name));
  }

  async products(publisherId: number): Promise<PublisherProduct[]> {
    return this.db
      .select({ id: products.id, name: products.name, status: publisherProducts.status })
      .from(publisherProducts)
      .innerJoin(products, eq(products.id, publisherProducts.productId))
      .where(eq(publisherProducts.publisherId, publisherId))
      .orderBy(asc(products.id));
  }

  async placements(publisherId: number): Promise<Placement[]> {
    const rows = await this.db
      .select({
        id: placements.id,
        name: placements.name,
        enable: placements.enable,
        platform: placements.platform,
        abTestId: abTests.id,
        abMonetization: abTests.monetization,
      })
      .from(placements)
      .leftJoin(abTests, eq(abTests.placementId, placements.id))
      .where(eq(placements.publisherId, publisherId))
      .orderBy(asc(placements.name));
    return rows.map(({ abTestId, abMonetization, ...placement }) => ({
      ...placement,
      abTest: abTestId === null ? null : { monetization: abMonetization },
    }));
  }

  async consoleConfig(publisherId: number): Promise<ConsoleConfig> {
    const [row] = await this.db
      .select()
      .from(consoleConfigs)
      .where(eq(consoleConfigs.publisherId, publisherId));
    if (!row) return DEFAULT_CONSOLE_CONFIG;
    return {
      consoleDisplayIabMetrics: asFlag(row.consoleDisplayIabMetrics),
      consoleDisplayGenericMetrics: asFlag(row.consoleDisplayGenericMetrics),
      numberOfAlgoSuggestions: row.numberOfAlgoSuggestions,
    };
  }
}
