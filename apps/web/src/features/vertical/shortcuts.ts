// Every key of the vertical tool in one table: the review modal's Alt+R / Alt+D / Alt+M and Shift+Enter
// in the edit modal are the spec's; the frame editor's other keys follow common video editors. The same
// table matches key presses and lists the keys in the `?` overlay and the editor's panel, so a key that
// works is always listed and a listed key always works. Keys are read from KeyboardEvent.code, so
// keyboard layouts and macOS Alt characters do not matter.
import type { VerticalAction } from './review/reviewFeedback.ts';

export type EditorShortcut =
  | { type: 'togglePlay' }
  | { type: 'step'; frames: number }
  | { type: 'stepSeconds'; seconds: number }
  | { type: 'jump'; to: 'start' | 'end' }
  | { type: 'keyframe'; direction: 1 | -1 }
  | { type: 'shot'; direction: 1 | -1 }
  | { type: 'split' }
  | { type: 'createKeyframe' }
  | { type: 'deleteKeyframe' }
  | { type: 'deleteObject' }
  | { type: 'addObject' }
  | { type: 'copyToNextKeyframe' }
  | { type: 'holdToShotEnd' }
  | { type: 'applySuggestion' }
  | { type: 'suggestCrop'; whole: boolean }
  | { type: 'toggleVisibility' }
  | { type: 'cycleSafeArea' }
  | { type: 'undo' }
  | { type: 'nudge'; dx: number; dy: number }
  | { type: 'saveRange' }
  | { type: 'help' };

export interface ShortcutKey {
  code: string;
  altKey: boolean;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}
/** Kept for the editor's callers. */
export type EditorKey = ShortcutKey;

export const NUDGE_PX = 2;
export const NUDGE_LARGE_PX = 10;

interface Binding<A> {
  code: string;
  alt?: boolean;
  shift?: boolean;
  /** Ctrl, or Cmd on macOS. */
  command?: boolean;
  action: A;
}

export interface ShortcutEntry<A> {
  /** As shown to the user. */
  keys: string;
  what: string;
  bindings: Binding<A>[];
  /** Fires while a field takes text too (only Shift+Enter, which saves the time fields). */
  inText?: boolean;
}

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] } as const;

const nudges = (shift: boolean): Binding<EditorShortcut>[] =>
  Object.entries(ARROWS).map(([code, [x, y]]) => {
    const px = shift ? NUDGE_LARGE_PX : NUDGE_PX;
    return { code, alt: true, shift, action: { type: 'nudge', dx: x * px, dy: y * px } };
  });

