// The vertical task lifecycle: review -> ready through a render (approve, create,
// update), review -> rejected. Each action checks the spec's form rules here, whatever the browser
// did, and writes the change, the reviewer's feedback and the audit entry in one transaction whose
// conditional UPDATE is the race guard. Renders are queued after the commit; a render that cannot be
// queued gives its claim back.
import type { KeyframeFileData } from '@hc/db/schema/vertical';
import {
  framesOfRange,
  keyframeFileErrors,
  verticalErrors,
  verticalTimeRangeError,
  type TimeRange,
  type VerticalApproveBody,
  type VerticalEditBody,
  type VerticalProgramListQuery,
  type VerticalRejectBody,
  type VerticalRenderRetryBody,
  type VerticalTaskDetailsQuery,
  type VerticalTaskListQuery,
} from '@hc/shared/api/vertical';
import { type VerticalRenderJob, verticalRenderJobId } from '@hc/shared/job-contracts';
import { QUEUES } from '@hc/shared/queues';
import { jobMessages } from '@hc/shared/messages';
import type { AppContext } from '../../context.ts';
import type { AuthContext } from '../auth/sessions.ts';
import { badRequest, conflict, HttpError, notFound } from '../../plugins/errors.ts';
import { TaskLockService } from '../locks/service.ts';
import type { RenderQueue } from './render-queue.ts';
import { VerticalTaskRepository, type TaskRow, type TaskView } from './repo.ts';
import {
  assertInScope,
  inScope,
  permissionForStatus,
  requirePermission,
  scopeOf,
  type VerticalPermission,
} from './scope.ts';
import { probeSourceVideo, storedFacts, type SourceVideoFacts } from './source-video.ts';
import { tracedBy } from '../../infra/job-queue.ts';
import { startRecordedJob } from '../job-center/records.ts';
import { writeAudit } from '../audit/writer.ts';

const unprocessable = (errors: string[]) => new HttpError(422, errors);

/** The payload of a task's audit entry: the state before and after. */
const stateOf = (task: Pick<TaskRow, 'status' | 'renderState'>) => ({
  status: task.status,
  render_state: task.renderState,
});

type EditBody = Omit<VerticalEditBody, 'keyframe'> & { keyframe: unknown };

export class VerticalService {
  private readonly repo: VerticalTaskRepository;
  private readonly locks: TaskLockService;

  constructor(
    private readonly ctx: AppContext,
    private readonly renders: RenderQueue,
  ) {
    this.repo = new VerticalTaskRepository(ctx.db);
    this.locks = new TaskLockService(ctx);
  }

  // ---------------------------------------------------------------------------------- reads

  /** A task list: the session's publisher, or the publishers / groups asked for within the scope. */
  async list(caller: AuthContext, query: VerticalTaskListQuery) {
    const permission = permissionForStatus(query.status);
    requirePermission(caller, permission);
    const scope = await scopeOf(this.ctx, caller, permission);
    let publisherIds = [caller.publisherId];
    if (query['publisher_ids[]']) {
      query['publisher_ids[]'].forEach((id) => assertInScope(scope, id));
      publisherIds = query['publisher_ids[]'];
    } else if (query['group_ids[]']) {
      const inGroups = await this.repo.publishersInGroups(query['group_ids[]']);
      publisherIds = inGroups.filter((id) => inScope(scope, id));
    }
    return this.repo.list(publisherIds, query);
  }

  async programs(caller: AuthContext, query: VerticalProgramListQuery) {
    requirePermission(caller, permissionForStatus(query.status));
    return this.repo.programs([caller.publisherId], query);
  }

  /** A task's suggestions: the permission its status needs (review or view), within that scope. */
  async details(caller: AuthContext, query: VerticalTaskDetailsQuery) {
    // Outside every publisher of the caller it is a 404 before anything else is said.
    const view = await this.task(caller, query.video_id, 'view');
    const permission = permissionForStatus(view.task.status);
    requirePermission(caller, permission);
    if (permission === 'review')
      assertInScope(await scopeOf(this.ctx, caller, 'review'), view.task.publisherId);
    if (query.content_type && query.content_type !== view.task.contentType) throw notFound();
    if (query.status && query.status !== view.task.status) {
      throw conflict(verticalErrors.statusChanged(view.task.videoId, view.task.status));
    }
    const rows = await this.repo.suggestions(view.task.videoId);
    const feedback = await this.repo.latestFeedback(rows.map((r) => r.suggestion.id));
    return rows.map((r) => ({ ...r, feedback: feedback.get(r.suggestion.id) }));
  }

