// story-highlights-zip: gathers the highlight MP4s of one story version into one ZIP on the media store.
// Idempotent: the archive's name comes from the job id (story id + updated_at), an existing archive is
// the result, and it is written under a temp name then renamed, so a worker killed mid-job leaves no
// broken archive under the final name; the retry (BullMQ stalled-job recovery) removes the stale temp.
// Which highlights a story has is @hc/db/story-highlight-sources (the download route asks it too).
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import archiver, { type Archiver } from 'archiver';
import { UnrecoverableError, type Job } from 'bullmq';
import type { Db } from '@hc/db/client';
import { storyHighlightSources } from '@hc/db/story-highlight-sources';
import { insideStore } from '../media/store.ts';
import {
  storyHighlightsArchiveDir,
  type StoryHighlightsZipJob,
  type StoryHighlightsZipResult,
} from '@hc/shared/job-contracts';
import { finalNameFor, finishedFileOf, tempPathFor } from '@hc/media/temp-then-rename';

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

export function storyHighlightsZipProcessor(deps: StoryHighlightsZipDeps) {
  return async (job: Job<StoryHighlightsZipJob>): Promise<StoryHighlightsZipResult> => {
    if (!job.id) throw new UnrecoverableError('A story highlights job needs its derived id');
    const { storyId, publisherId } = job.data;
    const archiveDir = storyHighlightsArchiveDir(publisherId);
    const dir = insideStore(deps.mediaDir, path.join(archiveDir, '.'));
    const sources = await storyHighlightSources(deps.db, publisherId, storyId);
    if (!sources) throw new UnrecoverableError(`Story ${storyId} not found`);
    await mkdir(dir, { recursive: true });
    // A previous run may have renamed its archive and died before BullMQ heard of it: that is the result;
    // temp files of this job left by a killed worker are garbage now.
    const done = await finishedFileOf(dir, job.id, '.zip');
    if (done) {
      await job.updateProgress(100);
      return { path: `${archiveDir}/${done}`, files: sources.length };
    }
    const archive = `${archiveDir}/${finalNameFor(job.id, '.zip', 16)}`;
    const finalFile = insideStore(deps.mediaDir, archive);
    const tempFile = tempPathFor(dir, job.id);
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
