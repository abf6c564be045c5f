// The database handle's type, apart from the code that opens it (which the change feed needs, not the
// other way round).
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Schema } from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, Schema>;
