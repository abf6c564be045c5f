// Keyboard shortcuts of the vertical review modal (spec 001 §4): Alt+R reject, Alt+D approve, Alt+M modify.
// Read from KeyboardEvent.code so Alt on macOS (which turns R into '®') still works.
import type { ShortcutKey } from '../../review/reviewShortcuts.ts';
import type { VerticalAction } from './reviewFeedback.ts';

const KEYS: Record<string, VerticalAction> = { KeyR: 'reject', KeyD: 'approve', KeyM: 'modify' };

/** The action a key press asks for, or null. */
export function verticalShortcutFor(key: ShortcutKey): VerticalAction | null {
  if (!key.altKey || key.shiftKey || key.ctrlKey || key.metaKey) return null;
  return KEYS[key.code] ?? null;
}
