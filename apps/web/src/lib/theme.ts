import { themeStorageKey } from '@glossa/contract/storage-keys';

/** The saved theme: "true" or "false" under isDark; null when the learner never chose. */
export function readSavedTheme(): boolean | null {
  const value = localStorage.getItem(themeStorageKey);
  if (value === 'true') return true;
  if (value === 'false') return false;
  return null;
}

export function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)').matches
    : false;
}

export function saveTheme(isDark: boolean): void {
  localStorage.setItem(themeStorageKey, String(isDark));
}

/** Forgets the learner's choice: the device's preference decides again. */
export function forgetTheme(): void {
  localStorage.removeItem(themeStorageKey);
}

/** Applies the theme as data-theme on the root element (and the browser's own controls). */
export function applyTheme(isDark: boolean): void {
  const root = document.documentElement;
  root.dataset.theme = isDark ? 'dark' : 'light';
  root.style.colorScheme = isDark ? 'dark' : 'light';
}
