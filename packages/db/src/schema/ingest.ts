// The ingest API's own tables: service tokens of the pipeline, and the id sequence of the
// rows it creates (articles, highlights and vertical tasks carry ids handed out by the pipeline in the
// spec, so their id columns have no default).
import {
  index,
  integer,
  pgSequence,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { publishers } from './core.ts';

/**
 * Ids of ingested articles, highlights and vertical tasks. It starts far above the ids of the demo seed
 * and of the test factories, so an ingested row never takes an id someone else chose.
 */
export const ingestIds = pgSequence('ingest_id_seq', { startWith: 1_000_000_000 });

/** A token of the highlight pipeline; it feeds exactly one publisher. Only its SHA-256 is stored. */
export const serviceTokens = pgTable(
  'service_tokens',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('service_tokens_hash_uq').on(t.tokenHash),
    index('service_tokens_publisher_idx').on(t.publisherId),
  ],
);
