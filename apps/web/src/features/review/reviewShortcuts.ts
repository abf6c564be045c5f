// Keyboard shortcuts of the Auto Highlight Review panel:
//   ALT+Q   first highlight looks good  (APV Good; TV Yes unless TV validity was already chosen)
//   ALT+W   first highlight is bad      (APV Bad; the form forces TV No with the reason 'other')
//   SHIFT+Q second highlight looks good
//   SHIFT+W second highlight is bad
//   ALT+D   done     ALT+R   reject
// A publisher may show more than two highlights, and the letters above stop at two: every highlight n
// (1 to 9) also has ALT+n (looks good) and ALT+SHIFT+n (is bad), so the whole review works from the
// keyboard whatever the setting. Keys are read from KeyboardEvent.code so ALT on macOS (which turns Q
// into 'œ') and SHIFT on any layout (which turns 1 into '!') still work. Nothing fires while focus is in
// a field that takes text.

export type ReviewShortcut =
  { type: 'good'; index: number } | { type: 'bad'; index: number } | { type: 'done' } | { type: 'reject' };

export interface ShortcutKey {
  code: string;
  altKey: boolean;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/** The number 1–9 a key's code names (top row or keypad), or null. */
function digitOf(code: string): number | null {
  const match = /^(?:Digit|Numpad)([1-9])$/.exec(code);
  return match ? Number(match[1]) : null;
}

/** The shortcut a key press means, or null. */
export function shortcutFor(key: ShortcutKey): ReviewShortcut | null {
  if (key.ctrlKey || key.metaKey) return null;
  const digit = digitOf(key.code);
  if (key.altKey && digit !== null) {
    return { type: key.shiftKey ? 'bad' : 'good', index: digit - 1 };
  }
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

/** The keys shown beside highlight `index` (0-based): the spec's letters for the first two, then digits. */
export function keyHintsFor(index: number): { good: string; bad: string } {
  if (index === 0) return { good: 'Alt+Q', bad: 'Alt+W' };
  if (index === 1) return { good: 'Shift+Q', bad: 'Shift+W' };
  if (index < 9) return { good: `Alt+${index + 1}`, bad: `Alt+Shift+${index + 1}` };
  return { good: '', bad: '' };
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

/** The panel's keys as the `?` help lists them. */
export const REVIEW_SHORTCUT_HELP = [
  { keys: 'Alt+Q', description: 'First highlight looks good' },
  { keys: 'Alt+W', description: 'First highlight is bad' },
  { keys: 'Shift+Q', description: 'Second highlight looks good' },
  { keys: 'Shift+W', description: 'Second highlight is bad' },
  { keys: 'Alt+1 … Alt+9', description: 'Highlight n looks good' },
  { keys: 'Alt+Shift+1 … 9', description: 'Highlight n is bad' },
  { keys: 'Alt+D', description: 'Done' },
  { keys: 'Alt+R', description: 'Reject' },
] as const;
