// The review modal's player: the source video with a Konva stage over it drawing the crop
// boxes of the suggestions' keyframe files at the frame on screen, following the video frame by frame as it
// plays and seeks. Outside the selected suggestion's output window (cropWindowAt, what the render keeps) the
// picture is dimmed. The stage covers the video, so the controls are our own, below it (the spec leaves the
// player's controls open). The frame box takes the video's own aspect and the video fills it exactly, so there
// are no letterbox bars between the picture and the stage; each keyframe file's pixels are scaled per axis
// onto that box. The container reports the frame and the selected boxes in source pixels as data
// attributes, and each box is a Konva Rect named 'crop-box': what the reviewer sees, observable by tests.
import { useEffect, useMemo, useState } from 'react';
import { Layer, Rect, Stage } from 'react-konva';
import { Button } from 'primereact/button';
import { Slider } from 'primereact/slider';
import { cropWindowAt, frameCountOf, groupAtFrame } from '@hc/shared/vertical/keyframe-file';
import type { KeyframeFile, Rect as SourceRect } from '@hc/shared/vertical/keyframe-file';
import { useVideoFrame } from './useVideoFrame.ts';
import { togglePlay, usePlayback } from './usePlayback.ts';
import { formatVideoTime, rangeStartFrame, timeOfFrame } from './videoFrames.ts';
import { CROP_BOX_COLOURS, cropBoxesAt, displaySize, toDisplay } from './cropBoxes.ts';
import type { CropLayer, Size } from './cropBoxes.ts';
import './crop-player.css';

/** Frame rate assumed until a keyframe file names one (only the frame counter depends on it). */
const FALLBACK_FPS = 25;
const DIM = 'rgba(15, 23, 42, 0.45)';

export interface CropPlayerProps {
  /** MP4 URL of the source video. */
  src: string;
  /** One layer per suggestion shown. */
  layers: CropLayer[];
  selectedId: number | null;
  hoveredId: number | null;
  onHover(id: number | null): void;
  onSelect(id: number): void;
  /** Seconds to show first; a new value seeks there (e.g. the start of a newly selected suggestion). */
  startAt?: number;
}

/** The picture's size: the video's own once its metadata is in, else the keyframe file's input size. */
function usePictureSize(video: HTMLVideoElement | null, file: KeyframeFile | null): Size {
  const [natural, setNatural] = useState<Size | null>(null);
  useEffect(() => {
    if (!video) return;
    const read = () =>
      video.videoWidth > 0 && setNatural({ width: video.videoWidth, height: video.videoHeight });
    read();
    video.addEventListener('loadedmetadata', read);
    return () => video.removeEventListener('loadedmetadata', read);
  }, [video]);
  if (natural) return natural;
  return file ? { width: file.input_width, height: file.input_height } : { width: 16, height: 9 };
}

/** Width of an element, kept up to date. */
function useWidth(element: HTMLElement | null): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

const round2 = (v: number) => Math.round(v * 100) / 100;
const sourceRectText = (rect: SourceRect) =>
  ({ x: round2(rect.x), y: round2(rect.y), width: round2(rect.width), height: round2(rect.height) }) as const;

