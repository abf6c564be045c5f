// The source video scaled to fit its box, with a Konva stage over it: the 9:16 output window the render
// will crop at this frame (outside dimmed), and each object's rectangle at the current frame. Dragging a
// rectangle moves the object's keyframe at this frame (spec 001 §4: modify, status 'manual'). Colours as
// in the review player: selected blue, hovered yellow, others red.
import { useState } from 'react';
import { Group, Layer, Rect, Stage, Text } from 'react-konva';
import type { KonvaEventObject } from 'konva/lib/Node';
import {
  cropWindowAt,
  groupAtFrame,
  objectRectAt,
  type KeyframeFile,
} from '@hc/shared/vertical/keyframe-file';
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
}

export function FrameCanvas(props: FrameCanvasProps) {
  const { file, frame, selected } = props;
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const boxSize = useElementSize(box);
  const source = { width: file.input_width, height: file.input_height };
  const fit = fitInside(source, boxSize);
  const [hovered, setHovered] = useState<number | null>(null);

  const group = groupAtFrame(file, frame);
  const crop = cropWindowAt(file, frame);
  const scale = fit.scale;
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
              <Rect
                x={crop.x}
                y={crop.y}
                width={crop.width}
                height={crop.height}
                stroke="#f8fafc"
                strokeWidth={stroke(1.5)}
                dash={[stroke(6), stroke(4)]}
              />
            </Layer>
            <Layer scaleX={scale} scaleY={scale}>
              {group?.objects.map((object) => {
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
                    x={r.x}
                    y={r.y}
                    draggable
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
            </Layer>
          </Stage>
        )}
      </div>
    </div>
  );
}
