// The ingest API's writes: one upsert per kind, keyed by (publisher, external id), run inside the
// caller's transaction. Each finds the row (row-locked), writes only the columns whose value differs,
// and says whether it created or changed anything, so a repeat of the same body writes nothing.
import { and, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import type { KeyframeFileData } from '@hc/db/schema/vertical';
import type {
  IngestArticle,
  IngestHighlight,
  IngestProgram,
  IngestProgramHighlights,
  IngestResult,
  IngestVerticalTask,
} from '@hc/shared/api/ingest';
import { ingestErrors } from '@hc/shared/api/ingest';
import { frameCountOf } from '@hc/shared/vertical/keyframe-file';
import { HttpError } from '../../plugins/errors.ts';
import { changedColumns } from './compare.ts';

const {
  articles,
  highlights,
  programs,
  programHighlights,
  verticalTasks,
  verticalSuggestions,
  keyframeFiles,
} = schema;

type ArticleRow = typeof articles.$inferSelect;
type HighlightRow = typeof highlights.$inferSelect;

export const unprocessable = (message: string) => new HttpError(422, [message]);

/** The id of a new article, highlight or vertical task, drawn inside its INSERT (one round trip). */
const nextId = sql<number>`nextval('ingest_id_seq')`;

/** clicks / impressions when both are known and impressions > 0; null (unknown) otherwise. */
export function ctrOf(clicks: number, impressions: number): number | null {
  if (clicks < 0 || impressions <= 0) return null;
  return Math.min(1, clicks / impressions);
}

/** Real (float4) columns: compared at that precision, or a repeat would always look changed. */
const REAL_COLUMNS = new Set(['durationSeconds', 'sourceFps', 'startTime', 'endTime']);

export class IngestRepository {
  /** Articles met in this transaction by external id: a batch's highlights find theirs without a query. */
  private readonly articleRefs = new Map<string, { id: number; createdAt: Date }>();
  /** Vertical tasks written here that wait in review without any suggestion: the console makes one. */
  readonly unsuggested: number[] = [];

  constructor(
    private readonly tx: Db,
    private readonly publisherId: number,
  ) {}

  private prefetchedArticles: Map<string, ArticleRow> | null = null;
  private prefetchedHighlights: Map<string, HighlightRow> | null = null;

  /**
   * Row-locks a batch's existing rows up front, one query per kind, each in external-id order: two batches
   * naming the same rows in different orders then queue instead of deadlocking, and articles and
   * highlights are not looked up again per item (an external id missing here is new; a racing twin
   * insert is still caught by the unique index).
   */
  async prefetch(ids: {
    articles: string[];
    highlights: string[];
    programs: string[];
    verticalTasks: string[];
  }) {
    if (ids.articles.length > 0) {
      const rows = await this.tx
        .select()
        .from(articles)
        .where(and(eq(articles.publisherId, this.publisherId), inArray(articles.externalId, ids.articles)))
        .orderBy(articles.externalId)
        .for('update');
      this.prefetchedArticles = new Map(rows.map((r) => [r.externalId!, r]));
    }
    if (ids.highlights.length > 0) {
      const rows = await this.tx
        .select()
        .from(highlights)
        .where(
          and(eq(highlights.publisherId, this.publisherId), inArray(highlights.externalId, ids.highlights)),
        )
        .orderBy(highlights.externalId)
        .for('update');
      this.prefetchedHighlights = new Map(rows.map((r) => [r.externalId!, r]));
    }
    if (ids.programs.length > 0) {
      await this.tx
        .select({ id: programs.id })
        .from(programs)
        .where(and(eq(programs.publisherId, this.publisherId), inArray(programs.externalId, ids.programs)))
        .orderBy(programs.externalId)
        .for('update');
    }
    if (ids.verticalTasks.length > 0) {
      await this.tx
        .select({ id: verticalTasks.videoId })
        .from(verticalTasks)
        .where(
          and(
            eq(verticalTasks.publisherId, this.publisherId),
            inArray(verticalTasks.externalId, ids.verticalTasks),
          ),
        )
        .orderBy(verticalTasks.externalId)
        .for('update');
    }
  }

  private async articleRef(externalId: string): Promise<{ id: number; createdAt: Date }> {
    const known = this.articleRefs.get(externalId);
    if (known) return known;
    const [article] = await this.tx
      .select({ id: articles.id, createdAt: articles.createdAt })
      .from(articles)
      .where(and(eq(articles.publisherId, this.publisherId), eq(articles.externalId, externalId)));
    if (!article) throw unprocessable(ingestErrors.unknownArticle(externalId));
    this.articleRefs.set(externalId, article);
    return article;
  }

  // ------------------------------------------------------------------ articles

  async article(externalId: string, body: IngestArticle): Promise<IngestResult> {
    const desired = {
      title: body.title,
      url: body.url,
      featured: body.featured,
      ...(body.created_at ? { createdAt: body.created_at } : {}),
    };
    const find = () =>
      this.tx
        .select()
        .from(articles)
        .where(and(eq(articles.publisherId, this.publisherId), eq(articles.externalId, externalId)))
        .for('update');
    let row = this.prefetchedArticles ? this.prefetchedArticles.get(externalId) : (await find())[0];
    if (!row) {
      const inserted = await this.tx
        .insert(articles)
        .values({
          id: nextId,
          publisherId: this.publisherId,
          externalId,
          ...desired,
          // Reviewers own the status after this: a later PUT never re-opens a reviewed article.
          reviewStatus: body.needs_review ? 'pending' : 'done',
          createdAt: body.created_at ?? new Date(),
        })
        .onConflictDoNothing({ target: [articles.publisherId, articles.externalId] })
        .returning({ id: articles.id, createdAt: articles.createdAt });
      if (inserted[0]) {
        this.articleRefs.set(externalId, inserted[0]);
        return { id: inserted[0].id, created: true, changed: true };
      }
      [row] = await find(); // a concurrent twin created it first
    }
    const changes = changedColumns(row!, desired, REAL_COLUMNS);
    if (changes) await this.tx.update(articles).set(changes).where(eq(articles.id, row!.id));
    this.articleRefs.set(externalId, { id: row!.id, createdAt: changes?.createdAt ?? row!.createdAt });
    return { id: row!.id, created: false, changed: changes !== null };
  }

  // ------------------------------------------------------------------ highlights

  async highlight(externalId: string, body: IngestHighlight): Promise<IngestResult> {
    const article = await this.articleRef(body.article_external_id);
    const m = body.metrics;
    const desired = {
      articleId: article.id,
      title: body.title,
      category: body.category,
      link: body.link,
      publishedAt: body.published_at,
      articleCreatedAt: article.createdAt,
      recommendationScore: body.recommendation_score,
      videoPath: body.video,
      thumbnailPath: body.thumbnail,
      gifPath: body.gif,
      durationSeconds: body.duration_seconds,
      nonUniqRegularImpressions: m.non_uniq_regular_impressions,
      nonUniqRegularClicks: m.non_uniq_regular_clicks,
      regularCtr:
        m.regular_ctr !== undefined
          ? m.regular_ctr
          : ctrOf(m.non_uniq_regular_clicks, m.non_uniq_regular_impressions),
      nonUniqIaImpressions: m.non_uniq_ia_impressions,
      nonUniqIaClicks: m.non_uniq_ia_clicks,
      iaCtr: m.ia_ctr !== undefined ? m.ia_ctr : ctrOf(m.non_uniq_ia_clicks, m.non_uniq_ia_impressions),
      ...(body.article_active !== undefined ? { articleActive: body.article_active } : {}),
      ...(body.ia_article_active !== undefined ? { iaArticleActive: body.ia_article_active } : {}),
    };
    const find = () =>
      this.tx
        .select()
        .from(highlights)
        .where(and(eq(highlights.publisherId, this.publisherId), eq(highlights.externalId, externalId)))
        .for('update');
    let row = this.prefetchedHighlights ? this.prefetchedHighlights.get(externalId) : (await find())[0];
    if (!row) {
      const inserted = await this.tx
        .insert(highlights)
        .values({ id: nextId, publisherId: this.publisherId, externalId, ...desired })
        .onConflictDoNothing({ target: [highlights.publisherId, highlights.externalId] })
        .returning({ id: highlights.id });
      if (inserted[0]) return { id: inserted[0].id, created: true, changed: true };
      [row] = await find();
    }
    const changes = changedColumns(row!, desired, REAL_COLUMNS);
    if (changes) await this.tx.update(highlights).set(changes).where(eq(highlights.id, row!.id));
    return { id: row!.id, created: false, changed: changes !== null };
  }

  // ------------------------------------------------------------------ programs

  async program(externalId: string, body: IngestProgram): Promise<IngestResult> {
    const desired = { programName: body.name, channel: body.channel, startTime: body.start_time };
    const find = () =>
      this.tx
        .select()
        .from(programs)
        .where(and(eq(programs.publisherId, this.publisherId), eq(programs.externalId, externalId)))
        .for('update');
    let [row] = await find();
    if (!row) {
      const inserted = await this.tx
        .insert(programs)
        // The pipeline's id is the broadcaster's program id the vertical tool shows.
        .values({ publisherId: this.publisherId, externalId, externalProgramId: externalId, ...desired })
        .onConflictDoNothing({ target: [programs.publisherId, programs.externalId] })
        .returning({ id: programs.id });
      if (inserted[0]) return { id: inserted[0].id, created: true, changed: true };
      [row] = await find();
    }
    const changes = changedColumns(row!, desired, REAL_COLUMNS);
    if (changes) await this.tx.update(programs).set(changes).where(eq(programs.id, row!.id));
    return { id: row!.id, created: false, changed: changes !== null };
  }

  private async programByExternalId(externalId: string) {
    const [program] = await this.tx
      .select()
      .from(programs)
      .where(and(eq(programs.publisherId, this.publisherId), eq(programs.externalId, externalId)));
    if (!program) throw unprocessable(ingestErrors.unknownProgram(externalId));
    return program;
  }

  /** Sets the program's ingested membership to the listed highlights (other segments are left alone). */
  async programHighlights(programExternalId: string, body: IngestProgramHighlights): Promise<IngestResult> {
    const program = await this.programByExternalId(programExternalId);
    // The program row is the lock of its membership: two PUTs of one program run one after the other.
    await this.tx.select({ id: programs.id }).from(programs).where(eq(programs.id, program.id)).for('update');
    const wanted = body.highlights.map((h) => h.highlight_external_id);
    const found =
      wanted.length === 0
        ? []
        : await this.tx
            .select({
              id: highlights.id,
              externalId: highlights.externalId,
              videoPath: highlights.videoPath,
              thumbnailPath: highlights.thumbnailPath,
            })
            .from(highlights)
            .where(and(eq(highlights.publisherId, this.publisherId), inArray(highlights.externalId, wanted)));
    const byExternal = new Map(found.map((h) => [h.externalId!, h]));
    const missing = wanted.find((id) => !byExternal.has(id));
    if (missing !== undefined) throw unprocessable(ingestErrors.unknownHighlight(missing));

    const existing = await this.tx
      .select()
      .from(programHighlights)
      .where(and(eq(programHighlights.programId, program.id), isNotNull(programHighlights.highlightId)));
    const byHighlight = new Map(existing.map((r) => [r.highlightId!, r]));
    let created = false;
    let changed = false;
    for (const item of body.highlights) {
      const highlight = byExternal.get(item.highlight_external_id)!;
      const desired = {
        segmentId: item.segment_id,
        type: item.type,
        videoPath: highlight.videoPath,
        thumbnailPath: highlight.thumbnailPath,
      };
      const row = byHighlight.get(highlight.id);
      if (!row) {
        await this.tx
          .insert(programHighlights)
          .values({ programId: program.id, highlightId: highlight.id, ...desired });
        created = changed = true;
        continue;
      }
      const changes = changedColumns(row, desired, REAL_COLUMNS);
      if (changes) {
        await this.tx.update(programHighlights).set(changes).where(eq(programHighlights.hldId, row.hldId));
        changed = true;
      }
    }
    const keep = [...byExternal.values()].map((h) => h.id);
    const removed = await this.tx
      .delete(programHighlights)
      .where(
        and(
          eq(programHighlights.programId, program.id),
          isNotNull(programHighlights.highlightId),
          ...(keep.length > 0 ? [notInArray(programHighlights.highlightId, keep)] : []),
        ),
      )
      .returning({ id: programHighlights.hldId });
    if (removed.length > 0) changed = true;
    return { id: program.id, created, changed };
  }

  // ------------------------------------------------------------------ vertical tasks

  async verticalTask(
    externalId: string,
    body: IngestVerticalTask,
    keyframes: KeyframeFileData[],
  ): Promise<IngestResult> {
    const program = body.program_external_id
      ? await this.programByExternalId(body.program_external_id)
      : null;
    let segmentHighlightId: number | null = null;
    if (program && body.segment_id) {
      const [segment] = await this.tx
        .select({ hldId: programHighlights.hldId })
        .from(programHighlights)
        .where(
          and(eq(programHighlights.programId, program.id), eq(programHighlights.segmentId, body.segment_id)),
        )
        .limit(1);
      segmentHighlightId = segment?.hldId ?? null;
    }
    const source = body.source;
    // Without a suggestion the task has no chosen range yet: the whole source until one is made.
    const chosen = body.suggestions.find((s) => s.active) ?? body.suggestions[0] ?? null;
    const desired = {
      contentType: body.content_type,
      title: body.title,
      channel: body.channel ?? program?.channel ?? null,
      programId: program?.id ?? null,
      externalProgramId: program?.externalProgramId ?? null,
      segmentId: body.segment_id,
      highlightId: segmentHighlightId,
      srcVideoPath: source.video,
      thumbnailPath: source.thumbnail,
      durationSeconds: source.duration_seconds,
      sourceWidth: source.width,
      sourceHeight: source.height,
      sourceFps: source.fps,
      sourceFrameCount: source.frame_count ?? frameCountOf(source.duration_seconds, source.fps),
      ...(body.generated_at ? { generatedAt: body.generated_at } : {}),
    };
    const find = () =>
      this.tx
        .select()
        .from(verticalTasks)
        .where(and(eq(verticalTasks.publisherId, this.publisherId), eq(verticalTasks.externalId, externalId)))
        .for('update');
    let [row] = await find();
    let created = false;
    let changed = false;
    let videoId: number;
    if (!row) {
      const inserted = await this.tx
        .insert(verticalTasks)
        .values({
          videoId: nextId,
          publisherId: this.publisherId,
          externalId,
          status: 'review',
          ...desired,
          startTime: chosen?.start_time ?? null,
          endTime: chosen?.end_time ?? null,
          generatedAt: body.generated_at ?? new Date(),
        })
        .onConflictDoNothing({ target: [verticalTasks.publisherId, verticalTasks.externalId] })
        .returning({ id: verticalTasks.videoId });
      if (inserted[0]) {
        videoId = inserted[0].id;
        created = changed = true;
      } else [row] = await find();
    }
    if (row) {
      videoId = row.videoId;
      const changes = changedColumns(row, desired, REAL_COLUMNS);
      if (changes) {
        await this.tx
          .update(verticalTasks)
          .set({ ...changes, updatedAt: new Date() })
          .where(eq(verticalTasks.videoId, row.videoId));
        changed = true;
      }
    }
    // Reviewers' work wins: suggestions change only while the task waits in review with no render queued.
    const suggestionsOpen = !row || (row.status === 'review' && row.renderState !== 'queued');
    if (suggestionsOpen && (await this.suggestions(videoId!, body, keyframes))) changed = true;
    if (suggestionsOpen && !(await this.hasSuggestion(videoId!))) this.unsuggested.push(videoId!);
    return { id: videoId!, created, changed };
  }

  private async hasSuggestion(videoId: number): Promise<boolean> {
    const [one] = await this.tx
      .select({ id: verticalSuggestions.id })
      .from(verticalSuggestions)
      .where(eq(verticalSuggestions.videoId, videoId))
      .limit(1);
    return one !== undefined;
  }

  /** Upserts the task's suggestions by external id, each with its keyframe file; true when it wrote. */
  private async suggestions(
    videoId: number,
    body: IngestVerticalTask,
    keyframes: KeyframeFileData[],
  ): Promise<boolean> {
    if (body.suggestions.length === 0) return false;
    const stored = await this.tx
      .select({ suggestion: verticalSuggestions, keyframe: keyframeFiles })
      .from(verticalSuggestions)
      .leftJoin(keyframeFiles, eq(keyframeFiles.id, verticalSuggestions.keyframeFileId))
      .where(
        and(
          eq(verticalSuggestions.videoId, videoId),
          inArray(
            verticalSuggestions.externalId,
            body.suggestions.map((s) => s.external_id),
          ),
        ),
      );
    const byExternal = new Map(stored.map((r) => [r.suggestion.externalId!, r]));
    let wrote = false;
    for (const [i, item] of body.suggestions.entries()) {
      const data = keyframes[i]!;
      const desired = {
        startTime: item.start_time,
        endTime: item.end_time,
        source: item.source,
        active: item.active,
      };
      const current = byExternal.get(item.external_id);
      if (!current) {
        const [file] = await this.tx
          .insert(keyframeFiles)
          .values({ data })
          .returning({ id: keyframeFiles.id });
        await this.tx.insert(verticalSuggestions).values({
          videoId,
          externalId: item.external_id,
          ...desired,
          keyframeFileId: file!.id,
          createdAt: body.generated_at ?? new Date(),
        });
        wrote = true;
        continue;
      }
      const changes = changedColumns(current.suggestion, desired, REAL_COLUMNS);
      let keyframeFileId = current.suggestion.keyframeFileId;
      if (!current.keyframe) {
        const [file] = await this.tx
          .insert(keyframeFiles)
          .values({ data })
          .returning({ id: keyframeFiles.id });
        keyframeFileId = file!.id;
      } else if (changedColumns(current.keyframe, { data }, REAL_COLUMNS)) {
        // A new version, so an editor holding the old one is told it changed (the vertical tool's check).
        await this.tx
          .update(keyframeFiles)
          .set({ data, version: sql`${keyframeFiles.version} + 1`, updatedAt: new Date() })
          .where(eq(keyframeFiles.id, current.keyframe.id));
        wrote = true;
      }
      if (changes || keyframeFileId !== current.suggestion.keyframeFileId) {
        await this.tx
          .update(verticalSuggestions)
          .set({ ...changes, keyframeFileId })
          .where(eq(verticalSuggestions.id, current.suggestion.id));
        wrote = true;
      }
    }
    return wrote;
  }
}
