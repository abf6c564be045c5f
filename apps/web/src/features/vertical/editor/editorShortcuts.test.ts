import { describe, expect, it } from 'vitest';
import { editorShortcutFor, NUDGE_LARGE_PX, NUDGE_PX, type EditorKey } from './editorShortcuts.ts';

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
    expect(editorShortcutFor(key('ArrowUp'), false)).toBeNull();
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
});