  /** The task behind a render job of the caller's publishers, with the job's state. */
  async renderJob(caller: AuthContext, jobId: string) {
    requirePermission(caller, 'review');
    const found = await this.renders.status(jobId);
    if (!found) throw notFound();
    assertInScope(await scopeOf(this.ctx, caller, 'review'), found.job.data.publisherId);
    const view = await this.repo.task(found.job.data.videoId);
    if (!view) throw notFound();
    return { ...found, view };
  }

  /** A task of the caller's publishers (under the permission), else 404. */
  async task(caller: AuthContext, videoId: number, permission: VerticalPermission = 'review') {
    const [scope, view] = await Promise.all([scopeOf(this.ctx, caller, permission), this.repo.task(videoId)]);
    if (!view) throw notFound();
    assertInScope(scope, view.task.publisherId);
    return view;
  }

  // ---------------------------------------------------------------------------------- actions

  // Every action presents the caller's live lease of the task (`fence`, see features/locks): right after its
  // conditional UPDATE row-locked the task, the transaction checks that lease (409 and a rollback
  // otherwise), so a state conflict is said first and no lease can change before the commit. Approve
  // and reject finish the task and free the lease; create and update keep it while the editor follows
  // the render.

  /** approve: renders the suggestion as it is (quality 'good'). */
  async approve(
    caller: AuthContext,
    body: VerticalApproveBody,
    fence: number | undefined,
    requestId: string,
  ) {
    const { view, suggestion, keyframe } = await this.suggestionForAction(caller, body.vertical_content_id);
    this.assertContentType(view.task, body.content_type);
    await this.assertCanChange(view.task);
    if (!keyframe) throw conflict(verticalErrors.noKeyframeFile(suggestion.id));
    const job = this.renderJobOf(view.task, suggestion.id, keyframe, suggestion);
    const started = await this.render(caller, view, fence, requestId, 'approve', async (repo) => {
      await repo.insertFeedback({ suggestionId: suggestion.id, userId: caller.userId, quality: 'good' });
      return { job, audit: { quality: 'good' } };
    });
    await this.locks.releaseAfterAction(caller, 'vertical_task', view.task.videoId, fence);
    return started;
  }

  /** reject: the source video is marked rejected with the reasons; no vertical is made. */
  async reject(caller: AuthContext, body: VerticalRejectBody, fence: number | undefined) {
    requirePermission(caller, 'review');
    const view = await this.task(caller, body.video_id);
    this.assertContentType(view.task, body.content_type);
    await this.assertCanChange(view.task);
    const suggestions = await this.repo.suggestions(view.task.videoId);
    const rated =
      body.vertical_content_id === undefined
        ? (suggestions.find((s) => s.suggestion.active) ?? suggestions[0])
        : suggestions.find((s) => s.suggestion.id === body.vertical_content_id);
    if (body.vertical_content_id !== undefined && !rated) throw notFound();

    await this.ctx.db.transaction(async (tx) => {
      const repo = new VerticalTaskRepository(tx);
      if (!(await repo.reject(view.task.videoId, body.reason)))
        throw await this.conflictOf(view.task.videoId);
      await this.locks.holdForAction(tx, caller, 'vertical_task', view.task.videoId, fence);
      if (rated) {
        await repo.insertFeedback({
          suggestionId: rated.suggestion.id,
          userId: caller.userId,
          quality: '',
          reasons: body.reason,
        });
      }
      await writeAudit(
        tx,
        this.auditOf(caller, view.task, 'reject', {
          before: stateOf(view.task),
          after: { status: 'rejected', render_state: view.task.renderState },
          reasons: body.reason,
          vertical_content_id: rated?.suggestion.id ?? null,
        }),
      );
    });
    this.ctx.live.countsChanged([view.task.publisherId]);
    await this.locks.releaseAfterAction(caller, 'vertical_task', view.task.videoId, fence);
    return this.reloaded(view.task.videoId);
  }