export function CropPlayer({
  src,
  layers,
  selectedId,
  hoveredId,
  onHover,
  onSelect,
  startAt,
}: CropPlayerProps) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const [frameBox, setFrameBox] = useState<HTMLDivElement | null>(null);
  const selectedFile = layers.find((l) => l.id === selectedId)?.file ?? null;
  const anyFile = selectedFile ?? layers.find((l) => l.file)?.file ?? null;
  const fps = anyFile?.fps ?? FALLBACK_FPS;
  const picture = usePictureSize(video, anyFile);
  const frame = useVideoFrame(video, fps);
  const display = displaySize(picture, useWidth(frameBox));
  const { width, height } = display;
  const playback = usePlayback(video);

  // Seek to the first frame of the range (the middle of its display span), where its boxes begin.
  useEffect(() => {
    if (video && startAt !== undefined && Number.isFinite(startAt))
      video.currentTime = timeOfFrame(rangeStartFrame(startAt, fps), fps);
  }, [video, startAt, fps]);

  const boxes = useMemo(
    () => cropBoxesAt(layers, frame, selectedId, hoveredId),
    [layers, frame, selectedId, hoveredId],
  );
  const selectedBoxes = boxes.filter((b) => b.role === 'selected');
  // The output window of the selected suggestion, only where it has a group (else the render has nothing).
  const outputWindow =
    selectedFile && groupAtFrame(selectedFile, frame)
      ? toDisplay(
          cropWindowAt(selectedFile, frame),
          { width: selectedFile.input_width, height: selectedFile.input_height },
          display,
        )
      : null;

  const lastFrame = Math.max(0, frameCountOf(playback.duration, fps) - 1);
  const seekToFrame = (f: number) => {
    if (!video) return;
    video.pause();
    video.currentTime = timeOfFrame(Math.min(Math.max(0, f), lastFrame), fps);
  };

  return (
    <div className="hc-crop-player" data-testid="crop-player">
      <div
        ref={setFrameBox}
        className="hc-crop-player__frame"
        style={{ aspectRatio: `${picture.width} / ${picture.height}` }}
        data-testid="crop-player-stage"
        data-frame={frame}
        data-fps={fps}
        data-source-width={picture.width}
        data-source-height={picture.height}
        data-selected-rects={JSON.stringify(
          selectedBoxes.map((b) => ({ object_id: b.objectId, ...sourceRectText(b.rect) })),
        )}
        data-box-count={boxes.length}
      >
        <video
          ref={setVideo}
          className="hc-crop-player__video"
          src={src}
          preload="auto"
          playsInline
          onClick={() => togglePlay(video)}
          data-testid="crop-player-video"
        />
        {width > 0 && (
          <Stage
            width={width}
            height={height}
            className="hc-crop-player__stage"
            // The stage covers the video: a click beside the boxes plays or pauses, as on the video.
            onClick={(e) => {
              if (e.target === e.target.getStage()) togglePlay(video);
            }}
          >
            <Layer listening={false}>
              {outputWindow && (
                <>
                  <Rect x={0} y={0} width={width} height={outputWindow.y} fill={DIM} />
                  <Rect
                    x={0}
                    y={outputWindow.y + outputWindow.height}
                    width={width}
                    height={height - outputWindow.y - outputWindow.height}
                    fill={DIM}
                  />
                  <Rect
                    x={0}
                    y={outputWindow.y}
                    width={outputWindow.x}
                    height={outputWindow.height}
                    fill={DIM}
                  />
                  <Rect
                    x={outputWindow.x + outputWindow.width}
                    y={outputWindow.y}
                    width={width - outputWindow.x - outputWindow.width}
                    height={outputWindow.height}
                    fill={DIM}
                  />
                </>
              )}
            </Layer>
            <Layer>
              {boxes.map((box) => {
                const r = toDisplay(box.rect, box.source, display);
                return (
                  <Rect
                    key={`${box.suggestionId}-${box.objectId}`}
                    name="crop-box"
                    suggestionId={box.suggestionId}
                    role={box.role}
                    x={r.x}
                    y={r.y}
                    width={r.width}
                    height={r.height}
                    stroke={CROP_BOX_COLOURS[box.role]}
                    strokeWidth={box.role === 'other' ? 2 : 3}
                    dash={box.role === 'other' ? [8, 5] : undefined}
                    onMouseEnter={() => onHover(box.suggestionId)}
                    onMouseLeave={() => onHover(null)}
                    onClick={() => onSelect(box.suggestionId)}
                  />
                );
              })}
            </Layer>
          </Stage>
        )}
      </div>

      <div className="hc-crop-player__controls">
        <Button
          type="button"
          icon={playback.playing ? 'pi pi-pause' : 'pi pi-play'}
          rounded
          text
          aria-label={playback.playing ? 'Pause' : 'Play'}
          onClick={() => togglePlay(video)}
          data-testid="crop-player-play"
        />
        <Button
          type="button"
          icon="pi pi-step-backward"
          rounded
          text
          aria-label="Previous frame"
          onClick={() => seekToFrame(frame - 1)}
          data-testid="crop-player-previous-frame"
        />
        <Button
          type="button"
          icon="pi pi-step-forward"
          rounded
          text
          aria-label="Next frame"
          onClick={() => seekToFrame(frame + 1)}
          data-testid="crop-player-next-frame"
        />
        <Slider
          className="hc-crop-player__seek"
          value={Math.min(frame, lastFrame)}
          min={0}
          max={lastFrame}
          onChange={(e) => seekToFrame(Array.isArray(e.value) ? (e.value[0] ?? 0) : e.value)}
          aria-label="Position"
          disabled={lastFrame === 0}
        />
        <span className="hc-crop-player__time" data-testid="crop-player-time">
          {formatVideoTime(frame / fps)} / {formatVideoTime(playback.duration)}
          <span className="hc-crop-player__frame-no">frame {frame}</span>
        </span>
        <Button
          type="button"
          icon={playback.muted ? 'pi pi-volume-off' : 'pi pi-volume-up'}
          rounded
          text
          aria-label={playback.muted ? 'Unmute' : 'Mute'}
          onClick={() => video && (video.muted = !video.muted)}
        />
      </div>
    </div>
  );
}
