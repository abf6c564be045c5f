// Vertical tasks in PostgreSQL: the task lists (filtered by publisher scope, look-back, status, content
// type, program and free text, sorted on the server by several keys), Vertical View's programs, a task
// with its suggestions, and the writes of the review actions. Every write takes the task's current
// state in its WHERE, so of two racing actions only one can move a task.
import {
  and,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { caseless, indexOrder, indexOrders, valuesFirst } from '@hc/db/order';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type { KeyframeFileData } from '@hc/db/schema/vertical';
import type {
  VerticalProgramListQuery,
  VerticalProgramSort,
  VerticalTaskListQuery,
  VerticalTaskSort,
} from '@hc/shared/api/vertical';

const { verticalTasks, publishers, programs, verticalSuggestions, keyframeFiles, verticalFeedback, users } =
  schema;

export type TaskRow = typeof verticalTasks.$inferSelect;
export interface TaskView {
  task: TaskRow;
  publisherName: string;
  programName: string | null;
  /** The e-mail of the holder of a live lock on the task, else null. */
  lockedBy: string | null;
}

const TASK_SORTS: Record<VerticalTaskSort, AnyPgColumn> = {
  updated_at: verticalTasks.updatedAt,
  created_at: verticalTasks.createdAt,
  generated_at: verticalTasks.generatedAt,
  duration: verticalTasks.durationSeconds,
  title: verticalTasks.title,
  channel: verticalTasks.channel,
  publisher_name: publishers.name,
  program_name: programs.programName,
  external_program_id: verticalTasks.externalProgramId,
  segment_id: verticalTasks.segmentId,
  video_id: verticalTasks.videoId,
  highlight_id: verticalTasks.highlightId,
  derivative_id: verticalTasks.derivativeId,
};

/** Text read as people read it, whatever the case. */
const CASELESS_TASK_SORTS = new Set<VerticalTaskSort>(['title', 'channel', 'publisher_name', 'program_name']);
/** Columns a task may lack (not generated yet, no program, no highlight...): listed after the rest. */
const OPTIONAL_TASK_SORTS = new Set<VerticalTaskSort>([
  'generated_at',
  'channel',
  'program_name',
  'external_program_id',
  'segment_id',
  'highlight_id',
  'derivative_id',
]);

/**
 * One key of a task list's order. Only updated_at (the default) has an index, which the plain order
 * walks; the other keys sort anyway, so they sort as a reader expects: caseless text, and tasks without
 * the value last in both directions.
 */
function taskOrder(key: VerticalTaskSort, direction: 'asc' | 'desc'): SQL {
  const value = CASELESS_TASK_SORTS.has(key) ? caseless(TASK_SORTS[key]) : TASK_SORTS[key];
  return OPTIONAL_TASK_SORTS.has(key) ? valuesFirst(value, direction) : indexOrder(value, direction);
}

const PROGRAM_SORTS: Record<VerticalProgramSort, SQLWrapper> = {
  start_date: programs.startTime,
  title: caseless(programs.programName),
  program_id: programs.externalProgramId,
  channel: caseless(programs.channel),
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const asSafeId = (text: string) => (/^\d{1,15}$/.test(text) ? Number(text) : null);
const lookBack = (column: AnyPgColumn, days: number) =>
  gte(column, sql`now() - make_interval(days => ${days})`);
/** Tasks whose render is on its way have left the review lists (the worker makes them ready). */
const notRendering = or(isNull(verticalTasks.renderState), ne(verticalTasks.renderState, 'queued'));

/** Status filter: a review list never shows a task whose render is queued. */
const statusIs = (status: string): SQL | undefined =>
  status === 'review'
    ? and(eq(verticalTasks.status, 'review'), notRendering)
    : eq(verticalTasks.status, status as TaskRow['status']);

export class VerticalTaskRepository {
  constructor(private readonly db: Db) {}

  private selectTasks() {
    return this.db
      .select({
        task: verticalTasks,
        publisherName: publishers.name,
        programName: programs.programName,
        lockedBy: users.email,
      })
      .from(verticalTasks)
      .innerJoin(publishers, eq(publishers.id, verticalTasks.publisherId))
      .leftJoin(programs, eq(programs.id, verticalTasks.programId))
      .leftJoin(
        users,
        and(eq(users.id, verticalTasks.lockHolderUserId), gt(verticalTasks.lockExpiresAt, sql`now()`)),
      );
  }

  /**
   * One page of tasks. The default order (updated_at desc, video_id desc) walks vertical_tasks_list_idx
   * per publisher; video_id breaks ties in the first key's direction, so pages never overlap.
   */
  async list(publisherIds: number[], query: VerticalTaskListQuery) {
    if (publisherIds.length === 0) return { rows: [] as TaskView[], count: 0, pages: 0 };
    const filters: (SQL | undefined)[] = [
      inArray(verticalTasks.publisherId, publisherIds),
      statusIs(query.status),
      lookBack(verticalTasks.createdAt, query.from),
    ];
    if (query.content_type) filters.push(eq(verticalTasks.contentType, query.content_type));
    if (query.channel) filters.push(eq(verticalTasks.channel, query.channel));
    if (query.program) filters.push(eq(verticalTasks.programId, query.program));
    if (query.free_query) {
      const text = query.free_query;
      const id = asSafeId(text);
      filters.push(
        or(
          ilike(verticalTasks.title, `%${escapeLike(text)}%`),
          eq(verticalTasks.externalProgramId, text),
          eq(verticalTasks.segmentId, text),
          id === null ? undefined : or(eq(verticalTasks.videoId, id), eq(verticalTasks.highlightId, id)),
        ),
      );
    }
    const where = and(...filters);

    const sortBy = query['sort_by[]'] ?? ['updated_at'];
    const orderDir = query['order_dir[]'] ?? [];
    const dirOf = (i: number) => orderDir[i] ?? 'desc';
    const orderBy = sortBy.map((key, i) => taskOrder(key, dirOf(i)));
    if (!sortBy.includes('video_id')) orderBy.push(indexOrder(verticalTasks.videoId, dirOf(0)));

    const per = query.per;
    const [rows, [total]] = await Promise.all([
      per === 0
        ? Promise.resolve([])
        : this.selectTasks()
            .where(where)
            .orderBy(...orderBy)
            .limit(per)
            .offset(Math.max(query.page - 1, 0) * per),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(verticalTasks)
        .where(where),
    ]);
    const count = Number(total?.n ?? 0);
    return { rows, count, pages: per > 0 ? Math.ceil(count / per) : 0 };
  }

  /** Publisher ids in the given groups. */
  async publishersInGroups(groupIds: number[]): Promise<number[]> {
    const rows = await this.db
      .select({ id: publishers.id })
      .from(publishers)
      .where(inArray(publishers.groupId, groupIds));
    return rows.map((r) => r.id);
  }

  /** Programs of the publishers holding a task of the status discovered within the look-back. */
  async programs(publisherIds: number[], query: VerticalProgramListQuery) {
    const filters: (SQL | undefined)[] = [
      inArray(programs.publisherId, publisherIds),
      // vertical_tasks_program_status_created_idx answers this per program.
      sql`exists (select 1 from ${verticalTasks} where ${and(
        eq(verticalTasks.programId, programs.id),
        statusIs(query.status),
        lookBack(verticalTasks.createdAt, query.from),
      )})`,
    ];
    const text = query.search_text ?? '';
    if (text !== '') {
      if (query.search_type === 'program_id') {
        const id = asSafeId(text);
        filters.push(
          or(
            eq(programs.externalProgramId, text),
            id === null || id > 2 ** 31 ? undefined : eq(programs.id, id),
          ),
        );
      } else {
        filters.push(ilike(programs.programName, `%${escapeLike(text)}%`));
      }
    }
    const where = and(...filters);
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(programs)
        .where(where)
        .orderBy(...indexOrders([PROGRAM_SORTS[query.sort_by], programs.id], query.order_by))
        .limit(query.per)
        .offset((query.page - 1) * query.per),
      this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(programs)
        .where(where),
    ]);
    const count = Number(total?.n ?? 0);
    return { rows, count, pages: Math.ceil(count / query.per) };
  }

  async task(videoId: number): Promise<TaskView | undefined> {
    const [row] = await this.selectTasks().where(eq(verticalTasks.videoId, videoId));
    return row;
  }

  /** The task's suggestions, newest first, with their keyframe files. */
  async suggestions(videoId: number) {
    return this.db
      .select({ suggestion: verticalSuggestions, keyframe: keyframeFiles })
      .from(verticalSuggestions)
      .leftJoin(keyframeFiles, eq(keyframeFiles.id, verticalSuggestions.keyframeFileId))
      .where(eq(verticalSuggestions.videoId, videoId))
      .orderBy(desc(verticalSuggestions.createdAt), desc(verticalSuggestions.id));
  }

  async suggestion(id: number) {
    const [row] = await this.db
      .select({ suggestion: verticalSuggestions, keyframe: keyframeFiles })
      .from(verticalSuggestions)
      .leftJoin(keyframeFiles, eq(keyframeFiles.id, verticalSuggestions.keyframeFileId))
      .where(eq(verticalSuggestions.id, id));
    return row;
  }

  /** The latest rating of each suggestion (vertical_feedback_suggestion_idx). */
  async latestFeedback(suggestionIds: number[]) {
    if (suggestionIds.length === 0) return new Map<number, { quality: string; reasons: string[] }>();
    const rows = await this.db
      .selectDistinctOn([verticalFeedback.suggestionId], {
        suggestionId: verticalFeedback.suggestionId,
        quality: verticalFeedback.quality,
        reasons: verticalFeedback.reasons,
      })
      .from(verticalFeedback)
      .where(inArray(verticalFeedback.suggestionId, suggestionIds))
      .orderBy(verticalFeedback.suggestionId, desc(verticalFeedback.createdAt), desc(verticalFeedback.id));
    return new Map(rows.map((r) => [r.suggestionId, { quality: r.quality, reasons: r.reasons }]));
  }

  async cacheSourceFacts(
    videoId: number,
    facts: { width: number; height: number; fps: number; frameCount: number },
  ): Promise<void> {
    await this.db
      .update(verticalTasks)
      .set({
        sourceWidth: facts.width,
        sourceHeight: facts.height,
        sourceFps: facts.fps,
        sourceFrameCount: facts.frameCount,
      })
      .where(eq(verticalTasks.videoId, videoId));
  }

  // ------------------------------------------------------------------------------------ writes

  /**
   * Marks a task in review as rendering. Refused (false) when the task left review or a render is
   * queued, unless that render is `staleJobId` (queued in the database, gone from the queue).
   */
  async claimRender(videoId: number, jobId: string, staleJobId: string | null): Promise<boolean> {
    const rows = await this.db
      .update(verticalTasks)
      .set({ renderState: 'queued', renderJobId: jobId, renderError: null, updatedAt: new Date() })
      .where(
        and(
          eq(verticalTasks.videoId, videoId),
          eq(verticalTasks.status, 'review'),
          staleJobId === null ? notRendering : or(notRendering, eq(verticalTasks.renderJobId, staleJobId)),
        ),
      )
      .returning({ videoId: verticalTasks.videoId });
    return rows.length === 1;
  }

  /**
   * Marks a task whose render `jobId` ended without an MP4 (failed, skipped, or lost while 'queued') as
   * rendering that job again. False when the task changed since it was read at `readAt` (its updated_at):
   * it left review, another render was claimed, or another click's retry came first.
   */
  async claimRetry(videoId: number, jobId: string, readAt: Date): Promise<boolean> {
    const rows = await this.db
      .update(verticalTasks)
      .set({ renderState: 'queued', renderError: null, updatedAt: new Date() })
      .where(
        and(
          eq(verticalTasks.videoId, videoId),
          eq(verticalTasks.status, 'review'),
          eq(verticalTasks.renderJobId, jobId),
          isNotNull(verticalTasks.renderState),
          // Read back as milliseconds: a database-made time (microseconds) still matches its reading.
          gt(verticalTasks.updatedAt, new Date(readAt.getTime() - 1)),
          lt(verticalTasks.updatedAt, new Date(readAt.getTime() + 1)),
        ),
      )
      .returning({ videoId: verticalTasks.videoId });
    return rows.length === 1;
  }

  /** Gives a claimed render back when its job could not be queued. */
  async releaseRender(
    videoId: number,
    jobId: string,
    previous: Pick<TaskRow, 'renderState' | 'renderJobId' | 'renderError'>,
  ) {
    await this.db
      .update(verticalTasks)
      .set({
        renderState: previous.renderState,
        renderJobId: previous.renderJobId,
        renderError: previous.renderError,
      })
      .where(and(eq(verticalTasks.videoId, videoId), eq(verticalTasks.renderJobId, jobId)));
  }

  /** Rejects a task in review whose render is not on its way. */
  async reject(videoId: number, reasons: string[]): Promise<boolean> {
    const rows = await this.db
      .update(verticalTasks)
      .set({ status: 'rejected', reviews: reasons, updatedAt: new Date() })
      .where(and(eq(verticalTasks.videoId, videoId), eq(verticalTasks.status, 'review'), notRendering))
      .returning({ videoId: verticalTasks.videoId });
    return rows.length === 1;
  }

  async setReelsValid(videoId: number, valid: boolean): Promise<void> {
    await this.db
      .update(verticalTasks)
      .set({ reelsValid: valid, updatedAt: new Date() })
      .where(eq(verticalTasks.videoId, videoId));
  }

  async insertFeedback(row: typeof verticalFeedback.$inferInsert): Promise<void> {
    await this.db.insert(verticalFeedback).values(row);
  }

  async insertKeyframeFile(data: KeyframeFileData) {
    const [row] = await this.db
      .insert(keyframeFiles)
      .values({ data })
      .returning({ id: keyframeFiles.id, version: keyframeFiles.version });
    return row!;
  }

  /** Saves a new version of a keyframe file; null when it is no longer at `expectedVersion`. */
  async saveKeyframeVersion(id: number, data: KeyframeFileData, expectedVersion: number) {
    const [row] = await this.db
      .update(keyframeFiles)
      .set({ data, version: sql`${keyframeFiles.version} + 1`, updatedAt: new Date() })
      .where(and(eq(keyframeFiles.id, id), eq(keyframeFiles.version, expectedVersion)))
      .returning({ id: keyframeFiles.id, version: keyframeFiles.version });
    return row ?? null;
  }

  async insertSuggestion(row: typeof verticalSuggestions.$inferInsert) {
    const [inserted] = await this.db
      .insert(verticalSuggestions)
      .values(row)
      .returning({ id: verticalSuggestions.id });
    return inserted!.id;
  }

  async setSuggestion(
    id: number,
    change: Pick<typeof verticalSuggestions.$inferInsert, 'startTime' | 'endTime' | 'keyframeFileId'>,
  ): Promise<void> {
    await this.db.update(verticalSuggestions).set(change).where(eq(verticalSuggestions.id, id));
  }
}
