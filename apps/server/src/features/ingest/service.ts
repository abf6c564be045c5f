// The ingest API's use cases: each PUT, and a batch of them, runs in one transaction for the token's
// publisher; a request that wrote anything announces the publisher's pending counts once, after commit.
import type { KeyframeFileData } from '@hc/db/schema/vertical';
import {
  ingestErrors,
  type IngestArticle,
  type IngestBatch,
  type IngestBatchResult,
  type IngestHighlight,
  type IngestProgram,
  type IngestProgramHighlights,
  type IngestResult,
  type IngestVerticalTask,
} from '@hc/shared/api/ingest';
import { framesOfRange, keyframeFileErrors, verticalTimeRangeError } from '@hc/shared/api/vertical';
import { frameCountOf } from '@hc/shared/vertical/keyframe-file';
import type { AppContext } from '../../context.ts';
import { HttpError } from '../../plugins/errors.ts';
import { IngestRepository } from './repo.ts';

/**
 * The suggestions' keyframe files, checked with the vertical tool's own rules against the source the
 * body declares (as the editor's saves are checked against the probed source); 422 naming each field.
 */
export function checkedKeyframes(body: IngestVerticalTask): KeyframeFileData[] {
  const { source } = body;
  const video = {
    width: source.width,
    height: source.height,
    fps: source.fps,
    frameCount: source.frame_count ?? frameCountOf(source.duration_seconds, source.fps),
  };
  const errors: string[] = [];
  body.suggestions.forEach((s, i) => {
    const range = { start_time: s.start_time, end_time: s.end_time };
    const rangeError = verticalTimeRangeError(body.content_type, range, {
      durationSeconds: source.duration_seconds,
      fps: source.fps,
    });
    if (rangeError) errors.push(`suggestions.${i}: ${rangeError}`);
    for (const e of keyframeFileErrors(s.keyframe, video, framesOfRange(range, video))) {
      errors.push(`suggestions.${i}.${e}`);
    }
  });
  if (errors.length > 0) throw new HttpError(422, errors);
  return body.suggestions.map((s) => s.keyframe as KeyframeFileData);
}

/** PostgreSQL's deadlock_detected: two batches locked the same rows in opposite orders. */
const DEADLOCK = '40P01';
const DEADLOCK_ATTEMPTS = 3;

const isDeadlock = (error: unknown): boolean => {
  // drizzle wraps the driver's error; the SQLSTATE is on it or on its cause.
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return e?.code === DEADLOCK || e?.cause?.code === DEADLOCK;
};

/** A transaction PostgreSQL chose as a deadlock's victim rolled back whole, so it is run again. */
export async function retryOnDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (!isDeadlock(error) || attempt >= DEADLOCK_ATTEMPTS) throw error;
      // A random pause, so the two sides do not meet again in step.
      await new Promise((resolve) => setTimeout(resolve, attempt * (20 + Math.random() * 80)));
    }
  }
}

/** Runs `work` for one item of a batch; its 422 names the item. */
async function inItem<T>(kind: string, index: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 422) {
      throw new HttpError(
        422,
        error.errors.map((e) => ingestErrors.inItem(kind, index, e)),
      );
    }
    throw error;
  }
}

/** Queues the console's crop suggestion of tasks that arrived without one (after their commit). */
export type ReframeRequester = (publisherId: number, videoIds: number[]) => Promise<void>;

export class IngestService {
  constructor(
    private readonly ctx: AppContext,
    private readonly reframe: ReframeRequester,
  ) {}

