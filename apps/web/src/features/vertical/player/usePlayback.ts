// Play state of a <video> for the players' control bars.
import { useEffect, useState } from 'react';

export interface Playback {
  playing: boolean;
  /** Seconds; 0 until the metadata is in. */
  duration: number;
  muted: boolean;
}

const EVENTS = [
  'play',
  'pause',
  'ended',
  'emptied',
  'durationchange',
  'loadedmetadata',
  'volumechange',
] as const;

/** Whether `video` plays, its duration and whether it is muted, kept up to date. */
export function usePlayback(video: HTMLVideoElement | null): Playback {
  const [state, setState] = useState<Playback>({ playing: false, duration: 0, muted: false });
  useEffect(() => {
    if (!video) return;
    const read = () =>
      setState({
        playing: !video.paused && !video.ended,
        duration: Number.isFinite(video.duration) ? video.duration : 0,
        muted: video.muted,
      });
    read();
    EVENTS.forEach((e) => video.addEventListener(e, read));
    return () => EVENTS.forEach((e) => video.removeEventListener(e, read));
  }, [video]);
  return state;
}

/** Plays or pauses the video (a refused play, e.g. before any data, is left alone). */
export function togglePlay(video: HTMLVideoElement | null) {
  if (!video) return;
  if (video.paused || video.ended) video.play().catch(() => undefined);
  else video.pause();
}
