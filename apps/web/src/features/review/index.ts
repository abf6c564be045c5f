// The review feature's public module: what other features may use of it (the shortcut keys the
// vertical review shares).
export { isTextEntry } from './reviewShortcuts.ts';
export type { ShortcutKey } from './reviewShortcuts.ts';
