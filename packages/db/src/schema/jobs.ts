// The console's record of the jobs its users start (the job center): one row per start of a BullMQ job
// from a screen, written by the server as it enqueues and kept up to date by the worker's progress
// hooks. BullMQ forgets finished jobs after a day or a week; this is the history of who ran what, with
// which result, that outlives them.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { publishers, users } from './core.ts';

export const CONSOLE_JOB_STATES = ['queued', 'running', 'done', 'failed', 'cancelled'] as const;
export type ConsoleJobState = (typeof CONSOLE_JOB_STATES)[number];

export const consoleJobs = pgTable(
  'console_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The publisher of the session that started the job: a non-admin sees only this publisher's. */
    publisherId: integer('publisher_id')
      .notNull()
      .references(() => publishers.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as written so the row still says who after the user is removed. */
    userEmail: text('user_email').notNull(),
    /** The BullMQ queue: the job's kind. */
    queue: text('queue').notNull(),
    /** The BullMQ job id (derived from the input, so a retry of the same job has the same id). */
    jobId: text('job_id').notNull(),
    /** What the job is about, as the list shows it ("Story 12"). */
    label: text('label').notNull(),
    /** The console path of the object the job is about, when it has one. */
    subjectPath: text('subject_path'),
    state: text('state').$type<ConsoleJobState>().notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    /** Where the result is (a download, a workbook), once done. */
    link: text('link'),
    /** Why it failed, in the words the screen that started it would use. */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'console_jobs_state_check',
      sql`${t.state} in ('queued', 'running', 'done', 'failed', 'cancelled')`,
    ),
    check('console_jobs_progress_check', sql`${t.progress} between 0 and 100`),
    // A user's own list (newest first, paged by id) and the worker's lookup of a job's latest start.
    index('console_jobs_user_idx').on(t.userId, t.publisherId, t.id.desc()),
    index('console_jobs_job_idx').on(t.queue, t.jobId, t.id.desc()),
  ],
);
