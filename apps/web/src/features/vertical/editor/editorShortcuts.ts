// Keyboard of the frame editor (spec 001 §4 names only Shift+Enter; the rest follow common video editors):
//   Space          play / pause             Left / Right        one frame back / forward
//   Shift+Left/Right  one second            Home / End          first / last frame of the selected time
//   S  split the group at the playhead      K  keyframe for the selected object at the playhead
//   Delete / Backspace  delete that keyframe   Shift+Delete  delete the selected object
//   A  add an object (Add Frame)            Ctrl/Cmd+Z  undo
//   Alt+arrows  nudge the selected object 2 px (Alt+Shift: 10 px)
//   Shift+Enter  save the start and end time (also from inside the time fields)
// Keys are read from KeyboardEvent.code so layouts and macOS Alt characters do not matter. Apart from
// Shift+Enter, nothing fires while focus is in a field that takes text.

export type EditorShortcut =
  | { type: 'togglePlay' }
  | { type: 'step'; frames: number }
  | { type: 'stepSeconds'; seconds: number }
  | { type: 'jump'; to: 'start' | 'end' }
  | { type: 'split' }
  | { type: 'createKeyframe' }
  | { type: 'deleteKeyframe' }
  | { type: 'deleteObject' }
  | { type: 'addObject' }
  | { type: 'undo' }
  | { type: 'nudge'; dx: number; dy: number }
  | { type: 'saveRange' };

export interface EditorKey {
  code: string;
  altKey: boolean;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

export const NUDGE_PX = 2;
export const NUDGE_LARGE_PX = 10;

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/** The shortcut a key press means, or null; `inTextField` when focus is in a field that takes text. */
export function editorShortcutFor(key: EditorKey, inTextField: boolean): EditorShortcut | null {
  const command = key.ctrlKey || key.metaKey;
  if (key.code === 'Enter' || key.code === 'NumpadEnter') {
    return key.shiftKey && !key.altKey && !command ? { type: 'saveRange' } : null;
  }
  if (inTextField) return null;
  if (command) return key.code === 'KeyZ' && !key.shiftKey && !key.altKey ? { type: 'undo' } : null;

  const arrow = ARROWS[key.code];
  if (arrow && key.altKey) {
    const px = key.shiftKey ? NUDGE_LARGE_PX : NUDGE_PX;
    return { type: 'nudge', dx: arrow[0] * px, dy: arrow[1] * px };
  }
  if (key.altKey) return null;
  if (arrow && arrow[1] === 0) {
    return key.shiftKey ? { type: 'stepSeconds', seconds: arrow[0] } : { type: 'step', frames: arrow[0] };
  }
  if (key.shiftKey) {
    return key.code === 'Delete' || key.code === 'Backspace' ? { type: 'deleteObject' } : null;
  }
  switch (key.code) {
    case 'Space':
      return { type: 'togglePlay' };
    case 'Home':
      return { type: 'jump', to: 'start' };
    case 'End':
      return { type: 'jump', to: 'end' };
    case 'KeyS':
      return { type: 'split' };
    case 'KeyK':
      return { type: 'createKeyframe' };
    case 'Delete':
    case 'Backspace':
      return { type: 'deleteKeyframe' };
    case 'KeyA':
      return { type: 'addObject' };
  }
  return null;
}

/** True for elements where typed keys belong to the element (inputs other than buttons, text areas). */
export function isTextField(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  const el = target as HTMLElement;
  if (el.isContentEditable) return true;
  if (el.tagName === 'TEXTAREA' || el.tagName === 'SELECT') return true;
  if (el.tagName !== 'INPUT') return false;
  const type = (el as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset'].includes(type);
}
