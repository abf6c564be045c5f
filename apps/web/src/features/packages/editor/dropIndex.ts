// Where a dragged highlight lands in the package list: before or after the item under the pointer,
// depending on which half of it the pointer is in. Kept pure so the arithmetic is tested.

/** The insertion index for a pointer at `pointerY` over item `index` spanning [top, top + height). */
export function insertionIndex(index: number, pointerY: number, top: number, height: number): number {
  return pointerY < top + height / 2 ? index : index + 1;
}

/**
 * The `to` of a move when an item at `from` is dropped at insertion index `insertAt` (an index in the list
 * that still holds the item): dropping below itself shifts by one.
 */
export function moveTarget(from: number, insertAt: number): number {
  return insertAt > from ? insertAt - 1 : insertAt;
}
