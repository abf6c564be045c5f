// The server's side of the vertical-render queue (the worker renders): one BullMQ producer per app,
// opened on first use and closed with the app. Job ids come from the input (verticalRenderJobId), so
// a repeated enqueue of the same keyframe-file version is the same job.
import type { FastifyInstance } from 'fastify';
import type { Job, Queue } from 'bullmq';
import { QUEUES } from '@hc/shared/queues';
import {
  VERTICAL_RENDER_JOB_OPTIONS,
  verticalRenderJobId,
  type VerticalRenderJob,
} from '@hc/shared/job-contracts';
import type { RenderJobStatus } from '@hc/shared/api/vertical';
import type { AppContext } from '../../context.ts';
import { jobQueue } from '../../infra/job-queue.ts';

export type RenderJob = Job<VerticalRenderJob>;

/** BullMQ's states as the console names them (waiting, delayed, prioritized, ... are all 'queued'). */
const stateOf = (state: string): RenderJobStatus['state'] =>
  state === 'active' || state === 'completed' || state === 'failed' ? state : 'queued';

export class RenderQueue {
  private readonly open: () => Queue<VerticalRenderJob>;

  /** The producer is closed with `app`. */
  constructor(
    app: FastifyInstance,
    ctx: Pick<AppContext, 'config' | 'deployment'>,
    prefix: string | undefined,
  ) {
    this.open = jobQueue<VerticalRenderJob, unknown>(app, ctx, QUEUES.verticalRender, prefix);
  }

  /**
   * Queues the render unless that very job is still on its way (queued or running: that is the render
   * asked for). A job of the same id that ended (failed, or completed by skipping) is replaced by a fresh
   * one: BullMQ's own retry of an ended job keeps its spent attempts and its stalled count, so a retried
   * render would fail at its first hiccup; and a completed job is never run again at all.
   */
  async enqueue(job: VerticalRenderJob): Promise<string> {
    const jobId = verticalRenderJobId(job);
    const existing = await this.open().getJob(jobId);
    if (existing) {
      const state = await existing.getState();
      if (state !== 'failed' && state !== 'completed' && state !== 'unknown') return jobId;
      // A job locked by a worker (it has just been taken again) cannot be removed: it is on its way.
      const removed = await existing.remove().then(
        () => true,
        () => false,
      );
      if (!removed) return jobId;
    }
    // add() with a taken id is a no-op in BullMQ, so two racing enqueues still make one job.
    await this.open().add('render', job, { ...VERTICAL_RENDER_JOB_OPTIONS, jobId });
    return jobId;
  }

  /**
   * Whether the render `jobId` is still on its way (queued or running). A job that is gone, finished or
   * failed is not: a task still marked 'queued' for it may be rendered again.
   */
  async isPending(jobId: string): Promise<boolean> {
    const found = await this.status(jobId);
    return found !== null && (found.state === 'queued' || found.state === 'active');
  }

  /** The job and its state; null when there is no such job (never queued, or removed). */
  async status(jobId: string): Promise<{ job: RenderJob; state: RenderJobStatus['state'] } | null> {
    const first = await this.open().getJob(jobId);
    if (!first) return null;
    const state = await first.getState();
    if (state === 'unknown') return null;
    // The job's fields were read before its state: a job that ended in between was read still running,
    // without its failedReason or returnvalue. BullMQ writes those in the same step that moves the job to
    // its end, so the job read again after its end was seen carries them.
    if (state !== 'completed' && state !== 'failed') return { job: first, state: stateOf(state) };
    const job = await this.open().getJob(jobId);
    return job ? { job, state: stateOf(state) } : null;
  }
}
