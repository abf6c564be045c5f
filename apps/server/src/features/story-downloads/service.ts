// Story highlights downloads' work: the list of a story's highlight MP4s, and the story-highlights-zip
// job (started or given another go, recorded in the job center and audited; its status with the archive
// offered only while it exists).
import type { FastifyInstance } from 'fastify';
import type { Queue } from 'bullmq';
import type { HighlightsZipStatus } from '@hc/shared/api/story-downloads';
import { failureMessage, queuedOutcome } from '@hc/shared/jobs';
import { jobMessages } from '@hc/shared/messages';
import { QUEUES } from '@hc/shared/queues';
import {
  STORY_HIGHLIGHTS_ZIP_JOB_OPTIONS,
  storyHighlightsZipJobId,
  type StoryHighlightsZipJob,
  type StoryHighlightsZipResult,
} from '@hc/shared/job-contracts';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../plugins/errors.ts';
import type { MediaStore } from '../media/store.ts';
import { jobQueue, tracedBy } from '../../infra/job-queue.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { startRecordedJob } from '../job-center/records.ts';
import { writeAudit } from '../audit/writer.ts';
import { StoryDownloadRepository } from './repo.ts';

export class StoryDownloadService {
  private readonly repo: StoryDownloadRepository;
  private readonly queueOf: () => Queue<StoryHighlightsZipJob, StoryHighlightsZipResult>;

  constructor(
    app: FastifyInstance,
    private readonly ctx: AppContext,
    private readonly media: MediaStore,
    jobsPrefix: string | undefined,
  ) {
    this.repo = new StoryDownloadRepository(ctx.db);
    this.queueOf = jobQueue<StoryHighlightsZipJob, StoryHighlightsZipResult>(
      app,
      ctx,
      QUEUES.storyHighlightsZip,
      jobsPrefix,
    );
  }

  private async archiveExists(job: { returnvalue?: StoryHighlightsZipResult | null }) {
    const archive = job.returnvalue?.path;
    const file = archive ? await this.media.open(archive).catch(() => null) : null;
    file?.stream.destroy();
    return file !== null;
  }

  /** The story's highlight MP4s with their URLs. */
  async files(publisherId: number, storyId: number) {
    const sources = await this.repo.highlightSources(publisherId, storyId);
    if (!sources) throw notFound();
    return sources.map((s) => ({
      highlight_id: s.highlightId,
      filename: s.filename,
      url: this.media.url(s.path),
    }));
  }

  /** Starts (or finds) the archive job of the story's current version; its job id. */
  async startZip(caller: AuthContext, httpRequestId: string, storyId: number): Promise<string> {
    const { publisherId, userId } = caller;
    const story = await this.repo.story(publisherId, storyId);
    if (!story) throw notFound();
    const jobId = storyHighlightsZipJobId(story.id, story.updatedAt);
    const recordedStart = (enqueue: () => Promise<unknown>) =>
      startRecordedJob(
        this.ctx.db,
        caller,
        {
          queue: QUEUES.storyHighlightsZip,
          jobId,
          label: story.title || `Story ${story.id}`,
          subjectPath: `/stamp/${story.id}`,
        },
        enqueue,
      );
    let existing = await this.queueOf().getJob(jobId);
    // A finished job whose archive the retention purge removed makes a new archive.
    if (existing && (await existing.getState()) === 'completed' && !(await this.archiveExists(existing))) {
      await existing.remove();
      existing = undefined;
    }
    if (existing) {
      // The same story version is the same job; one that gave up is given another go, reported live to
      // the caller. A job still running reports to whoever started it (the others' screens poll).
      if ((await existing.getState()) === 'failed') {
        await existing.updateData({ ...existing.data, userId });
        await recordedStart(() => existing.retry('failed'));
      }
    } else {
      // add() with a taken id is a no-op in BullMQ, so two racing asks still make one job.
      await recordedStart(() =>
        this.queueOf().add(
          'zip',
          tracedBy(httpRequestId, {
            storyId: story.id,
            publisherId,
            version: story.updatedAt.getTime(),
            userId,
          }),
          { ...STORY_HIGHLIGHTS_ZIP_JOB_OPTIONS, jobId },
        ),
      );
    }
    // A download of the story's highlights, recorded like a single highlight's audit_download.
    await writeAudit(this.ctx.db, {
      publisherId,
      userId,
      actionName: 'download',
      objectId: String(story.id),
      objectType: 'story',
      payload: { job_id: jobId, format: 'zip' },
    });
    return jobId;
  }

  /** The archive job's status, for its publisher only. */
  async status(publisherId: number, jobId: string): Promise<HighlightsZipStatus> {
    const first = await this.queueOf().getJob(jobId);
    if (!first || first.data.publisherId !== publisherId) throw notFound();
    const state = await first.getState();
    // A job that ended between the two reads was read still running: read it again for its result.
    const job =
      state === 'completed' || state === 'failed' ? ((await this.queueOf().getJob(jobId)) ?? first) : first;
    const progress = typeof job.progress === 'number' ? job.progress : 0;
    if (state === 'failed') {
      const error = failureMessage(job.failedReason);
      return { state, progress, url: null, outcome: { kind: 'failed', error } };
    }
    if (state === 'completed') {
      // The archive is offered only while it is on the media store (the retention purge removes it).
      const archive = job.returnvalue?.path;
      if (archive && (await this.archiveExists(job))) {
        const url = this.media.url(archive);
        return { state, progress: 100, url, outcome: { kind: 'done', url } };
      }
      const error = jobMessages.fileMissing;
      return { state: 'failed', progress, url: null, outcome: { kind: 'failed', error } };
    }
    // A job nobody takes (no worker running) says it still waits once past the bound; never done.
    const outcome =
      state === 'active' ? { kind: 'running' as const, progress } : queuedOutcome(job.timestamp);
    return { state, progress, url: null, outcome };
  }
}
