// The media store (DATA_DIR/media) as the worker's processors reach it.
import path from 'node:path';
import { UnrecoverableError } from 'bullmq';

/** Resolves a media-store path inside the store, refusing any escape (no retry can fix that). */
export function insideStore(mediaDir: string, relative: string): string {
  const root = path.resolve(mediaDir);
  const full = path.resolve(root, relative);
  if (!full.startsWith(root + path.sep)) throw new UnrecoverableError(`Path outside the media store`);
  return full;
}
