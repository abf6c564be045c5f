import { describe, expect, it } from 'vitest';
import {
  EDITOR_SHORTCUTS,
  editorShortcutFor,
  NUDGE_LARGE_PX,
  NUDGE_PX,
  reviewKeyHint,
  reviewShortcutAction,
  verticalShortcutFor,
  type EditorKey,
  type ShortcutGate,
} from './shortcuts.ts';

const key = (code: string, mods: Partial<EditorKey> = {}): EditorKey => ({
  code,
  altKey: false,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
});

describe('editorShortcutFor', () => {
  it('saves the time range on Shift+Enter, even from a time field', () => {
    expect(editorShortcutFor(key('Enter', { shiftKey: true }), false)).toEqual({ type: 'saveRange' });
    expect(editorShortcutFor(key('Enter', { shiftKey: true }), true)).toEqual({ type: 'saveRange' });
    expect(editorShortcutFor(key('Enter'), false)).toBeNull();
    expect(editorShortcutFor(key('Enter', { shiftKey: true, ctrlKey: true }), false)).toBeNull();
  });
  it('ignores every other key while typing', () => {
    for (const code of ['Space', 'KeyS', 'KeyK', 'Delete', 'ArrowLeft', 'KeyA']) {
      expect(editorShortcutFor(key(code), true)).toBeNull();
    }
    expect(editorShortcutFor(key('KeyZ', { ctrlKey: true }), true)).toBeNull();
  });
  it('steps frames and seconds with the arrows', () => {
    expect(editorShortcutFor(key('ArrowLeft'), false)).toEqual({ type: 'step', frames: -1 });
    expect(editorShortcutFor(key('ArrowRight'), false)).toEqual({ type: 'step', frames: 1 });
    expect(editorShortcutFor(key('ArrowRight', { shiftKey: true }), false)).toEqual({
      type: 'stepSeconds',
      seconds: 1,
    });
    expect(editorShortcutFor(key('ArrowUp', { ctrlKey: true }), false)).toBeNull();
  });
  it('nudges the selected object with Alt+arrows', () => {
    expect(editorShortcutFor(key('ArrowUp', { altKey: true }), false)).toEqual({
      type: 'nudge',
      dx: 0,
      dy: -NUDGE_PX,
    });
    expect(editorShortcutFor(key('ArrowRight', { altKey: true, shiftKey: true }), false)).toEqual({
      type: 'nudge',
      dx: NUDGE_LARGE_PX,
      dy: 0,
    });
  });
  it('maps the editing keys', () => {
    expect(editorShortcutFor(key('Space'), false)).toEqual({ type: 'togglePlay' });
    expect(editorShortcutFor(key('KeyS'), false)).toEqual({ type: 'split' });
    expect(editorShortcutFor(key('KeyK'), false)).toEqual({ type: 'createKeyframe' });
    expect(editorShortcutFor(key('Delete'), false)).toEqual({ type: 'deleteKeyframe' });
    expect(editorShortcutFor(key('Backspace', { shiftKey: true }), false)).toEqual({ type: 'deleteObject' });
    expect(editorShortcutFor(key('KeyA'), false)).toEqual({ type: 'addObject' });
    expect(editorShortcutFor(key('KeyZ', { metaKey: true }), false)).toEqual({ type: 'undo' });
    expect(editorShortcutFor(key('KeyZ', { ctrlKey: true, shiftKey: true }), false)).toBeNull();
    expect(editorShortcutFor(key('Home'), false)).toEqual({ type: 'jump', to: 'start' });
    expect(editorShortcutFor(key('KeyS', { altKey: true }), false)).toBeNull();
  });
  it('jumps between keyframes and shots, and maps the studio keys', () => {
    expect(editorShortcutFor(key('BracketRight'), false)).toEqual({ type: 'keyframe', direction: 1 });
    expect(editorShortcutFor(key('BracketLeft'), false)).toEqual({ type: 'keyframe', direction: -1 });
    expect(editorShortcutFor(key('ArrowDown'), false)).toEqual({ type: 'shot', direction: 1 });
    expect(editorShortcutFor(key('ArrowUp'), false)).toEqual({ type: 'shot', direction: -1 });
    expect(editorShortcutFor(key('KeyC'), false)).toEqual({ type: 'copyToNextKeyframe' });
    expect(editorShortcutFor(key('KeyC', { shiftKey: true }), false)).toEqual({ type: 'holdToShotEnd' });
    expect(editorShortcutFor(key('KeyG'), false)).toEqual({ type: 'applySuggestion' });
    expect(editorShortcutFor(key('KeyR'), false)).toEqual({ type: 'suggestCrop', whole: false });
    expect(editorShortcutFor(key('KeyR', { shiftKey: true }), false)).toEqual({
      type: 'suggestCrop',
      whole: true,
    });
    // Alt+R is the review modal's Reject, never a suggestion.
    expect(editorShortcutFor(key('KeyR', { altKey: true }), false)).toBeNull();
    expect(editorShortcutFor(key('KeyH'), false)).toEqual({ type: 'toggleVisibility' });
    expect(editorShortcutFor(key('KeyO'), false)).toEqual({ type: 'cycleSafeArea' });
    expect(editorShortcutFor(key('Slash', { shiftKey: true }), false)).toEqual({ type: 'help' });
    expect(editorShortcutFor(key('KeyC', { ctrlKey: true }), false)).toBeNull();
  });
  it('lists every key once: no two entries bind the same key', () => {
    const seen = new Set<string>();
    for (const entry of EDITOR_SHORTCUTS) {
      for (const b of entry.bindings) {
        const id = `${b.code}:${!!b.alt}:${!!b.shift}:${!!b.command}`;
        expect(seen.has(id), id).toBe(false);
        seen.add(id);
      }
    }
  });
});

