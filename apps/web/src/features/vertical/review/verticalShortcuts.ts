// Keyboard shortcuts of the vertical review modal (spec 001 §4): Alt+R reject, Alt+D approve, Alt+M modify.
// Read from KeyboardEvent.code so Alt on macOS (which turns R into '®') still works. They are off while the
// edit modal is open (spec 001 §4), while a dialog stands over the review modal, once the task is done, and
// while a text field has the focus.
import type { ShortcutKey } from '../../review/index.ts';
import type { VerticalAction } from './reviewFeedback.ts';

const KEYS: Record<string, VerticalAction> = { KeyR: 'reject', KeyD: 'approve', KeyM: 'modify' };

/** The action a key press asks for, or null. */
export function verticalShortcutFor(key: ShortcutKey): VerticalAction | null {
  if (!key.altKey || key.shiftKey || key.ctrlKey || key.metaKey) return null;
  return KEYS[key.code] ?? null;
}

/** What stands in the way of the review modal's shortcuts. */
export interface ShortcutGate {
  /** The edit modal (Modify / Manual) is open. */
  editing: boolean;
  /** A confirmation or the 'Error' dialog is open over the review modal. */
  dialogOpen: boolean;
  /** The task was approved or rejected: nothing is left to do. */
  finished: boolean;
  /** The focus is in a field that takes text. */
  typing: boolean;
}

/** The action of a key press in the review modal as it stands, or null when the key does nothing. */
export function reviewShortcutAction(key: ShortcutKey, gate: ShortcutGate): VerticalAction | null {
  if (gate.editing || gate.dialogOpen || gate.finished || gate.typing) return null;
  return verticalShortcutFor(key);
}
