// Every BullMQ worker of the runtime is made here: it runs only its own deployment's jobs. A job stamped by
// another deployment (two deployments given the same JOBS_PREFIX on one Redis) is failed at once, before
// its processor runs, with a warning naming both deployments; and none of its worker events reach this
// deployment's listeners (live progress to a user of the same id here, render bookkeeping in this
// database, metrics), so refusing it changes nothing here.
import { UnrecoverableError, Worker, type Processor, type WorkerListener, type WorkerOptions } from 'bullmq';
import { foreignStampOf } from '@hc/shared/job-contracts';
import type { WorkerLog } from './ops/logging.ts';

export interface OwnJobsGuard {
  /** This deployment's id (deployment.ts). */
  deploymentId: string;
  /** Where the refusal's warning goes. */
  warn: WorkerLog;
}

/** The message a refused job fails with (its failedReason). */
export const foreignJobReason = (jobDeployment: string, ownDeployment: string) =>
  `Refused: this job was queued by deployment ${jobDeployment}; this worker serves deployment ${ownDeployment}.`;

/** The worker events whose first argument is the job. */
const JOB_EVENTS = new Set<string>(['active', 'progress', 'completed', 'failed']);

export class DeploymentWorker<Data = unknown, Result = unknown> extends Worker<Data, Result> {
  // Set after super(): an event emitted while BullMQ's constructor runs is never a job's.
  private guard: OwnJobsGuard | undefined;

  constructor(name: string, processor: Processor<Data, Result>, options: WorkerOptions, guard: OwnJobsGuard) {
    const refusing: Processor<Data, Result> = (job, token, signal) => {
      const other = foreignStampOf(guard.deploymentId, job.data);
      if (other === null) return processor(job, token, signal);
      guard.warn('job of another deployment refused', {
        queue: name,
        jobId: job.id,
        jobDeployment: other,
        ownDeployment: guard.deploymentId,
      });
      return Promise.reject(new UnrecoverableError(foreignJobReason(other, guard.deploymentId)));
    };
    super(name, refusing, options);
    this.guard = guard;
  }

  override emit<U extends keyof WorkerListener<Data, Result>>(
    event: U,
    ...args: Parameters<WorkerListener<Data, Result>[U]>
  ): boolean {
    if (this.guard && JOB_EVENTS.has(event as string)) {
      const job = args[0] as { data?: unknown } | undefined;
      if (foreignStampOf(this.guard.deploymentId, job?.data) !== null) return false;
    }
    return super.emit(event, ...args);
  }
}
