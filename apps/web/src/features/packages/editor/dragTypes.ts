// What is being dragged between the two lists (native HTML5 drag and drop inside one page: the item
// itself is kept in React state; the DataTransfer only carries a plain-text id so every browser starts
// the drag).
import type { DragEvent } from 'react';
import type { EditorHighlight } from './editorState.ts';

export type DragItem =
  { source: 'available'; highlight: EditorHighlight } | { source: 'package'; id: number; index: number };

/** Starts a native drag: a plain-text payload, the move cursor, and `image` as the drag picture. */
export function beginNativeDrag(e: DragEvent, id: number, image?: Element | null): void {
  e.dataTransfer.setData('text/plain', String(id));
  e.dataTransfer.effectAllowed = 'move';
  if (image) e.dataTransfer.setDragImage(image, 24, 24);
}
