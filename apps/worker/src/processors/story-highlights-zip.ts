// story-highlights-zip: gathers the highlight MP4s of one story version into one ZIP on the media store.
// Idempotent: the archive's name comes from the job id (story id + updated_at), an existing archive is
// the result, and it is written under a temp name then renamed, so a worker killed mid-job leaves no
// broken archive under the final name; the retry (BullMQ stalled-job recovery) removes the stale temp.
//
// Which highlights a story has (the choice made for issue 4): its active video pages, in display order.
// A page whose metadata names a highlight_id of the publisher contributes that highlight's MP4; any
// other video page contributes its own uploaded video (object_id, else a media-store video_url). Image
// pages have no highlight; external video URLs are never fetched. The same file appears once.
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import archiver, { type Archiver } from 'archiver';
import { UnrecoverableError, type Job } from 'bullmq';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@hc/db/client';
import { schema } from '@hc/db/schema';
import { insideStore } from '../media/store.ts';
import {
  storyHighlightsArchiveDir,
  storyHighlightsArchivePrefix,
  type StoryHighlightsZipJob,
} from '../queues.ts';

export interface StoryHighlightSource {
  /** The highlight's id, or the page's id for a page's own uploaded video. */
  highlightId: number;
  /** Unique within the story. */
  filename: string;
  /** Media-store path of the MP4. */
  path: string;
}

const MEDIA_PREFIX = '/media/';

/** A stored video reference as a media-store path, or null for anything outside the store. */
function mediaPathOf(ref: string | null | undefined): string | null {
  if (!ref || /^[a-z][a-z0-9+.-]*:/i.test(ref) || ref.startsWith('//')) return null;
  let relative = ref;
  if (ref.startsWith('/')) {
    if (!ref.startsWith(MEDIA_PREFIX)) return null;
    try {
      relative = decodeURIComponent(ref.slice(MEDIA_PREFIX.length));
    } catch {
      return null;
    }
  }
  const normal = path.posix.normalize(relative);
  return normal.startsWith('..') || path.posix.isAbsolute(normal) ? null : normal;
}

const slug = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, 60)
    .replace(/-+$/, '');

const highlightIdOf = (metadata: Record<string, unknown>): number | null => {
  const value = metadata.highlight_id;
  const id = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
};

/** The story's highlight files, or null when the story is not the publisher's. */
export async function storyHighlightSources(
  db: Db,
  publisherId: number,
  storyId: number,
): Promise<StoryHighlightSource[] | null> {
  const { stories, storyPages, uploadedObjects, highlights } = schema;
  const [story] = await db
    .select({ id: stories.id })
    .from(stories)
    .where(and(eq(stories.id, storyId), eq(stories.publisherId, publisherId)));
  if (!story) return null;
  const pages = await db
    .select()
    .from(storyPages)
    .where(
      and(eq(storyPages.storyId, storyId), eq(storyPages.objectType, 'video'), eq(storyPages.active, true)),
    )
    .orderBy(asc(storyPages.ordinal), asc(storyPages.index), asc(storyPages.id));
  const highlightIds = pages.map((p) => highlightIdOf(p.metadata)).filter((id) => id !== null);
  const objectIds = pages.map((p) => p.objectId).filter((id) => id !== null);
  const highlightPaths = new Map(
    highlightIds.length === 0
      ? []
      : (
          await db
            .select({ id: highlights.id, path: highlights.videoPath })
            .from(highlights)
            .where(and(inArray(highlights.id, highlightIds), eq(highlights.publisherId, publisherId)))
        ).map((h) => [h.id, h.path]),
  );
  const objectPaths = new Map(
    objectIds.length === 0
      ? []
      : (
          await db
            .select({ id: uploadedObjects.id, path: uploadedObjects.path })
            .from(uploadedObjects)
            .where(
              and(
                inArray(uploadedObjects.id, objectIds),
                eq(uploadedObjects.publisherId, publisherId),
                eq(uploadedObjects.kind, 'video'),
              ),
            )
        ).map((o) => [o.id, o.path]),
  );
  const seen = new Set<string>();
  const files: StoryHighlightSource[] = [];
  for (const page of pages) {
    const highlightId = highlightIdOf(page.metadata);
    const fromHighlight = highlightId === null ? undefined : highlightPaths.get(highlightId);
    const own =
      (page.objectId === null ? undefined : objectPaths.get(page.objectId)) ??
      mediaPathOf(page.videoUrl) ??
      mediaPathOf(typeof page.metadata.video_url === 'string' ? page.metadata.video_url : null);
    const file = fromHighlight ?? own;
    if (!file || seen.has(file)) continue;
    seen.add(file);
    const id = fromHighlight !== undefined && highlightId !== null ? highlightId : page.id;
    const number = String(files.length + 1).padStart(2, '0');
    files.push({
      highlightId: id,
      filename: `${number}-${slug(page.title) || 'highlight'}-${id}.mp4`,
      path: file,
    });
  }
  return files;
}

