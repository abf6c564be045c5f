import { describe, expect, it } from 'vitest';
import { isTextEntry, keyHintsFor, shortcutFor } from './reviewShortcuts.ts';

const key = (
  code: string,
  mods: Partial<{ alt: boolean; shift: boolean; ctrl: boolean; meta: boolean }> = {},
) => ({
  code,
  altKey: mods.alt ?? false,
  shiftKey: mods.shift ?? false,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
});

describe('shortcutFor', () => {
  it.each([
    ['ALT+Q', key('KeyQ', { alt: true }), { type: 'good', index: 0 }],
    ['ALT+W', key('KeyW', { alt: true }), { type: 'bad', index: 0 }],
    ['SHIFT+Q', key('KeyQ', { shift: true }), { type: 'good', index: 1 }],
    ['SHIFT+W', key('KeyW', { shift: true }), { type: 'bad', index: 1 }],
    ['ALT+D', key('KeyD', { alt: true }), { type: 'done' }],
    ['ALT+R', key('KeyR', { alt: true }), { type: 'reject' }],
    ['ALT+3', key('Digit3', { alt: true }), { type: 'good', index: 2 }],
    ['ALT+SHIFT+3', key('Digit3', { alt: true, shift: true }), { type: 'bad', index: 2 }],
    ['ALT+1 (keypad)', key('Numpad1', { alt: true }), { type: 'good', index: 0 }],
    ['ALT+SHIFT+9', key('Digit9', { alt: true, shift: true }), { type: 'bad', index: 8 }],
  ])('%s', (_name, pressed, expected) => {
    expect(shortcutFor(pressed)).toEqual(expected);
  });

  it.each([
    ['plain Q', key('KeyQ')],
    ['SHIFT+D', key('KeyD', { shift: true })],
    ['ALT+SHIFT+Q', key('KeyQ', { alt: true, shift: true })],
    ['CTRL+ALT+D', key('KeyD', { alt: true, ctrl: true })],
    ['META+SHIFT+W', key('KeyW', { meta: true, shift: true })],
    ['ALT+X', key('KeyX', { alt: true })],
    ['ALT+0', key('Digit0', { alt: true })],
    ['SHIFT+3', key('Digit3', { shift: true })],
    ['CTRL+ALT+3', key('Digit3', { alt: true, ctrl: true })],
  ])('%s means nothing', (_name, pressed) => {
    expect(shortcutFor(pressed)).toBeNull();
  });
});

describe('keyHintsFor', () => {
  it('shows the letters for the first two highlights and digits for every further one, each working', () => {
    expect(keyHintsFor(0)).toEqual({ good: 'Alt+Q', bad: 'Alt+W' });
    expect(keyHintsFor(1)).toEqual({ good: 'Shift+Q', bad: 'Shift+W' });
    expect(keyHintsFor(2)).toEqual({ good: 'Alt+3', bad: 'Alt+Shift+3' });
    for (let index = 2; index < 9; index += 1) {
      const digit = `Digit${index + 1}`;
      expect(shortcutFor(key(digit, { alt: true }))).toEqual({ type: 'good', index });
      expect(shortcutFor(key(digit, { alt: true, shift: true }))).toEqual({ type: 'bad', index });
    }
  });
});

describe('isTextEntry', () => {
  it.each([
    [{ tagName: 'INPUT', type: 'text' }, true],
    [{ tagName: 'input', type: 'search' }, true],
    [{ tagName: 'INPUT' }, true],
    [{ tagName: 'TEXTAREA' }, true],
    [{ tagName: 'DIV', isContentEditable: true }, true],
    [{ tagName: 'INPUT', type: 'text', readOnly: true }, false],
    [{ tagName: 'INPUT', type: 'checkbox' }, false],
    [{ tagName: 'BUTTON' }, false],
    [{ tagName: 'DIV' }, false],
    [null, false],
  ])('%o → %s', (target, expected) => {
    expect(isTextEntry(target)).toBe(expected);
  });
});
