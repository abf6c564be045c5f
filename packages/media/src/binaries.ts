// The ffmpeg and ffprobe binaries every media process runs: the static builds the installer packages ship,
// so the server, the worker and the demo seed run the same versions whatever the host has installed.
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';
import ffprobeInstaller from '@ffprobe-installer/ffprobe';

/** Absolute path of the ffmpeg binary shipped by @ffmpeg-installer/ffmpeg. */
export function ffmpegPath(): string {
  return ffmpegInstaller.path;
}

/** Absolute path of the ffprobe binary shipped by @ffprobe-installer/ffprobe. */
export function ffprobePath(): string {
  return ffprobeInstaller.path;
}
