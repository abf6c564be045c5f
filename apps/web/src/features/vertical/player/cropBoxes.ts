// What the review player draws at a frame (spec 001 §2.11): the rect of every object of each suggestion's
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

export interface CropBox {
  suggestionId: number;
  objectId: number;
  role: CropBoxRole;
  /** Source pixels. */
  rect: Rect;
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
      });
    }
  }
  return boxes.sort((a, b) => DRAW_ORDER[a.role] - DRAW_ORDER[b.role]);
}

/** A source-pixel rect on a display `scale` times the source size. */
export const scaleRect = (rect: Rect, scale: number): Rect => ({
  x: rect.x * scale,
  y: rect.y * scale,
  width: rect.width * scale,
  height: rect.height * scale,
});
