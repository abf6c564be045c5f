// The whole schema as one object, for drizzle's relational queries and typed clients.
import * as collab from './schema/collab.ts';
import * as core from './schema/core.ts';
import * as highlights from './schema/highlights.ts';
import * as ingest from './schema/ingest.ts';
import * as jobs from './schema/jobs.ts';
import * as metrics from './schema/metrics.ts';
import * as monetization from './schema/monetization.ts';
import * as packages from './schema/packages.ts';
import * as programs from './schema/programs.ts';
import * as review from './schema/review.ts';
import * as stories from './schema/stories.ts';
import * as vertical from './schema/vertical.ts';

export const schema = {
  ...core,
  ...highlights,
  ...packages,
  ...stories,
  ...programs,
  ...review,
  ...vertical,
  ...monetization,
  ...collab,
  ...ingest,
  ...jobs,
  ...metrics,
};
export type Schema = typeof schema;
