// Public URLs of media-store files (DATA_DIR/media served at /media/): the server's presenters and the
// worker's job-progress links (issue 7 item 5) build them the same way.
import { MP4_SUFFIX } from './constants.ts';

export const MEDIA_URL_PREFIX = '/media/';

/** The public URL of a stored file: each path segment encoded. */
export const mediaUrl = (relativePath: string) =>
  MEDIA_URL_PREFIX + relativePath.split('/').map(encodeURIComponent).join('/');

/** The spec's video_url has no extension; the MP4 variant adds MP4_SUFFIX. */
export const videoUrlOfPath = (mp4Path: string) =>
  mediaUrl(mp4Path.endsWith(MP4_SUFFIX) ? mp4Path.slice(0, -MP4_SUFFIX.length) : mp4Path);