// --- The archive: a standard ZIP written by archiver, stored (MP4s do not compress). ---

/** Writes a ZIP to a new file, one source file after the other, never holding a file in memory. */
export class StoredZipWriter {
  private constructor(
    private readonly filePath: string,
    private readonly file: FileHandle,
    private readonly archive: Archiver,
    /** Settles once everything the archive produced is in the file (or writing failed). */
    private readonly written: Promise<void>,
  ) {}

  static async create(filePath: string): Promise<StoredZipWriter> {
    const file = await open(filePath, 'wx');
    // ZIP64 only when an archive needs it (over 4 GB or 65,535 files): others are plain ZIPs.
    const archive = archiver('zip', { store: true });
    // The stream closes the file when the archive ends (a FileHandle a stream still refers to cannot be
    // closed otherwise); finish() then flushes it to disk through a second descriptor.
    const written = pipeline(archive, file.createWriteStream());
    // Observed by finish() or abort(); never left unhandled meanwhile.
    written.catch(() => undefined);
    return new StoredZipWriter(filePath, file, archive, written);
  }

  /** Adds one file; resolves once it is in the archive (so progress counts written files). */
  async addFile(name: string, sourcePath: string, modified: Date): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        this.archive.off('entry', onEntry).off('error', done);
        if (error) reject(error);
        else resolve();
      };
      const onEntry = () => done();
      this.archive.once('entry', onEntry).once('error', done);
      this.archive.append(createReadStream(sourcePath, { highWaterMark: 1 << 20 }), {
        name,
        date: modified,
        mode: 0o644,
      });
    });
  }

  /** Writes the central directory, flushes to disk and closes the file. */
  async finish(): Promise<void> {
    await this.archive.finalize();
    await this.written;
    // fsync flushes the file's data whichever descriptor asks.
    const again = await open(this.filePath, 'r');
    try {
      await again.sync();
    } finally {
      await again.close();
    }
  }

  /** Closes without finishing (the caller removes the temp file). */
  async abort(): Promise<void> {
    this.archive.abort();
    await this.written.catch(() => undefined);
    // Closed by its stream already, unless the stream never got that far.
    await this.file.close().catch(() => undefined);
  }
}

// --- The job. ---

export interface StoryHighlightsZipDeps {
  db: Db;
  /** The media store's folder (DATA_DIR/media). */
  mediaDir: string;
  /** Test-only: a pause after each file, so a test can kill the worker mid-job. */
  delayPerFileMs?: number;
}

export interface StoryHighlightsZipResult {
  /** Media-store path of the archive. */
  path: string;
  files: number;
}

export function storyHighlightsZipProcessor(deps: StoryHighlightsZipDeps) {
  return async (job: Job<StoryHighlightsZipJob>): Promise<StoryHighlightsZipResult> => {
    if (!job.id) throw new UnrecoverableError('A story highlights job needs its derived id');
    const { storyId, publisherId } = job.data;
    const archiveDir = storyHighlightsArchiveDir(publisherId);
    const dir = insideStore(deps.mediaDir, path.join(archiveDir, '.'));
    const sources = await storyHighlightSources(deps.db, publisherId, storyId);
    if (!sources) throw new UnrecoverableError(`Story ${storyId} not found`);
    await mkdir(dir, { recursive: true });
    const names = await readdir(dir);
    // A previous run may have renamed its archive and died before BullMQ heard of it: that is the result.
    const prefix = storyHighlightsArchivePrefix(job.id);
    const done = names.find((name) => name.startsWith(prefix) && name.endsWith('.zip'));
    if (done) {
      await job.updateProgress(100);
      return { path: `${archiveDir}/${done}`, files: sources.length };
    }
    // Temp files of this job left by a killed worker are garbage now.
    const tempPrefix = `.${job.id}.`;
    for (const name of names) {
      if (name.startsWith(tempPrefix) && name.endsWith('.part'))
        await rm(path.join(dir, name), { force: true });
    }
    const archive = `${archiveDir}/${prefix}${randomBytes(16).toString('hex')}.zip`;
    const finalFile = insideStore(deps.mediaDir, archive);
    const tempFile = path.join(dir, `${tempPrefix}${randomBytes(6).toString('hex')}.part`);
    const zip = await StoredZipWriter.create(tempFile);
    try {
      for (const [i, source] of sources.entries()) {
        const sourceFile = insideStore(deps.mediaDir, source.path);
        const info = await stat(sourceFile);
        await zip.addFile(source.filename, sourceFile, info.mtime);
        // 100 is kept for the rename: a job at 100 has its archive in place.
        await job.updateProgress(Math.floor(((i + 1) / sources.length) * 99));
        if (deps.delayPerFileMs) await new Promise((r) => setTimeout(r, deps.delayPerFileMs));
      }
      await zip.finish();
      await rename(tempFile, finalFile);
    } catch (error) {
      await zip.abort();
      await rm(tempFile, { force: true });
      throw error;
    }
    await job.updateProgress(100);
    return { path: archive, files: sources.length };
  };
}
