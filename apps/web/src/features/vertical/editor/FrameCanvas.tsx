// The source video scaled to fit its box, with a Konva stage over it: the 9:16 output window the render
// will crop at this frame (outside dimmed; red when the render would enlarge it too much), the chosen
// player's safe areas inside it, and each visible object's rectangle at the current frame. Dragging a
// rectangle moves the object's keyframe at this frame (modify, status 'manual'); the
// selected one has corner handles that resize it, kept to the output's shape and never under the
// smallest box the render accepts. Colours as in the review player: selected blue, hovered yellow,
// others red.
import { useEffect, useRef, useState } from 'react';
import { Group, Layer, Rect, Stage, Text, Transformer } from 'react-konva';
import type Konva from 'konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import {
  cropWindowAt,
  groupAtFrame,
  objectRectAt,
  type KeyframeFile,
  type Rect as Box,
} from '@hc/shared/vertical/keyframe-file';
import { SAFE_AREAS, zoneRect, type SafeAreaChoice } from '../preview/safeAreas.ts';
import { CROP_BOX_COLOURS } from '../player/cropBoxes.ts';
import { fitInside } from './editorGeometry.ts';
import { useElementSize } from './useElementSize.ts';

export interface FrameCanvasProps {
  file: KeyframeFile;
  frame: number;
  videoUrl: string;
  selected: { groupId: number; objectId: number } | null;
  /** Receives the <video> element (for the playhead and the transport). */
  onVideo(video: HTMLVideoElement | null): void;
  onSelect(groupId: number, objectId: number): void;
  /** The object's new top-left at the current frame, source pixels. */
  onMoveObject(groupId: number, objectId: number, x: number, y: number): void;
  /** The object's new box at the current frame (output shape, at least `minBox`), source pixels. */
  onResizeObject(groupId: number, objectId: number, box: Box): void;
  /** The path the render follows (the file after its smoothing): the output window is drawn from it. */
  path: KeyframeFile;
  /** Objects the reviewer hid (not drawn, still rendered). */
  hidden: ReadonlySet<number>;
  minBox: { width: number; height: number };
  minCropHeight: number;
  safeArea: SafeAreaChoice;
  /** Frame editing is off. */
  locked: boolean;
}

