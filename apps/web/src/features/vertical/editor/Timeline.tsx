// The frame editor's timeline: a ruler, the groups (scene spans) and one lane per object position with the
// object's keyframes as marks, the selected time of a highlight, and the playhead that follows the video.
// Plain DOM (absolutely placed) rather than canvas: every mark is a button a test or a keyboard can reach.
// Press and drag on the track scrubs; drag a mark sideways to move that keyframe inside its group.
// The timeline re-renders at every frame of playback and every pointer move of a drag; each mark is a memo
// component with stable handlers, so only the marks whose state changed (current, dragged) render again
// (with 500 marks, re-rendering all of them took most of each frame: the keyframe-editor bench).
import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent } from 'react';
import type { KeyframeFile } from '@hc/shared/vertical/keyframe-file';
import {
  cropCentres,
  type PathDifference,
  type Shot,
  type UndersizedSpan,
} from '@hc/shared/vertical/crop-path';
import {
  centreOfFrame,
  formatRulerTime,
  frameAtX,
  frameWidth,
  rulerStepSeconds,
  xOfFrame,
  type TimelineScale,
} from './editorGeometry.ts';
import { useElementSize } from './useElementSize.ts';

export interface TimelineProps {
  file: KeyframeFile;
  frameCount: number;
  /** The playhead. */
  frame: number;
  /** The selected time of a highlight, in frames (inclusive); frames outside it are dimmed. */
  range?: { startFrame: number; endFrame: number };
  selected: { groupId: number; objectId: number } | null;
  onSeek(frame: number): void;
  onSelect(groupId: number, objectId: number): void;
  onMoveKeyframe(groupId: number, objectId: number, from: number, to: number): void;
  onDeleteKeyframe(groupId: number, objectId: number, frame: number): void;
  /** The suggestion drawn beside the reviewer's path. */
  compared: { label: string; file: KeyframeFile };
  /** Where the two paths part (frames). */
  differences: PathDifference[];
  /** Where the render would enlarge the crop too much. */
  undersized: UndersizedSpan[];
  shots: Shot[];
}

/** The path lane's height in px: y is the crop's centre across the source. */
const LANE_HEIGHT = 34;

/** A crop path as polyline points on the lane: one point per `step` frames. */
function pathPoints(f: KeyframeFile, scale: TimelineScale, last: number, step: number, inputWidth: number) {
  return cropCentres(f, 0, last, step)
    .map(
      (p) => `${centreOfFrame(scale, p.frame).toFixed(1)},${((p.x / inputWidth) * LANE_HEIGHT).toFixed(1)}`,
    )
    .join(' ');
}

function PathLane(props: {
  file: KeyframeFile;
  compared: { label: string; file: KeyframeFile };
  scale: TimelineScale;
  differences: PathDifference[];
  undersized: UndersizedSpan[];
  shots: Shot[];
}) {
  const { file, compared, scale, differences, undersized, shots } = props;
  const last = scale.frameCount - 1;
  // About one point per 2 px of track.
  const step = Math.max(1, Math.ceil(scale.frameCount / Math.max(1, scale.width / 2)));
  // Both paths are drawn against the reviewer's source width (the suggestion is of the same video).
  const inputWidth = file.input_width;
  const reviewer = useMemo(
    () => pathPoints(file, scale, last, step, inputWidth),
    [file, scale, last, step, inputWidth],
  );
  const suggestion = useMemo(
    () => pathPoints(compared.file, scale, last, step, inputWidth),
    [compared.file, scale, last, step, inputWidth],
  );
  const span = (s: { start: number; end: number }) => ({
    left: xOfFrame(scale, s.start),
    width: Math.max(2, (s.end - s.start + 1) * frameWidth(scale)),
  });
  return (
    <div className="hc-fe-tl__lane hc-fe-tl__path" data-testid="fe-path-lane">
      {differences.map((d) => (
        <div
          key={`d${d.start}`}
          className="hc-fe-tl__differs"
          style={span(d)}
          data-testid="fe-path-difference"
          data-start-frame={d.start}
          data-end-frame={d.end}
          title={`Frames ${d.start}-${d.end}: your crop is up to ${Math.round(d.distance)} px from ${compared.label}`}
        />
      ))}
      {undersized.map((u) => (
        <div
          key={`u${u.start}`}
          className="hc-fe-tl__undersized"
          style={span(u)}
          data-testid="fe-undersized"
          data-start-frame={u.start}
          data-end-frame={u.end}
          title={`Frames ${u.start}-${u.end}: the crop is ${u.height} px tall, enlarged too much`}
        />
      ))}
      {shots.slice(1).map((s) => (
        <div key={`s${s.start}`} className="hc-fe-tl__cut" style={{ left: xOfFrame(scale, s.start) }} />
      ))}
      <svg className="hc-fe-tl__path-svg" width={scale.width} height={LANE_HEIGHT} aria-hidden="true">
        <polyline
          points={suggestion}
          className="hc-fe-tl__path-suggestion"
          data-testid="fe-path-suggestion"
        />
        <polyline points={reviewer} className="hc-fe-tl__path-reviewer" data-testid="fe-path-reviewer" />
      </svg>
    </div>
  );
}

