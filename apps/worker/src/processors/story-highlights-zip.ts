// story-highlights-zip: gathers the highlight MP4s of one story version into one ZIP on the media store.
// Idempotent: the archive's name comes from the job id (story id + updated_at), an existing archive is
// the result, and it is written under a temp name then renamed, so a worker killed mid-job leaves no
// broken archive under the final name; the retry (BullMQ stalled-job recovery) removes the stale temp.
// Which highlights a story has is @hc/db/story-highlight-sources (the download route asks it too).
import { createReadStream } from 'node:fs';
import { mkdir, open, rename, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
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

// --- A streaming ZIP writer: store method (MP4s do not compress), CRC-32 computed while copying. ---

const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

/** CRC-32 (ZIP's polynomial), continued from a previous value. */
export function crc32(data: Uint8Array, previous = 0): number {
  let crc = ~previous;
  for (let i = 0; i < data.length; i++) crc = CRC_TABLE[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8);
  return ~crc >>> 0;
}

const dosDateTime = (date: Date) => ({
  time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | (date.getUTCSeconds() >> 1),
  date:
    ((Math.max(date.getUTCFullYear(), 1980) - 1980) << 9) |
    ((date.getUTCMonth() + 1) << 5) |
    date.getUTCDate(),
});

interface ZipEntry {
  name: Buffer;
  crc: number;
  size: number;
  offset: number;
  time: number;
  date: number;
}

const UTF8_NAMES = 0x0800;
const ZIP32_LIMIT = 0xffffffff;

/** Writes a standard ZIP to a file: local headers (patched in place once each CRC is known), data, central directory. */
export class StoredZipWriter {
  private offset = 0;
  private readonly entries: ZipEntry[] = [];

  private constructor(private readonly file: FileHandle) {}

  static async create(filePath: string): Promise<StoredZipWriter> {
    return new StoredZipWriter(await open(filePath, 'wx'));
  }

  private async write(buffer: Uint8Array) {
    await this.file.write(buffer, 0, buffer.length, this.offset);
    this.offset += buffer.length;
  }

  async addFile(name: string, sourcePath: string, modified: Date): Promise<void> {
    const nameBytes = Buffer.from(name, 'utf8');
    const { time, date } = dosDateTime(modified);
    const offset = this.offset;
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed: 2.0
    header.writeUInt16LE(UTF8_NAMES, 6);
    header.writeUInt16LE(0, 8); // method: store
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    // CRC and sizes (14..25) are patched below; no extra field.
    header.writeUInt16LE(nameBytes.length, 26);
    await this.write(Buffer.concat([header, nameBytes]));
    let crc = 0;
    let size = 0;
    for await (const chunk of createReadStream(sourcePath, { highWaterMark: 1 << 20 })) {
      const bytes = chunk as Buffer;
      crc = crc32(bytes, crc);
      size += bytes.length;
      await this.write(bytes);
    }
    if (size > ZIP32_LIMIT || this.offset > ZIP32_LIMIT) throw new UnrecoverableError('Archive over 4 GB');
    const patch = Buffer.alloc(12);
    patch.writeUInt32LE(crc, 0);
    patch.writeUInt32LE(size, 4);
    patch.writeUInt32LE(size, 8);
    await this.file.write(patch, 0, 12, offset + 14);
    this.entries.push({ name: nameBytes, crc, size, offset, time, date });
  }

  /** Writes the central directory, flushes to disk and closes the file. */
  async finish(): Promise<void> {
    if (this.entries.length > 0xffff) throw new UnrecoverableError('Too many files for one archive');
    const start = this.offset;
    for (const e of this.entries) {
      const record = Buffer.alloc(46);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE((3 << 8) | 20, 4); // made by: Unix, 2.0
      record.writeUInt16LE(20, 6);
      record.writeUInt16LE(UTF8_NAMES, 8);
      record.writeUInt16LE(0, 10);
      record.writeUInt16LE(e.time, 12);
      record.writeUInt16LE(e.date, 14);
      record.writeUInt32LE(e.crc, 16);
      record.writeUInt32LE(e.size, 20);
      record.writeUInt32LE(e.size, 24);
      record.writeUInt16LE(e.name.length, 28);
      // extra, comment, disk, internal attributes: 0
      record.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
      record.writeUInt32LE(e.offset, 42);
      await this.write(Buffer.concat([record, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
    await this.file.sync();
    await this.file.close();
  }

  /** Closes without finishing (the caller removes the temp file). */
  async abort(): Promise<void> {
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
