// The browser's checks of a video page's file before it is uploaded: size and type from the
// File, then width, height and duration from a hidden <video> element's metadata. The server inspects
// the uploaded file again with ffprobe and has the last word.
import { VIDEO_UPLOAD } from '@hc/shared/constants';
import { messages } from '@hc/shared/messages';
import { validateVideoUpload } from '@hc/shared/validation';

/** Loads the metadata of a local file into a detached, muted <video>; null when it cannot be read. */
function readVideoMetadata(file: File): Promise<{ width: number; height: number; duration: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    video.preload = 'metadata';
    video.muted = true;
    video.hidden = true;
    const done = (value: { width: number; height: number; duration: number } | null) => {
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      resolve(value);
    };
    video.onloadedmetadata = () =>
      done({ width: video.videoWidth, height: video.videoHeight, duration: video.duration });
    video.onerror = () => done(null);
    video.src = url;
  });
}

/** The first catalogue message the file breaks, else null. */
export async function checkVideoFile(file: File): Promise<string | null> {
  if (file.size > VIDEO_UPLOAD.maxBytes) return messages.videoTooBig;
  if (file.type.toLowerCase() !== 'video/mp4') return messages.videoNotMp4;
  const meta = await readVideoMetadata(file);
  // A file the browser cannot even read as a video is not a usable MP4.
  if (!meta) return messages.videoNotMp4;
  return validateVideoUpload({
    sizeBytes: file.size,
    mimeType: file.type,
    width: meta.width,
    height: meta.height,
    durationSeconds: meta.duration,
  });
}