interface DragState {
  groupId: number;
  objectId: number;
  from: number;
  to: number;
  pointerId: number;
  moved: boolean;
}

const LABEL_WIDTH = 76;

type MarkHandler<E> = (event: E, groupId: number, objectId: number, keyFrame: number) => void;

interface KeyMarkProps {
  groupId: number;
  objectId: number;
  keyFrame: number;
  x: number;
  y: number;
  manual: boolean;
  current: boolean;
  dragging: boolean;
  /** Left edge offset inside the object's span, px. */
  left: number;
  onPointerDown: MarkHandler<PointerEvent<HTMLButtonElement>>;
  onKeyDown: MarkHandler<KeyboardEvent<HTMLButtonElement>>;
}

const KeyMark = memo(function KeyMark(props: KeyMarkProps) {
  const { groupId, objectId, keyFrame, manual } = props;
  return (
    <button
      type="button"
      className={[
        'hc-fe-tl__key',
        manual ? 'hc-fe-tl__key--manual' : '',
        props.current ? 'hc-fe-tl__key--current' : '',
        props.dragging ? 'hc-fe-tl__key--dragging' : '',
      ].join(' ')}
      data-testid="fe-keyframe"
      data-group-id={groupId}
      data-object-id={objectId}
      data-frame={keyFrame}
      aria-label={`Keyframe of object ${objectId} in group ${groupId} at frame ${keyFrame}${manual ? ' (manual)' : ''}`}
      title={`Frame ${keyFrame} · x ${props.x}, y ${props.y}${manual ? ' · manual' : ''}`}
      style={{ left: props.left }}
      onPointerDown={(e) => props.onPointerDown(e, groupId, objectId, keyFrame)}
      onKeyDown={(e) => props.onKeyDown(e, groupId, objectId, keyFrame)}
    />
  );
});

