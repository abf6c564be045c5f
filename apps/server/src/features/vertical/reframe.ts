// "Suggest crop": the console's own reframing of a vertical task, run by the worker's vertical-reframe
// queue and stored as the task's console suggestion beside the pipeline's. The same task and span asked
// again while its job is queued or running is that job; one that ended is replaced by a fresh one.
import type { FastifyInstance } from 'fastify';
import type { Job, Queue } from 'bullmq';
import { QUEUES } from '@hc/shared/queues';
import {
  VERTICAL_REFRAME_JOB_OPTIONS,
  verticalReframeJobId,
  type VerticalReframeJob,
  type VerticalReframeResult,
} from '@hc/shared/job-contracts';
import { failureMessage } from '@hc/shared/jobs';
import {
  verticalErrors,
  type SuggestCropJobStatus,
  type VerticalSuggestCropBody,
} from '@hc/shared/api/vertical';
import type { AppContext } from '../../context.ts';
import { jobQueue, tracedBy } from '../../infra/job-queue.ts';
import { conflict, notFound } from '../../plugins/errors.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { VerticalTaskRepository } from './repo.ts';
import { assertInScope, requirePermission, scopeOf } from './scope.ts';

export class ReframeService {
  private readonly open: () => Queue<VerticalReframeJob>;
  private readonly repo: VerticalTaskRepository;

  constructor(
    app: FastifyInstance,
    private readonly ctx: AppContext,
    prefix: string | undefined,
  ) {
    this.open = jobQueue<VerticalReframeJob, unknown>(app, ctx, QUEUES.verticalReframe, prefix);
    this.repo = new VerticalTaskRepository(ctx.db);
  }

  /** Queues the job unless that very job is still on its way; answers its id. */
  async enqueue(job: VerticalReframeJob): Promise<string> {
    const jobId = verticalReframeJobId(job);
    const existing = await this.open().getJob(jobId);
    if (existing) {
      const state = await existing.getState();
      if (state !== 'failed' && state !== 'completed' && state !== 'unknown') return jobId;
      // A job a worker has just taken again cannot be removed: it is on its way.
      const removed = await existing.remove().then(
        () => true,
        () => false,
      );
      if (!removed) return jobId;
    }
    await this.open().add('reframe', job, { ...VERTICAL_REFRAME_JOB_OPTIONS, jobId });
    return jobId;
  }

  /** "Suggest crop" of a task in review of the caller's publishers (404 outside them). */
  async suggest(caller: AuthContext, body: VerticalSuggestCropBody, requestId: string): Promise<string> {
    requirePermission(caller, 'review');
    const [scope, view] = await Promise.all([
      scopeOf(this.ctx, caller, 'review'),
      this.repo.task(body.video_id),
    ]);
    if (!view) throw notFound();
    assertInScope(scope, view.task.publisherId);
    const task = view.task;
    if (task.status !== 'review') throw conflict(verticalErrors.notInReview(task.videoId, task.status));
    const span =
      body.start_frame !== undefined && body.end_frame !== undefined
        ? { startFrame: body.start_frame, endFrame: body.end_frame }
        : null;
    return this.enqueue(
      tracedBy(requestId, {
        videoId: task.videoId,
        publisherId: task.publisherId,
        span,
        userId: caller.userId,
      }),
    );
  }

  /** The job's state, for a caller who may review its task's publisher (404 otherwise). */
  async status(caller: AuthContext, jobId: string): Promise<SuggestCropJobStatus> {
    requirePermission(caller, 'review');
    const job: Job<VerticalReframeJob> | undefined = await this.open().getJob(jobId);
    if (!job) throw notFound();
    assertInScope(await scopeOf(this.ctx, caller, 'review'), job.data.publisherId);
    const raw = await job.getState();
    if (raw === 'unknown') throw notFound();
    const state = raw === 'active' || raw === 'completed' || raw === 'failed' ? raw : 'queued';
    // Read again once ended: the fields of a job read before it ended lack its result.
    const ended =
      state === 'completed' || state === 'failed' ? ((await this.open().getJob(jobId)) ?? job) : job;
    const result = ended.returnvalue as VerticalReframeResult | null;
    return {
      state,
      progress: typeof ended.progress === 'number' ? Math.round(ended.progress) : 0,
      vertical_content_id: state === 'completed' && result ? result.suggestionId : null,
      error: state === 'failed' ? failureMessage(ended.failedReason) : null,
    };
  }
}
