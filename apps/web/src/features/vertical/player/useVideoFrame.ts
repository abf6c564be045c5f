// The frame number a <video> is showing, for drawing keyframe rects over it (review player, frame editor).
// While playing it follows every presented frame with requestVideoFrameCallback (its mediaTime is the
// presentation time of the frame actually on screen); browsers without it fall back to
// requestAnimationFrame reading currentTime. Seeks, pauses and a new source update it too.
import { useEffect, useState } from 'react';
import { frameAtTime } from './videoFrames.ts';

/**
 * Events after which the frame on screen may have changed without a frame callback. Not timeupdate: while
 * playing, currentTime runs ahead of the presented frame and would make the drawing flicker.
 */
const SYNC_EVENTS = ['loadeddata', 'seeked', 'pause', 'emptied'] as const;

/**
 * The current frame of `video` at `fps`. Pass the element itself (e.g. from `useState` + `ref={setVideo}`)
 * so the hook attaches once the element exists; null gives frame 0.
 */
export function useVideoFrame(video: HTMLVideoElement | null, fps: number): number {
  const [frame, setFrame] = useState(0);

  useEffect(() => {
    if (!video) {
      setFrame(0);
      return;
    }
    const show = (seconds: number) => setFrame(frameAtTime(seconds, fps));
    const sync = () => show(video.currentTime);

    let frameCallback: number | null = null;
    let animationFrame: number | null = null;
    const stopLoop = () => {
      if (frameCallback !== null) video.cancelVideoFrameCallback(frameCallback);
      if (animationFrame !== null) cancelAnimationFrame(animationFrame);
      frameCallback = animationFrame = null;
    };
    const onVideoFrame: VideoFrameRequestCallback = (_now, metadata) => {
      show(metadata.mediaTime);
      frameCallback = video.requestVideoFrameCallback(onVideoFrame);
    };
    const onAnimationFrame = () => {
      sync();
      animationFrame = video.paused ? null : requestAnimationFrame(onAnimationFrame);
    };
    // Typed as always present, but missing in older Firefox.
    const supportsFrameCallbacks = typeof video.requestVideoFrameCallback === 'function';
    const startLoop = () => {
      stopLoop();
      if (supportsFrameCallbacks) {
        // Also fires for the frame a seek presents while paused, so it runs for as long as the element.
        frameCallback = video.requestVideoFrameCallback(onVideoFrame);
      } else if (!video.paused) {
        animationFrame = requestAnimationFrame(onAnimationFrame);
      }
    };

    sync();
    startLoop();
    const onPlay = () => {
      if (animationFrame === null && frameCallback === null) startLoop();
    };
    video.addEventListener('play', onPlay);
    for (const event of SYNC_EVENTS) video.addEventListener(event, sync);
    return () => {
      stopLoop();
      video.removeEventListener('play', onPlay);
      for (const event of SYNC_EVENTS) video.removeEventListener(event, sync);
    };
  }, [video, fps]);

  return frame;
}
