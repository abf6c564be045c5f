// The media store: files under DATA_DIR/media, addressed by relative paths kept in the database.
// An interface so an object store can replace the folder later.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { MP4_SUFFIX } from '@hc/shared/constants';
import { MEDIA_URL_PREFIX, mediaUrl } from '@hc/shared/media-url';

export interface MediaStore {
  /** The public URL of a stored file. */
  url(relativePath: string): string;
  /** A read stream and size, or null when the file is missing or the path escapes the store. */
  open(relativePath: string): Promise<{ stream: Readable; size: number } | null>;
}

export { MEDIA_URL_PREFIX };

/** The spec's video_url has no extension; the MP4 variant adds MP4_SUFFIX. */
export const videoUrlOf = (store: MediaStore, mp4Path: string) =>
  store.url(mp4Path.endsWith(MP4_SUFFIX) ? mp4Path.slice(0, -MP4_SUFFIX.length) : mp4Path);

export class FolderMediaStore implements MediaStore {
  constructor(readonly root: string) {}

  url(relativePath: string): string {
    return mediaUrl(relativePath);
  }

  async open(relativePath: string) {
    const full = path.resolve(this.root, relativePath);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) return null;
    try {
      const info = await stat(full);
      if (!info.isFile()) return null;
      return { stream: createReadStream(full), size: info.size };
    } catch {
      return null;
    }
  }
}
