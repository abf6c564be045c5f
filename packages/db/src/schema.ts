// The whole schema as one object, for drizzle's relational queries and typed clients.
import * as core from './schema/core.ts';
import * as highlights from './schema/highlights.ts';

export const schema = { ...core, ...highlights };
export type Schema = typeof schema;