  /** create (Manual): a new suggestion (source 2) with its own keyframe file, rendered. */
  async create(caller: AuthContext, body: EditBody, fence: number | undefined, requestId: string) {
    const { view, suggestion } = await this.suggestionForAction(caller, body.vertical_content_id);
    const file = await this.checkedEdit(view.task, body);
    return this.render(caller, view, fence, requestId, 'create', async (repo) => {
      const keyframe = await repo.insertKeyframeFile(file);
      const created = await repo.insertSuggestion({
        videoId: view.task.videoId,
        startTime: body.start_time,
        endTime: body.end_time,
        source: 2,
        active: false,
        keyframeFileId: keyframe.id,
      });
      await this.rateBad(repo, caller, suggestion.id, body.reason);
      return {
        job: this.renderJobOf(view.task, created, keyframe, body),
        audit: { ...this.editAudit(body), from_vertical_content_id: suggestion.id },
      };
    });
  }

  /** update (Modify): a new version of the suggestion's keyframe file and its time range, rendered. */
  async update(caller: AuthContext, body: EditBody, fence: number | undefined, requestId: string) {
    const { view, suggestion, keyframe } = await this.suggestionForAction(caller, body.vertical_content_id);
    const file = await this.checkedEdit(view.task, body);
    if (keyframe && body.keyframe_version !== undefined && body.keyframe_version !== keyframe.version) {
      throw conflict(verticalErrors.staleKeyframeFile(suggestion.id));
    }
    // The spec's task lifecycle: a range that no longer overlaps the original is a manual creation, not a
    // modify.
    const overlaps = body.start_time < suggestion.endTime && body.end_time > suggestion.startTime;
    if (view.task.contentType === 'highlight' && !overlaps) throw unprocessable([verticalErrors.rangeMoved]);
    return this.render(caller, view, fence, requestId, 'update', async (repo) => {
      const saved = keyframe
        ? await repo.saveKeyframeVersion(keyframe.id, file, keyframe.version)
        : await repo.insertKeyframeFile(file);
      if (!saved) throw conflict(verticalErrors.staleKeyframeFile(suggestion.id));
      await repo.setSuggestion(suggestion.id, {
        startTime: body.start_time,
        endTime: body.end_time,
        keyframeFileId: saved.id,
      });
      await this.rateBad(repo, caller, suggestion.id, body.reason);
      return {
        job: this.renderJobOf(view.task, suggestion.id, saved, body),
        audit: { ...this.editAudit(body), keyframe_version: saved.version },
      };
    });
  }

  /**
   * retry: renders again the render a task lost (failed, skipped, or its job gone), the same keyframe
   * version as the same job. The caller names the render it saw fail: a task whose render changed since
   * is refused, and so is one whose suggestion was saved again (the old version is not rendered over it).
   * A second click while the retry is on its way answers the same job and queues nothing.
   */
  async retryRender(caller: AuthContext, body: VerticalRenderRetryBody, requestId: string) {
    requirePermission(caller, 'review');
    const view = await this.task(caller, body.video_id);
    const task = view.task;
    if (task.status !== 'review') throw conflict(verticalErrors.notInReview(task.videoId, task.status));
    const jobId = body.render_job_id;
    if (task.renderJobId !== jobId || task.renderState === null)
      throw conflict(jobMessages.retryRenderChanged(task.videoId));
    const found = await this.renders.status(jobId);
    if (task.renderState === 'queued' && found && (found.state === 'queued' || found.state === 'active'))
      return { view, jobId, suggestionId: found.job.data.suggestionId };
    const job = await this.retriedJob(task, jobId, found?.job.data);
    const claimed = await this.ctx.db.transaction(async (tx) => {
      const repo = new VerticalTaskRepository(tx);
      if (!(await repo.claimRetry(task.videoId, jobId, task.updatedAt))) return false;
      await writeAudit(
        tx,
        this.auditOf(caller, task, 'retry_render', {
          before: stateOf(task),
          after: { status: task.status, render_state: 'queued' },
          job_id: jobId,
          vertical_content_id: job.suggestionId,
          error: task.renderError,
        }),
      );
      return true;
    });
    if (!claimed) {
      // Another click's retry of the same render won: that is this click's answer too (one job).
      const now = await this.reloaded(task.videoId);
      if (now.task.status === 'review' && now.task.renderState === 'queued' && now.task.renderJobId === jobId)
        return { view: now, jobId, suggestionId: job.suggestionId };
      throw conflict(jobMessages.retryRenderChanged(task.videoId));
    }
    await this.enqueueRender(caller, requestId, task, job, jobId);
    this.ctx.live.countsChanged([task.publisherId]);
    return { view: await this.reloaded(task.videoId), jobId, suggestionId: job.suggestionId };
  }

