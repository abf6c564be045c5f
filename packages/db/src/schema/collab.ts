// Persisted Yjs documents: updates are appended and compacted on idle.
import { bigint, customType, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

export const collabUpdates = pgTable(
  'collab_updates',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** 'package:{embed_id}' or 'story:{id}' (packages/shared/src/api/collab.ts). */
    docName: text('doc_name').notNull(),
    /** A Yjs update (or, after compaction, the merged state as one update). */
    update: bytea('update').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('collab_updates_doc_idx').on(t.docName, t.id)],
);
