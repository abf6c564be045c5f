// The console's light and dark themes. The user picks System, Light or Dark (remembered in this browser);
// System follows the operating system's preference, live. The page's root element carries the theme in
// data-theme (the console's own colours switch on it) and one PrimeReact theme stylesheet of the same
// family (lara indigo) is linked, the other one never downloaded. public/theme-boot.js marks the page
// before the first paint with the same rule; this module links the stylesheet and keeps both current.
import { useSyncExternalStore } from 'react';
import lightThemeHref from 'primereact/resources/themes/lara-light-indigo/theme.css?url';
import darkThemeHref from 'primereact/resources/themes/lara-dark-indigo/theme.css?url';
import { THEME_STORAGE_KEY } from './storageKey.ts';

export type ThemeChoice = 'system' | 'light' | 'dark';
export type Theme = 'light' | 'dark';

export const THEME_CHOICES: readonly { value: ThemeChoice; label: string; icon: string }[] = [
  { value: 'system', label: 'System', icon: 'pi pi-desktop' },
  { value: 'light', label: 'Light', icon: 'pi pi-sun' },
  { value: 'dark', label: 'Dark', icon: 'pi pi-moon' },
];

const LINK_ID = 'hc-prime-theme';
const HREF: Record<Theme, string> = { light: lightThemeHref, dark: darkThemeHref };
const systemDark = () => window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;

export function readThemeChoice(): ThemeChoice {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    return 'system';
  }
}

const resolve = (choice: ThemeChoice): Theme =>
  choice === 'system' ? (systemDark() ? 'dark' : 'light') : choice;

let choice: ThemeChoice = 'system';
let listeners: (() => void)[] = [];

/**
 * Links the theme's PrimeReact stylesheet ahead of the console's own styles (which restyle it), resolving
 * once it has loaded so nothing is painted half-styled. A switch keeps the old sheet until the new one has
 * loaded, so the page never shows unstyled components in between.
 */
function linkPrimeTheme(theme: Theme): Promise<void> {
  const current = document.getElementById(LINK_ID) as HTMLLinkElement | null;
  const href = HREF[theme];
  if (current?.dataset.theme === theme) return Promise.resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  link.dataset.theme = theme;
  const loaded = new Promise<void>((done) => {
    link.onload = () => done();
    // A failed sheet leaves the console's own colours, still readable: go on rather than show nothing.
    link.onerror = () => done();
  });
  const firstSheet = document.head.querySelector('link[rel="stylesheet"], style');
  document.head.insertBefore(link, current ?? firstSheet);
  return loaded.then(() => {
    current?.remove();
    link.id = LINK_ID;
  });
}

function markRoot(theme: Theme) {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  // theme-boot.js painted the canvas before any stylesheet; from here the stylesheets own it.
  root.style.removeProperty('background-color');
}

function apply(): Promise<void> {
  const theme = resolve(choice);
  return linkPrimeTheme(theme).then(() => markRoot(theme));
}

/** Called once before the first render: links the chosen theme and follows the system's changes. */
export function startTheme(): Promise<void> {
  choice = readThemeChoice();
  window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener('change', () => {
    if (choice === 'system') void apply().then(notify);
  });
  // Another tab of the console changed the choice: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    choice = readThemeChoice();
    void apply().then(notify);
  });
  return apply();
}

function notify() {
  listeners.forEach((l) => l());
}

export function setThemeChoice(next: ThemeChoice): Promise<void> {
  choice = next;
  try {
    if (next === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, next);
  } catch {
    // storage blocked: the choice lasts for this page only
  }
  notify();
  return apply().then(notify);
}

function subscribe(listener: () => void) {
  listeners.push(listener);
  return () => {
    listeners = listeners.filter((l) => l !== listener);
  };
}

/** The user's choice (System, Light or Dark), re-rendering on change. */
export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(subscribe, () => choice);
}
