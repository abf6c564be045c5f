// The ad configuration grid's work: a submit checked, recorded once per page session and queued as a
// monetization-submit job (recorded in the job center), and that job's status.
import type { FastifyInstance } from 'fastify';
import type { Queue } from 'bullmq';
import { isGridField, type GridSubmitData, type GridSubmitStatus } from '@hc/shared/api/ad-grid';
import { GRID_TABS } from '@hc/shared/monetization/grid-rules';
import { messages } from '@hc/shared/messages';
import {
  MONETIZATION_JOB_OPTIONS,
  monetizationSubmitJobId,
  type MonetizationSubmitJob,
  type MonetizationSubmitResult,
} from '@hc/shared/job-contracts';
import { QUEUES } from '@hc/shared/queues';
import { loadGridData } from '@hc/monetization/grid';
import type { AppContext } from '../../context.ts';
import { badRequest, notFound } from '../../plugins/errors.ts';
import { jobQueue, tracedBy } from '../../infra/job-queue.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { startRecordedJob } from '../job-center/records.ts';
import { GridSubmissionRepository } from './repo.ts';

/** Answers for rules the spec does not word. */
export const gridSubmitErrors = {
  nothingToSubmit: 'There are no changes to submit.',
  unknownField: (field: string) => `${field} is not a column of the grid.`,
} as const;

export class AdGridService {
  private readonly repo: GridSubmissionRepository;
  private readonly queueOf: () => Queue<MonetizationSubmitJob, MonetizationSubmitResult>;

  constructor(
    app: FastifyInstance,
    private readonly ctx: AppContext,
    jobsPrefix: string | undefined,
  ) {
    this.repo = new GridSubmissionRepository(ctx.db);
    this.queueOf = jobQueue<MonetizationSubmitJob, MonetizationSubmitResult>(
      app,
      ctx,
      QUEUES.monetizationSubmit,
      jobsPrefix,
    );
  }

  fill(publisherIds: number[]) {
    return loadGridData(this.ctx.db, publisherIds);
  }

  /** Queues the page session's submit; its job id. */
  async submit(
    caller: AuthContext,
    httpRequestId: string,
    data: GridSubmitData,
    sessionId: string,
  ): Promise<string> {
    const rows = GRID_TABS.flatMap((tab) => data[tab].map((row) => ({ tab, row })));
    if (rows.every(({ row }) => Object.keys(row.changes).length === 0))
      throw badRequest(gridSubmitErrors.nothingToSubmit);
    for (const { tab, row } of rows) {
      const unknown = Object.keys(row.changes).find((field) => !isGridField(tab, field));
      if (unknown) throw badRequest(gridSubmitErrors.unknownField(unknown));
    }
    const jobId = monetizationSubmitJobId(sessionId);
    // The session id is the guard: a second submit of it finds the row and never applies twice.
    // Whether this submit starts a job (a repeat of an applied or waiting session adds none).
    let starts = await this.repo.insert(sessionId, caller, data);
    if (!starts) {
      // A submit that failed its checks applied nothing: the same page may send corrected data. So may
      // one whose job itself failed (its row is still pending): that job is ended, never running, and
      // keeping it would answer every retry of the page with its failure.
      starts = await this.repo.reopen(sessionId, caller, data);
      const previous = starts ? await this.queueOf().getJob(jobId) : undefined;
      if (previous && ['completed', 'failed'].includes(await previous.getState())) await previous.remove();
    }
    // add() with a taken id is a no-op: a repeated submit of a pending or applied session adds nothing.
    const enqueue = () =>
      this.queueOf().add('submit', tracedBy(httpRequestId, { sessionId, userId: caller.userId }), {
        ...MONETIZATION_JOB_OPTIONS,
        jobId,
      });
    if (starts)
      await startRecordedJob(
        this.ctx.db,
        caller,
        {
          queue: QUEUES.monetizationSubmit,
          jobId,
          label: 'Ad configuration grid',
          subjectPath: '/admin/ad-config',
        },
        enqueue,
      );
    else await enqueue();
    return jobId;
  }

  /** A submit job's state: its submission row decides once it ended, else BullMQ's state. */
  async status(jobId: string): Promise<GridSubmitStatus> {
    const job = await this.queueOf().getJob(jobId);
    if (!job) throw notFound();
    const submission = await this.repo.statusOf(job.data.sessionId);
    if (!submission) throw notFound();
    const state = await job.getState();
    const progress = typeof job.progress === 'number' ? job.progress : 0;
    if (submission.status === 'done') return { state: 'completed', progress: 100, errors: [] };
    if (submission.status === 'failed') return { state: 'failed', progress: 100, errors: submission.errors };
    if (state === 'failed') return { state: 'failed', progress, errors: [messages.somethingWentWrong] };
    return { state: state === 'active' ? 'active' : 'queued', progress, errors: [] };
  }
}