  /**
   * The render `jobId` of the task as it was queued: the job's own data while BullMQ keeps it, else
   * rebuilt from the suggestion whose keyframe file it names. Refused when that file was saved since.
   */
  private async retriedJob(
    task: TaskRow,
    jobId: string,
    kept: VerticalRenderJob | undefined,
  ): Promise<VerticalRenderJob> {
    const named = /^vertical-(\d+)-(\d+)-v(\d+)$/.exec(jobId);
    const keyframeFileId = kept?.keyframeFileId ?? Number(named?.[2]);
    const version = kept?.keyframeVersion ?? Number(named?.[3]);
    const row = (await this.repo.suggestions(task.videoId)).find(
      (r) => r.keyframe?.id === keyframeFileId && (!kept || r.suggestion.id === kept.suggestionId),
    );
    if (!row?.keyframe || !Number.isInteger(version))
      throw conflict(jobMessages.retryRenderChanged(task.videoId));
    if (row.keyframe.version !== version) throw conflict(jobMessages.retryRenderStaleVersion(task.videoId));
    const job = kept ? { ...kept } : this.renderJobOf(task, row.suggestion.id, row.keyframe, row.suggestion);
    delete job.userId;
    delete (job as { httpRequestId?: string }).httpRequestId;
    return job;
  }

  /** reels/update: the reels_valid flag of a ready or rejected task. */
  async setReelsValid(caller: AuthContext, videoId: number, valid: boolean) {
    requirePermission(caller, 'review');
    const view = await this.task(caller, videoId);
    if (view.task.status === 'review') throw conflict(verticalErrors.reelsNotFinished(videoId));
    await this.ctx.db.transaction(async (tx) => {
      const repo = new VerticalTaskRepository(tx);
      await repo.setReelsValid(videoId, valid);
      await writeAudit(
        tx,
        this.auditOf(caller, view.task, 'reels_update', {
          before: { reels_valid: view.task.reelsValid },
          after: { reels_valid: valid },
        }),
      );
    });
    return this.reloaded(videoId);
  }

  // ---------------------------------------------------------------------------------- helpers

  /** The suggestion and its task, for an action: review permission, the caller's publishers. */
  private async suggestionForAction(caller: AuthContext, suggestionId: number) {
    requirePermission(caller, 'review');
    const row = await this.repo.suggestion(suggestionId);
    if (!row) throw notFound();
    const view = await this.task(caller, row.suggestion.videoId);
    return { view, suggestion: row.suggestion, keyframe: row.keyframe };
  }

  private assertContentType(task: TaskRow, contentType: string) {
    if (task.contentType !== contentType)
      throw badRequest(verticalErrors.contentType(task.videoId, task.contentType));
  }

  /** A task that may still change: in review, with no render on its way. */
  private async assertCanChange(task: TaskRow) {
    if (task.status !== 'review') throw conflict(verticalErrors.notInReview(task.videoId, task.status));
    if (
      task.renderState === 'queued' &&
      task.renderJobId &&
      (await this.renders.isPending(task.renderJobId))
    ) {
      throw conflict(verticalErrors.renderQueued(task.videoId));
    }
  }

  /** Why a conditional write matched nothing: the task's state now. */
  private async conflictOf(videoId: number): Promise<HttpError> {
    const now = await this.repo.task(videoId);
    if (!now) return notFound();
    return now.task.status === 'review'
      ? conflict(verticalErrors.renderQueued(videoId))
      : conflict(verticalErrors.notInReview(videoId, now.task.status));
  }

  /** The rules of create and update (transition, time range, keyframe file); the checked file. */
  private async checkedEdit(task: TaskRow, body: EditBody): Promise<KeyframeFileData> {
    this.assertContentType(task, body.content_type);
    await this.assertCanChange(task);
    const facts = await this.sourceFacts(task);
    const rangeError = verticalTimeRangeError(task.contentType, body, {
      durationSeconds: task.durationSeconds,
      fps: facts.fps,
    });
    if (rangeError) throw unprocessable([rangeError]);
    const errors = keyframeFileErrors(body.keyframe, facts, framesOfRange(body, facts), {
      rendered: true,
    });
    if (errors.length > 0) throw unprocessable(errors);
    return body.keyframe as KeyframeFileData;
  }