export function Timeline(props: TimelineProps) {
  const { file, frameCount, frame, range, selected } = props;
  const [track, setTrack] = useState<HTMLDivElement | null>(null);
  const { width: trackWidth } = useElementSize(track);
  const scale: TimelineScale = { frameCount, left: 0, width: Math.max(1, trackWidth) };
  const [drag, setDrag] = useState<DragState | null>(null);
  const scrubbing = useRef(false);

  const laneCount = Math.max(1, ...file.groups.map((g) => g.objects.length));
  const step = rulerStepSeconds(scale, file.fps);
  const ticks = useMemo(() => {
    const out: number[] = [];
    const seconds = frameCount / file.fps;
    for (let s = 0; s <= seconds + 1e-9 && out.length < 2000; s += step) out.push(s);
    return out;
  }, [frameCount, file.fps, step]);

  const frameAtClient = (clientX: number) => {
    const rect = track?.getBoundingClientRect();
    return rect ? frameAtX(scale, clientX - rect.left) : 0;
  };

  const onTrackPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    scrubbing.current = true;
    props.onSeek(frameAtClient(event.clientX));
  };
  const onTrackPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (drag && drag.pointerId === event.pointerId) {
      const group = file.groups.find((g) => g.group_id === drag.groupId);
      if (!group) return;
      const to = Math.min(Math.max(frameAtClient(event.clientX), group.start_frame), group.end_frame);
      if (to !== drag.to || !drag.moved) setDrag({ ...drag, to, moved: drag.moved || to !== drag.from });
      return;
    }
    if (scrubbing.current) props.onSeek(frameAtClient(event.clientX));
  };
  const onTrackPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    scrubbing.current = false;
    if (!drag || drag.pointerId !== event.pointerId) return;
    setDrag(null);
    if (drag.moved && drag.to !== drag.from) {
      props.onMoveKeyframe(drag.groupId, drag.objectId, drag.from, drag.to);
      props.onSeek(drag.to);
    } else {
      props.onSelect(drag.groupId, drag.objectId);
      props.onSeek(drag.from);
    }
  };

  const onMarkPointerDown = (
    event: PointerEvent<HTMLButtonElement>,
    groupId: number,
    objectId: number,
    keyFrame: number,
  ) => {
    if (event.button !== 0) return;
    // The track captures the pointer so the drag goes on outside the mark; no focus ring from a click.
    event.preventDefault();
    event.stopPropagation();
    track?.setPointerCapture(event.pointerId);
    setDrag({ groupId, objectId, from: keyFrame, to: keyFrame, pointerId: event.pointerId, moved: false });
  };

  const onMarkKeyDown = (
    event: KeyboardEvent<HTMLButtonElement>,
    groupId: number,
    objectId: number,
    keyFrame: number,
  ) => {
    const group = file.groups.find((g) => g.group_id === groupId);
    if (!group) return;
    const by = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
    if (by !== 0 && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      event.stopPropagation();
      const to = Math.min(
        Math.max(keyFrame + by * (event.shiftKey ? file.fps : 1), group.start_frame),
        group.end_frame,
      );
      if (to !== keyFrame) {
        props.onMoveKeyframe(groupId, objectId, keyFrame, to);
        props.onSeek(to);
      }
    } else if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      event.stopPropagation();
      props.onDeleteKeyframe(groupId, objectId, keyFrame);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      event.stopPropagation();
      props.onSelect(groupId, objectId);
      props.onSeek(keyFrame);
    }
  };

  // The marks get handlers that never change and call the latest render's.
  const latest = useRef({ onMarkPointerDown, onMarkKeyDown });
  useEffect(() => {
    latest.current = { onMarkPointerDown, onMarkKeyDown };
  });
  const markPointerDown = useCallback<MarkHandler<PointerEvent<HTMLButtonElement>>>(
    (...args) => latest.current.onMarkPointerDown(...args),
    [],
  );
  const markKeyDown = useCallback<MarkHandler<KeyboardEvent<HTMLButtonElement>>>(
    (...args) => latest.current.onMarkKeyDown(...args),
    [],
  );

  const slotWidth = frameWidth(scale);
  const playheadX = centreOfFrame(scale, frame);
  const currentGroup = file.groups.find((g) => frame >= g.start_frame && frame <= g.end_frame);

  return (
    <div className="hc-fe-tl" data-testid="fe-timeline">
      <div className="hc-fe-tl__labels" style={{ width: LABEL_WIDTH }} aria-hidden="true">
        <div className="hc-fe-tl__label hc-fe-tl__label--ruler">Time</div>
        <div className="hc-fe-tl__label hc-fe-tl__label--groups">Groups</div>
        <div
          className="hc-fe-tl__label hc-fe-tl__label--lane hc-fe-tl__label--path"
          title={`Crop centre: yours (blue) and ${props.compared.label} (grey); red where they part`}
        >
          Path
        </div>
        {Array.from({ length: laneCount }, (_, i) => (
          <div key={i} className="hc-fe-tl__label hc-fe-tl__label--lane">
            Object {i + 1}
          </div>
        ))}
      </div>
      <div
        ref={setTrack}
        className={`hc-fe-tl__track${drag?.moved ? ' hc-fe-tl__track--dragging' : ''}`}
        data-testid="fe-timeline-track"
        data-frame-count={frameCount}
        onPointerDown={onTrackPointerDown}
        onPointerMove={onTrackPointerMove}
        onPointerUp={onTrackPointerUp}
        onPointerCancel={() => {
          scrubbing.current = false;
          setDrag(null);
        }}
      >
        <div className="hc-fe-tl__ruler">
          {ticks.map((s) => (
            <span
              key={s}
              className="hc-fe-tl__tick"
              style={{ left: xOfFrame(scale, Math.round(s * file.fps)) }}
            >
              {formatRulerTime(s)}
            </span>
          ))}
          {range && (
            <div
              className="hc-fe-tl__range"
              data-testid="fe-timeline-range"
              style={{
                left: xOfFrame(scale, range.startFrame),
                width: Math.max(2, (range.endFrame - range.startFrame + 1) * slotWidth),
              }}
            />
          )}
        </div>

        <div className="hc-fe-tl__groups">
          {file.groups.map((g) => (
            <div
              key={g.group_id}
              className={`hc-fe-tl__group${g === currentGroup ? ' hc-fe-tl__group--current' : ''}`}
              data-testid="fe-group"
              data-group-id={g.group_id}
              data-start-frame={g.start_frame}
              data-end-frame={g.end_frame}
              title={`Group ${g.group_id}: frames ${g.start_frame}-${g.end_frame}`}
              style={{
                left: xOfFrame(scale, g.start_frame),
                width: Math.max(2, (g.end_frame - g.start_frame + 1) * slotWidth),
              }}
            >
              <span className="hc-fe-tl__group-name">G{g.group_id}</span>
            </div>
          ))}
        </div>

        <PathLane
          file={file}
          compared={props.compared}
          scale={scale}
          differences={props.differences}
          undersized={props.undersized}
          shots={props.shots}
        />

        {Array.from({ length: laneCount }, (_, lane) => (
          <div key={lane} className="hc-fe-tl__lane">
            {file.groups.map((g) => {
              const object = g.objects[lane];
              if (!object) return null;
              const isSelected = selected?.groupId === g.group_id && selected.objectId === object.object_id;
              return (
                <div
                  key={`${g.group_id}:${object.object_id}`}
                  className={`hc-fe-tl__object${isSelected ? ' hc-fe-tl__object--selected' : ''}`}
                  data-testid="fe-object-span"
                  data-group-id={g.group_id}
                  data-object-id={object.object_id}
                  style={{
                    left: xOfFrame(scale, g.start_frame),
                    width: Math.max(2, (g.end_frame - g.start_frame + 1) * slotWidth),
                  }}
                >
                  {object.keyframes.map((key) => {
                    const dragging =
                      drag?.moved === true &&
                      drag.groupId === g.group_id &&
                      drag.objectId === object.object_id &&
                      drag.from === key.frame;
                    const at = dragging && drag ? drag.to : key.frame;
                    return (
                      <KeyMark
                        key={key.frame}
                        groupId={g.group_id}
                        objectId={object.object_id}
                        keyFrame={key.frame}
                        x={key.x}
                        y={key.y}
                        manual={key.status === 'manual'}
                        current={key.frame === frame}
                        dragging={dragging}
                        left={centreOfFrame(scale, at) - xOfFrame(scale, g.start_frame)}
                        onPointerDown={markPointerDown}
                        onKeyDown={markKeyDown}
                      />
                    );
                  })}
                </div>
              );
            })}
          </div>
        ))}

        {range && (
          <>
            <div className="hc-fe-tl__dim" style={{ left: 0, width: xOfFrame(scale, range.startFrame) }} />
            <div className="hc-fe-tl__dim" style={{ left: xOfFrame(scale, range.endFrame + 1), right: 0 }} />
          </>
        )}
        <div
          className="hc-fe-tl__playhead"
          data-testid="fe-playhead"
          data-frame={frame}
          style={{ transform: `translateX(${playheadX}px)` }}
        />
      </div>
    </div>
  );
}