describe('verticalShortcutFor', () => {
  it('maps Alt+R, Alt+D and Alt+M, and shows them as hints', () => {
    expect(reviewKeyHint('approve')).toBe('Alt+D');
    expect(reviewKeyHint('manual')).toBeUndefined();
    expect(verticalShortcutFor(key('KeyR', { altKey: true }))).toBe('reject');
    expect(verticalShortcutFor(key('KeyD', { altKey: true }))).toBe('approve');
    expect(verticalShortcutFor(key('KeyM', { altKey: true }))).toBe('modify');
  });
  it('ignores other keys and other modifiers', () => {
    expect(verticalShortcutFor(key('KeyR', {}))).toBeNull();
    expect(verticalShortcutFor(key('KeyQ', { altKey: true }))).toBeNull();
    expect(verticalShortcutFor(key('KeyR', { altKey: true, shiftKey: true }))).toBeNull();
    expect(verticalShortcutFor(key('KeyD', { altKey: true, ctrlKey: true }))).toBeNull();
    expect(verticalShortcutFor(key('KeyM', { altKey: true, metaKey: true }))).toBeNull();
  });
});

describe('reviewShortcutAction', () => {
  const open: ShortcutGate = { editing: false, dialogOpen: false, finished: false, typing: false };
  const altR = key('KeyR', { altKey: true });

  it('acts while the review modal is in front', () => {
    expect(reviewShortcutAction(altR, open)).toBe('reject');
    expect(reviewShortcutAction(key('KeyM', { altKey: true }), open)).toBe('modify');
  });

  it.each<keyof ShortcutGate>(['editing', 'dialogOpen', 'finished', 'typing'])(
    'is off while %s',
    (blocker) => {
      expect(reviewShortcutAction(altR, { ...open, [blocker]: true })).toBeNull();
      expect(reviewShortcutAction(key('KeyD', { altKey: true }), { ...open, [blocker]: true })).toBeNull();
    },
  );
});