  /** The source video's facts, probed once and kept on the task. */
  private async sourceFacts(task: TaskRow): Promise<SourceVideoFacts> {
    const stored = storedFacts(task);
    if (stored) return stored;
    const probed = await probeSourceVideo(this.ctx.config.mediaDir, task.srcVideoPath);
    if (!probed) throw conflict(verticalErrors.sourceUnreadable(task.videoId));
    await this.repo.cacheSourceFacts(task.videoId, probed);
    return probed;
  }

  /** What an edit's audit entry keeps (the file itself is in keyframe_files). */
  private editAudit(body: EditBody) {
    return { start_time: body.start_time, end_time: body.end_time, reasons: body.reason };
  }

  /** The render of a suggestion: highlights render their range; full videos the whole video (nulls). */
  private renderJobOf(
    task: TaskRow,
    suggestionId: number,
    keyframe: { id: number; version: number },
    range: TimeRange | { startTime: number; endTime: number },
  ): VerticalRenderJob {
    const [start, end] =
      'start_time' in range ? [range.start_time, range.end_time] : [range.startTime, range.endTime];
    const highlight = task.contentType === 'highlight';
    return {
      videoId: task.videoId,
      publisherId: task.publisherId,
      suggestionId,
      keyframeFileId: keyframe.id,
      keyframeVersion: keyframe.version,
      startTime: highlight ? start : null,
      endTime: highlight ? end : null,
    };
  }

  private async rateBad(
    repo: VerticalTaskRepository,
    caller: AuthContext,
    suggestionId: number,
    reasons: string[],
  ) {
    await repo.insertFeedback({ suggestionId, userId: caller.userId, quality: '', reasons });
  }

  /**
   * The render of an action: in one transaction the action's own writes (which may make the job),
   * the claim of the task (render_state 'queued', render_job_id) and the audit entry; then the job
   * is queued. A stale claim (queued in the database, its job gone) may be taken over.
   */
  private async render(
    caller: AuthContext,
    view: TaskView,
    fence: number | undefined,
    /** The request asking: the job carries its id (tracedBy). */
    requestId: string,
    action: 'approve' | 'create' | 'update',
    writes: (
      repo: VerticalTaskRepository,
    ) => Promise<{ job: VerticalRenderJob; audit: Record<string, unknown> }>,
  ) {
    const task = view.task;
    const staleJobId = task.renderState === 'queued' ? task.renderJobId : null;
    const job = await this.ctx.db.transaction(async (tx) => {
      const repo = new VerticalTaskRepository(tx);
      const { job: made, audit } = await writes(repo);
      const jobId = verticalRenderJobId(made);
      if (!(await repo.claimRender(task.videoId, jobId, staleJobId)))
        throw await this.conflictOf(task.videoId);
      await this.locks.holdForAction(tx, caller, 'vertical_task', task.videoId, fence);
      await writeAudit(
        tx,
        this.auditOf(caller, task, action, {
          before: stateOf(task),
          after: { status: task.status, render_state: 'queued' },
          job_id: jobId,
          vertical_content_id: made.suggestionId,
          ...audit,
        }),
      );
      return made;
    });
    const jobId = verticalRenderJobId(job);
    await this.enqueueRender(caller, requestId, task, job, jobId);
    // The task left the review list (its render is on its way): the pending counts moved.
    this.ctx.live.countsChanged([task.publisherId]);
    return { view: await this.reloaded(task.videoId), jobId, suggestionId: job.suggestionId };
  }

  /** Queues the task's render, its job center row first; a render that could not be queued gives the task back. */
  private async enqueueRender(
    caller: AuthContext,
    requestId: string,
    task: TaskRow,
    job: VerticalRenderJob,
    jobId: string,
  ) {
    try {
      await startRecordedJob(
        this.ctx.db,
        caller,
        { queue: QUEUES.verticalRender, jobId, label: `Video ${task.videoId}` },
        () => this.renders.enqueue(tracedBy(requestId, { ...job, userId: caller.userId })),
      );
    } catch (error) {
      await this.repo.releaseRender(task.videoId, jobId, task);
      throw error;
    }
  }

  private auditOf(caller: AuthContext, task: TaskRow, actionName: string, payload: Record<string, unknown>) {
    return {
      publisherId: task.publisherId,
      userId: caller.userId,
      actionName,
      objectId: String(task.videoId),
      objectType: 'vertical_task' as const,
      payload,
    };
  }

  private async reloaded(videoId: number): Promise<TaskView> {
    const view = await this.repo.task(videoId);
    if (!view) throw notFound();
    return view;
  }
}