  /**
   * One transaction for the publisher; counts are announced once when it wrote anything. Vertical tasks
   * left without a suggestion get the console's once committed; should the queue be down the request
   * fails (503) and the pipeline's retry of the same PUT, which finds the task still without one, asks
   * again.
   */
  private async write<T>(
    publisherId: number,
    work: (repo: IngestRepository) => Promise<T>,
    wrote: (result: T) => boolean,
  ): Promise<T> {
    let repo: IngestRepository | null = null;
    const result = await retryOnDeadlock(() =>
      this.ctx.db.transaction((tx) => work((repo = new IngestRepository(tx, publisherId)))),
    );
    if (wrote(result)) this.ctx.live.countsChanged([publisherId]);
    const unsuggested = (repo as IngestRepository | null)?.unsuggested ?? [];
    if (unsuggested.length > 0) await this.reframe(publisherId, unsuggested);
    return result;
  }

  private one(publisherId: number, work: (repo: IngestRepository) => Promise<IngestResult>) {
    return this.write(publisherId, work, (r) => r.changed);
  }

  article(publisherId: number, externalId: string, body: IngestArticle) {
    return this.one(publisherId, (repo) => repo.article(externalId, body));
  }

  highlight(publisherId: number, externalId: string, body: IngestHighlight) {
    return this.one(publisherId, (repo) => repo.highlight(externalId, body));
  }

  program(publisherId: number, externalId: string, body: IngestProgram) {
    return this.one(publisherId, (repo) => repo.program(externalId, body));
  }

  programHighlights(publisherId: number, programExternalId: string, body: IngestProgramHighlights) {
    return this.one(publisherId, (repo) => repo.programHighlights(programExternalId, body));
  }

  verticalTask(publisherId: number, externalId: string, body: IngestVerticalTask) {
    const keyframes = checkedKeyframes(body);
    return this.one(publisherId, (repo) => repo.verticalTask(externalId, body, keyframes));
  }

  /** Every item in one transaction, in reference order (articles before their highlights, ...): all or none. */
  async batch(publisherId: number, batch: IngestBatch): Promise<IngestBatchResult> {
    const keyframes = batch.vertical_tasks.map((task, i) => {
      try {
        return checkedKeyframes(task);
      } catch (error) {
        if (error instanceof HttpError) {
          throw new HttpError(
            422,
            error.errors.map((e) => ingestErrors.inItem('vertical_tasks', i, e)),
          );
        }
        throw error;
      }
    });
    return this.write(
      publisherId,
      async (repo) => {
        const result: IngestBatchResult = {
          articles: [],
          highlights: [],
          programs: [],
          program_highlights: [],
          vertical_tasks: [],
        };
        await repo.prefetch({
          articles: batch.articles.map((a) => a.external_id),
          highlights: batch.highlights.map((h) => h.external_id),
          programs: [
            ...batch.programs.map((p) => p.external_id),
            ...batch.program_highlights.map((p) => p.program_external_id),
          ],
          verticalTasks: batch.vertical_tasks.map((v) => v.external_id),
        });
        for (const [i, { external_id, ...body }] of batch.articles.entries()) {
          const r = await inItem('articles', i, () => repo.article(external_id, body));
          result.articles.push({ external_id, ...r });
        }
        for (const [i, { external_id, ...body }] of batch.highlights.entries()) {
          const r = await inItem('highlights', i, () => repo.highlight(external_id, body));
          result.highlights.push({ external_id, ...r });
        }
        for (const [i, { external_id, ...body }] of batch.programs.entries()) {
          const r = await inItem('programs', i, () => repo.program(external_id, body));
          result.programs.push({ external_id, ...r });
        }
        for (const [i, { program_external_id, ...body }] of batch.program_highlights.entries()) {
          const r = await inItem('program_highlights', i, () =>
            repo.programHighlights(program_external_id, body),
          );
          result.program_highlights.push({ external_id: program_external_id, ...r });
        }
        for (const [i, { external_id, ...body }] of batch.vertical_tasks.entries()) {
          const r = await inItem('vertical_tasks', i, () =>
            repo.verticalTask(external_id, body, keyframes[i]!),
          );
          result.vertical_tasks.push({ external_id, ...r });
        }
        return result;
      },
      (r) => Object.values(r).some((items: IngestResult[]) => items.some((item) => item.changed)),
    );
  }
}
