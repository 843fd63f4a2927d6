/**
 * The one script of the prerendered public pages (/, /privacy, /terms-of-use; decision 0031):
 * their text is in the HTML, so all that is left to do is the theme. It is built on its own
 * (vite.public.config.ts) and shares no chunk with the app.
 */
import { themeStorageKey } from '@glossa/contract/storage-keys';
import {
  applyTheme,
  readSavedTheme,
  saveTheme,
  systemPrefersDark,
  themeTogglerTitle,
} from '../lib/theme';

const togglerSelector = '[data-theme-toggler]';
let isDark = readSavedTheme() ?? systemPrefersDark();

function show(): void {
  applyTheme(isDark);
  for (const toggler of document.querySelectorAll(togglerSelector)) {
    toggler.setAttribute('aria-pressed', String(isDark));
    toggler.setAttribute('title', themeTogglerTitle(isDark));
  }
}

show();
document.addEventListener('click', (event) => {
  if (!(event.target instanceof Element) || !event.target.closest(togglerSelector)) return;
  isDark = !isDark;
  saveTheme(isDark);
  show();
});
// Another tab switched the theme (the app follows it the same way).
window.addEventListener('storage', (event) => {
  if (event.key !== themeStorageKey) return;
  isDark = readSavedTheme() ?? systemPrefersDark();
  show();
});