export function FrameCanvas(props: FrameCanvasProps) {
  const { file, frame, selected } = props;
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const boxSize = useElementSize(box);
  const source = { width: file.input_width, height: file.input_height };
  const fit = fitInside(source, boxSize);
  const [hovered, setHovered] = useState<number | null>(null);

  const group = groupAtFrame(file, frame);
  const crop = cropWindowAt(props.path, frame);
  const cropTooSmall = crop.height < props.minCropHeight;
  const scale = fit.scale;
  const aspect = file.output_vertical_width / file.output_vertical_height;
  const transformer = useRef<Konva.Transformer | null>(null);
  const selectedNode = useRef<Konva.Group | null>(null);
  const selectedVisible =
    !!selected && !props.hidden.has(selected.objectId) && group?.group_id === selected.groupId;
  useEffect(() => {
    const tr = transformer.current;
    if (!tr) return;
    tr.nodes(selectedVisible && selectedNode.current && !props.locked ? [selectedNode.current] : []);
    tr.getLayer()?.batchDraw();
  });

  const onTransformEnd = (event: KonvaEventObject<Event>, objectId: number, r: Box) => {
    if (!group) return;
    const node = event.target;
    const width = r.width * node.scaleX();
    const height = r.height * node.scaleY();
    const cx = node.x() + width / 2;
    const cy = node.y() + height / 2;
    node.scale({ x: 1, y: 1 });
    node.position({ x: r.x, y: r.y });
    // The output's shape, around the box's centre, no smaller than the render accepts, inside the frame.
    let h = Math.max(height, width / aspect, props.minBox.height);
    h = Math.min(h, source.height, source.width / aspect);
    const w = Math.round(h * aspect);
    h = Math.round(h);
    const x = Math.min(Math.max(Math.round(cx - w / 2), 0), source.width - w);
    const y = Math.min(Math.max(Math.round(cy - h / 2), 0), source.height - h);
    props.onResizeObject(group.group_id, objectId, { x, y, width: w, height: h });
  };
  const stroke = (px: number) => px / Math.max(scale, 1e-6);

  const onDragEnd = (event: KonvaEventObject<DragEvent>, objectId: number, at: { x: number; y: number }) => {
    if (!group) return;
    const node = event.target;
    const x = Math.round(node.x());
    const y = Math.round(node.y());
    // Back to where the model has it; the model's answer re-renders it at its new place.
    node.position(at);
    if (x !== at.x || y !== at.y) props.onMoveObject(group.group_id, objectId, x, y);
  };

  return (
    <div ref={setBox} className="hc-fe-canvas" data-testid="fe-canvas">
      <div
        className="hc-fe-canvas__frame"
        style={{ width: fit.width, height: fit.height }}
        data-testid="fe-frame"
        data-scale={scale}
        data-crop={`${crop.x},${crop.y},${crop.width},${crop.height}`}
        data-crop-too-small={cropTooSmall}
      >
        <video
          ref={props.onVideo}
          className="hc-fe-canvas__video"
          src={props.videoUrl}
          preload="auto"
          playsInline
          width={fit.width}
          height={fit.height}
          data-testid="fe-video"
        />
        {fit.width > 0 && (
          <Stage width={fit.width} height={fit.height} className="hc-fe-canvas__stage">
            {/* Two layers: a drag redraws only the boxes, never the dimmed output window under them. */}
            <Layer scaleX={scale} scaleY={scale} listening={false}>
              {/* The output window: everything the render leaves out is dimmed. */}
              <Rect x={0} y={0} width={source.width} height={crop.y} fill="rgba(2,6,23,0.55)" />
              <Rect
                x={0}
                y={crop.y + crop.height}
                width={source.width}
                height={source.height - crop.y - crop.height}
                fill="rgba(2,6,23,0.55)"
              />
              <Rect x={0} y={crop.y} width={crop.x} height={crop.height} fill="rgba(2,6,23,0.55)" />
              <Rect
                x={crop.x + crop.width}
                y={crop.y}
                width={source.width - crop.x - crop.width}
                height={crop.height}
                fill="rgba(2,6,23,0.55)"
              />
              {props.safeArea !== 'off' &&
                SAFE_AREAS[props.safeArea].zones.map((zone) => (
                  <Rect key={zone.label} {...zoneRect(zone, crop)} fill="rgba(250,204,21,0.22)" />
                ))}
              <Rect
                x={crop.x}
                y={crop.y}
                width={crop.width}
                height={crop.height}
                stroke={cropTooSmall ? '#ef4444' : '#f8fafc'}
                strokeWidth={stroke(cropTooSmall ? 2.5 : 1.5)}
                dash={[stroke(6), stroke(4)]}
              />
            </Layer>
            <Layer scaleX={scale} scaleY={scale}>
              {group?.objects.map((object) => {
                if (props.hidden.has(object.object_id)) return null;
                const r = objectRectAt(object, frame, source);
                const isSelected =
                  selected?.groupId === group.group_id && selected.objectId === object.object_id;
                const colour = isSelected
                  ? CROP_BOX_COLOURS.selected
                  : hovered === object.object_id
                    ? CROP_BOX_COLOURS.hovered
                    : CROP_BOX_COLOURS.other;
                const at = { x: r.x, y: r.y };
                return (
                  <Group
                    key={`${group.group_id}:${object.object_id}`}
                    ref={isSelected ? selectedNode : undefined}
                    x={r.x}
                    y={r.y}
                    draggable={!props.locked}
                    onTransformEnd={(e) => onTransformEnd(e, object.object_id, r)}
                    dragBoundFunc={(pos) => ({
                      x: Math.min(Math.max(pos.x, 0), fit.width - r.width * scale),
                      y: Math.min(Math.max(pos.y, 0), fit.height - r.height * scale),
                    })}
                    onMouseEnter={(e) => {
                      setHovered(object.object_id);
                      const container = e.target.getStage()?.container();
                      if (container) container.style.cursor = 'move';
                    }}
                    onMouseLeave={(e) => {
                      setHovered(null);
                      const container = e.target.getStage()?.container();
                      if (container) container.style.cursor = '';
                    }}
                    onMouseDown={() => props.onSelect(group.group_id, object.object_id)}
                    onDragEnd={(e) => onDragEnd(e, object.object_id, at)}
                  >
                    <Rect
                      width={r.width}
                      height={r.height}
                      stroke={colour}
                      strokeWidth={stroke(isSelected ? 3 : 2)}
                      fill={isSelected ? 'rgba(59,130,246,0.12)' : 'rgba(0,0,0,0.001)'}
                    />
                    {/* The id tag sits inside the box's top-left corner, so it shows at the frame's edge too. */}
                    <Rect
                      width={stroke(object.object_id > 9 ? 34 : 26)}
                      height={stroke(18)}
                      fill={colour}
                      listening={false}
                    />
                    <Text
                      y={stroke(3)}
                      x={stroke(5)}
                      text={`#${object.object_id}`}
                      fontSize={stroke(12)}
                      fontStyle="bold"
                      fill={isSelected ? '#fff' : '#111827'}
                      listening={false}
                    />
                  </Group>
                );
              })}
              <Transformer
                ref={transformer}
                rotateEnabled={false}
                flipEnabled={false}
                keepRatio
                enabledAnchors={['top-left', 'top-right', 'bottom-left', 'bottom-right']}
                anchorSize={10}
                anchorStroke={CROP_BOX_COLOURS.selected}
                borderStroke={CROP_BOX_COLOURS.selected}
                ignoreStroke
                boundBoxFunc={(before, after) => {
                  // Stage pixels: refuse a box smaller than the render accepts or leaving the frame.
                  // A box already under the minimum (an older file's) may still grow towards it.
                  const shrinking = after.width < before.width || after.height < before.height;
                  const tooSmall =
                    shrinking &&
                    (after.width < props.minBox.width * scale - 0.5 ||
                      after.height < props.minBox.height * scale - 0.5);
                  const outside =
                    after.x < -0.5 ||
                    after.y < -0.5 ||
                    after.x + after.width > fit.width + 0.5 ||
                    after.y + after.height > fit.height + 0.5;
                  return tooSmall || outside ? before : after;
                }}
              />
            </Layer>
          </Stage>
        )}
      </div>
    </div>
  );
}
