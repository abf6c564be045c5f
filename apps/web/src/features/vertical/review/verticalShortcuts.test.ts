import { describe, expect, it } from 'vitest';
import { reviewShortcutAction, verticalShortcutFor } from './verticalShortcuts.ts';
import type { ShortcutGate } from './verticalShortcuts.ts';

const key = (
  code: string,
  mods: Partial<Record<'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey', boolean>>,
) => ({
  code,
  altKey: false,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  ...mods,
});

describe('verticalShortcutFor', () => {
  it('maps Alt+R, Alt+D and Alt+M', () => {
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
