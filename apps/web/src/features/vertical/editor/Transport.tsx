// Play, pause and frame steps under the frame editor's video, with the time and frame at the playhead.
import { memo, useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { formatEditorTime } from './editorGeometry.ts';
import { useStableHandler } from './useStableHandler.ts';

export interface TransportProps {
  video: HTMLVideoElement | null;
  frame: number;
  frameCount: number;
  fps: number;
  /** The group at the playhead, for the read-out. */
  groupId: number | null;
  onStep(frames: number): void;
}

/** True while the video plays. */
function usePlaying(video: HTMLVideoElement | null): boolean {
  const [playing, setPlaying] = useState(false);
  useEffect(() => {
    if (!video) return;
    const update = () => setPlaying(!video.paused && !video.ended);
    update();
    const events = ['play', 'pause', 'ended', 'emptied'] as const;
    events.forEach((e) => video.addEventListener(e, update));
    return () => events.forEach((e) => video.removeEventListener(e, update));
  }, [video]);
  return playing;
}

/** Plays or pauses the video (a refused play, e.g. before any data, is left alone). */
export function togglePlay(video: HTMLVideoElement | null) {
  if (!video) return;
  if (video.paused) video.play().catch(() => undefined);
  else video.pause();
}

export function Transport({ video, frame, frameCount, fps, groupId, onStep }: TransportProps) {
  const step = useStableHandler(onStep);
  return (
    <div className="hc-fe-transport" data-testid="fe-transport">
      <TransportButtons video={video} onStep={step} />
      <div className="hc-fe-transport__readout hc-num" aria-live="off">
        <span data-testid="fe-time">
          {formatEditorTime(frame / fps)} / {formatEditorTime(frameCount / fps)}
        </span>
        <span className="hc-fe-transport__sep" aria-hidden="true" />
        <span>
          Frame <strong data-testid="fe-frame-number">{frame}</strong> of {Math.max(0, frameCount - 1)}
        </span>
        <span className="hc-fe-transport__sep" aria-hidden="true" />
        <span data-testid="fe-current-group">{groupId === null ? 'No group' : `Group ${groupId}`}</span>
      </div>
    </div>
  );
}

/** The buttons, apart from the read-out: they render again only when play turns to pause or back. */
const TransportButtons = memo(function TransportButtons({
  video,
  onStep,
}: Pick<TransportProps, 'video' | 'onStep'>) {
  const playing = usePlaying(video);
  return (
    <div className="hc-fe-transport__buttons">
      <Button
        type="button"
        icon="pi pi-step-backward"
        rounded
        text
        aria-label="Previous frame"
        tooltip="Previous frame (Left)"
        tooltipOptions={TOOLTIP_ON_TOP}
        onClick={() => onStep(-1)}
        data-testid="fe-prev-frame"
      />
      <Button
        type="button"
        icon={playing ? 'pi pi-pause' : 'pi pi-play'}
        rounded
        aria-label={playing ? 'Pause' : 'Play'}
        tooltip={`${playing ? 'Pause' : 'Play'} (Space)`}
        tooltipOptions={TOOLTIP_ON_TOP}
        onClick={() => togglePlay(video)}
        data-testid="fe-play"
      />
      <Button
        type="button"
        icon="pi pi-step-forward"
        rounded
        text
        aria-label="Next frame"
        tooltip="Next frame (Right)"
        tooltipOptions={TOOLTIP_ON_TOP}
        onClick={() => onStep(1)}
        data-testid="fe-next-frame"
      />
    </div>
  );
});

const TOOLTIP_ON_TOP = { position: 'top' } as const;
