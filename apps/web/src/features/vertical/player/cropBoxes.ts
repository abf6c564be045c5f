// What the review player draws at a frame: the rect of every object of each suggestion's
// keyframe file in the group holding that frame, in source pixels, coloured by the suggestion's role:
// selected blue, hovered yellow, all others red. The selected suggestion's boxes are drawn last (on top).
import { groupAtFrame, objectRectAt } from '@hc/shared/vertical/keyframe-file';
import type { KeyframeFile, Rect } from '@hc/shared/vertical/keyframe-file';

export type CropBoxRole = 'selected' | 'hovered' | 'other';

export const CROP_BOX_COLOURS: Record<CropBoxRole, string> = {
  selected: '#2563eb',
  hovered: '#facc15',
  other: '#ef4444',
};

export interface CropLayer {
  /** vertical_content_id of the suggestion. */
  id: number;
  file: KeyframeFile | null;
}

export interface Size {
  width: number;
  height: number;
}

export interface CropBox {
  suggestionId: number;
  objectId: number;
  role: CropBoxRole;
  /** Source pixels of its keyframe file. */
  rect: Rect;
  /** The frame size its keyframe file counts in (input_width x input_height). */
  source: Size;
}

const DRAW_ORDER: Record<CropBoxRole, number> = { other: 0, hovered: 1, selected: 2 };

export function cropBoxesAt(
  layers: CropLayer[],
  frame: number,
  selectedId: number | null,
  hoveredId: number | null,
): CropBox[] {
  const boxes: CropBox[] = [];
  for (const { id, file } of layers) {
    if (!file) continue;
    const role: CropBoxRole = id === selectedId ? 'selected' : id === hoveredId ? 'hovered' : 'other';
    const frameSize = { width: file.input_width, height: file.input_height };
    for (const object of groupAtFrame(file, frame)?.objects ?? []) {
      boxes.push({
        suggestionId: id,
        objectId: object.object_id,
        role,
        rect: objectRectAt(object, frame, frameSize),
        source: frameSize,
      });
    }
  }
  return boxes.sort((a, b) => DRAW_ORDER[a.role] - DRAW_ORDER[b.role]);
}

/**
 * A rect in the pixels of a `source` frame, on the picture as displayed (`display`, the box the video
 * fills exactly). Each axis scales on its own, so a keyframe file counted in another size than the
 * video's own (1920x1080 over a 1280x720 file) still lands on the same spot of the picture.
 */
export function toDisplay(rect: Rect, source: Size, display: Size): Rect {
  if (source.width <= 0 || source.height <= 0) return { x: 0, y: 0, width: 0, height: 0 };
  const sx = display.width / source.width;
  const sy = display.height / source.height;
  return { x: rect.x * sx, y: rect.y * sy, width: rect.width * sx, height: rect.height * sy };
}

/**
 * The displayed size of a picture of aspect `picture` in a box `width` wide: the video element gets
 * exactly this box, so there are no letterbox bars between the picture and the stage over it.
 */
export function displaySize(picture: Size, width: number): Size {
  if (picture.width <= 0 || picture.height <= 0 || width <= 0) return { width: 0, height: 0 };
  return { width, height: (width * picture.height) / picture.width };
}
