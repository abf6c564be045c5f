// Keyboard shortcuts of the Auto Highlight Review panel (spec 001 §4 "Keyboard shortcuts"):
//   ALT+Q   first highlight looks good  (APV Good; TV Yes unless TV validity was already chosen)
//   ALT+W   first highlight is bad      (APV Bad; the form forces TV No with the reason 'other')
//   SHIFT+Q second highlight looks good
//   SHIFT+W second highlight is bad
//   ALT+D   done     ALT+R   reject
// Keys are read from KeyboardEvent.code so ALT on macOS (which turns Q into 'œ') still works. Nothing
// fires while focus is in a field that takes text.

export type ReviewShortcut =
  { type: 'good'; index: 0 | 1 } | { type: 'bad'; index: 0 | 1 } | { type: 'done' } | { type: 'reject' };

export interface ShortcutKey {
  code: string;
  altKey: boolean;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/** The shortcut a key press means, or null. */
export function shortcutFor(key: ShortcutKey): ReviewShortcut | null {
  if (key.ctrlKey || key.metaKey) return null;
  if (key.altKey && !key.shiftKey) {
    switch (key.code) {
      case 'KeyQ':
        return { type: 'good', index: 0 };
      case 'KeyW':
        return { type: 'bad', index: 0 };
      case 'KeyD':
        return { type: 'done' };
      case 'KeyR':
        return { type: 'reject' };
    }
    return null;
  }
  if (key.shiftKey && !key.altKey) {
    if (key.code === 'KeyQ') return { type: 'good', index: 1 };
    if (key.code === 'KeyW') return { type: 'bad', index: 1 };
  }
  return null;
}

/** Input types that take no typed text (a checkbox, a button...). */
const NON_TEXT_INPUTS = new Set([
  'button',
  'checkbox',
  'radio',
  'range',
  'color',
  'file',
  'submit',
  'reset',
  'image',
]);

export interface FocusTarget {
  tagName: string;
  type?: string;
  readOnly?: boolean;
  isContentEditable?: boolean;
}

/** True when the focused element takes typed text: shortcuts stay off there (a read-only input does not). */
export function isTextEntry(target: FocusTarget | null | undefined): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName.toUpperCase();
  if (tag === 'TEXTAREA') return !target.readOnly;
  if (tag !== 'INPUT') return false;
  return !target.readOnly && !NON_TEXT_INPUTS.has((target.type ?? 'text').toLowerCase());
}