/** The frame editor's keys, in the order the overlay lists them. */
export const EDITOR_SHORTCUTS: ShortcutEntry<EditorShortcut>[] = [
  { keys: 'Space', what: 'Play / pause', bindings: [{ code: 'Space', action: { type: 'togglePlay' } }] },
  {
    keys: '← →',
    what: 'Previous / next frame',
    bindings: [
      { code: 'ArrowLeft', action: { type: 'step', frames: -1 } },
      { code: 'ArrowRight', action: { type: 'step', frames: 1 } },
    ],
  },
  {
    keys: 'Shift+← →',
    what: 'One second back / on',
    bindings: [
      { code: 'ArrowLeft', shift: true, action: { type: 'stepSeconds', seconds: -1 } },
      { code: 'ArrowRight', shift: true, action: { type: 'stepSeconds', seconds: 1 } },
    ],
  },
  {
    keys: '[ ]',
    what: 'Previous / next keyframe',
    bindings: [
      { code: 'BracketLeft', action: { type: 'keyframe', direction: -1 } },
      { code: 'BracketRight', action: { type: 'keyframe', direction: 1 } },
    ],
  },
  {
    keys: '↑ ↓',
    what: 'Previous / next shot',
    bindings: [
      { code: 'ArrowUp', action: { type: 'shot', direction: -1 } },
      { code: 'ArrowDown', action: { type: 'shot', direction: 1 } },
    ],
  },
  {
    keys: 'Home / End',
    what: 'First / last frame of the selected time',
    bindings: [
      { code: 'Home', action: { type: 'jump', to: 'start' } },
      { code: 'End', action: { type: 'jump', to: 'end' } },
    ],
  },
  { keys: 'S', what: 'Split group at playhead', bindings: [{ code: 'KeyS', action: { type: 'split' } }] },
  { keys: 'A', what: 'Add Frame (object)', bindings: [{ code: 'KeyA', action: { type: 'addObject' } }] },
  {
    keys: 'K',
    what: 'Keyframe at playhead',
    bindings: [{ code: 'KeyK', action: { type: 'createKeyframe' } }],
  },
  {
    keys: 'Del',
    what: 'Delete keyframe at playhead',
    bindings: [
      { code: 'Delete', action: { type: 'deleteKeyframe' } },
      { code: 'Backspace', action: { type: 'deleteKeyframe' } },
    ],
  },
  {
    keys: 'Shift+Del',
    what: 'Delete selected object (undo with Ctrl+Z)',
    bindings: [
      { code: 'Delete', shift: true, action: { type: 'deleteObject' } },
      { code: 'Backspace', shift: true, action: { type: 'deleteObject' } },
    ],
  },
  {
    keys: 'C',
    what: 'Copy the box to the next keyframe',
    bindings: [{ code: 'KeyC', action: { type: 'copyToNextKeyframe' } }],
  },
  {
    keys: 'Shift+C',
    what: 'Hold the box to the end of the shot',
    bindings: [{ code: 'KeyC', shift: true, action: { type: 'holdToShotEnd' } }],
  },
  {
    keys: 'G',
    what: 'Apply the suggestion to this shot',
    bindings: [{ code: 'KeyG', action: { type: 'applySuggestion' } }],
  },
  {
    keys: 'R',
    what: "Suggest crop: the console's own reframing of this shot",
    bindings: [{ code: 'KeyR', action: { type: 'suggestCrop', whole: false } }],
  },
  {
    keys: 'Shift+R',
    what: "Suggest crop: the console's own reframing of the whole task",
    bindings: [{ code: 'KeyR', shift: true, action: { type: 'suggestCrop', whole: true } }],
  },
  {
    keys: 'H',
    what: 'Hide / show the selected object',
    bindings: [{ code: 'KeyH', action: { type: 'toggleVisibility' } }],
  },
  {
    keys: 'O',
    what: 'Next safe-area overlay (off, TikTok, Reels, Shorts)',
    bindings: [{ code: 'KeyO', action: { type: 'cycleSafeArea' } }],
  },
  {
    keys: 'Alt+arrows',
    what: 'Nudge object 2 px (Shift: 10 px)',
    bindings: [...nudges(false), ...nudges(true)],
  },
  {
    keys: 'Ctrl+Z',
    what: 'Undo',
    bindings: [{ code: 'KeyZ', command: true, action: { type: 'undo' } }],
  },
  {
    keys: 'Shift+Enter',
    what: 'Save start and end time',
    inText: true,
    bindings: [
      { code: 'Enter', shift: true, action: { type: 'saveRange' } },
      { code: 'NumpadEnter', shift: true, action: { type: 'saveRange' } },
    ],
  },
  {
    keys: '?',
    what: 'This list of keys',
    bindings: [{ code: 'Slash', shift: true, action: { type: 'help' } }],
  },
];

/** The review modal's keys. */
export const REVIEW_SHORTCUTS: ShortcutEntry<VerticalAction>[] = [
  {
    keys: 'Alt+D',
    what: 'Approve (quality good)',
    bindings: [{ code: 'KeyD', alt: true, action: 'approve' }],
  },
  { keys: 'Alt+M', what: 'Modify', bindings: [{ code: 'KeyM', alt: true, action: 'modify' }] },
  { keys: 'Alt+R', what: 'Reject', bindings: [{ code: 'KeyR', alt: true, action: 'reject' }] },
];

/** The keys shown beside a review action's button. */
export const reviewKeyHint = (action: VerticalAction): string | undefined =>
  REVIEW_SHORTCUTS.find((e) => e.bindings.some((b) => b.action === action))?.keys;

function match<A>(table: ShortcutEntry<A>[], key: ShortcutKey, inTextField: boolean): A | null {
  const command = key.ctrlKey || key.metaKey;
  for (const entry of table) {
    if (inTextField && !entry.inText) continue;
    for (const b of entry.bindings) {
      if (
        b.code === key.code &&
        !!b.alt === key.altKey &&
        !!b.shift === key.shiftKey &&
        !!b.command === command
      ) {
        return b.action;
      }
    }
  }
  return null;
}

/** The frame editor's shortcut of a key press, or null; `inTextField` when focus is in a field that takes text. */
export function editorShortcutFor(key: ShortcutKey, inTextField: boolean): EditorShortcut | null {
  return match(EDITOR_SHORTCUTS, key, inTextField);
}

/** The review action a key press asks for, or null. */
export function verticalShortcutFor(key: ShortcutKey): VerticalAction | null {
  return match(REVIEW_SHORTCUTS, key, false);
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
