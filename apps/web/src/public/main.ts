/**
 * The one script of the prerendered public pages (/, /privacy, /terms-of-use; decision 0031):
 * their text is in the HTML, prerendered signed out, so all that is left to do is the theme and,
 * for a signed-in learner, the way into the app. It is built on its own
 * (apps/web/scripts/build-public.mjs) and shares no chunk with the app.
 */
import { sessionStorageKeys, themeStorageKey } from '@glossa/contract/storage-keys';
import { keepTypedFields } from '../lib/prerendered';
import { appRenderedEvent } from '../lib/prerendered-event';
import { applyTheme, readSavedTheme, saveTheme, systemPrefersDark } from '../lib/theme';

/**
 * This script is built without Lingui's macros (a macro left in it threw at load, and the pages
 * lost their theme switch and their way into the app): the prerender writes the words it needs,
 * in the page's language, on <html> (`data-open-app`, `data-to-light-theme`, `data-to-dark-theme`;
 * decision 0037).
 */
const texts = document.documentElement.dataset;

/** The theme toggler's title (its tooltip): what pressing it does. */
function themeTogglerTitle(isDark: boolean): string {
  return (isDark ? texts.toLightTheme : texts.toDarkTheme) ?? '';
}

const togglerSelector = '[data-theme-toggler]';
let isDark = readSavedTheme() ?? systemPrefersDark();

function show(): void {
  applyTheme(isDark);
  for (const toggler of document.querySelectorAll(togglerSelector)) {
    toggler.setAttribute('aria-pressed', String(isDark));
    const title = themeTogglerTitle(isDark);
    if (title) toggler.setAttribute('title', title);
  }
}

show();

// Signed in (a stored session; the app checks it when it opens): the sign-in links open the app
// and the sign-up links go, as the app's own header and home page show it.
// (Not on the app's prerendered pages, marked `data-app-page`: the app itself takes a signed-in
// learner on from there.)
if (
  !document.documentElement.hasAttribute('data-app-page') &&
  sessionStorageKeys.every((key) => localStorage.getItem(key) !== null)
) {
  for (const link of document.querySelectorAll('a[href="/signup"]')) link.remove();
  for (const link of document.querySelectorAll('a[href="/login"]')) {
    link.setAttribute('href', '/app/dashboard');
    if (texts.openApp) link.textContent = texts.openApp;
  }
}

/**
 * The app's own pages that come prerendered (/login, /signup; decision 0031, fourth pass) load
 * this script too, for their theme until the app has started; then the app's switch works alone.
 */
const appStarted = () => document.documentElement.hasAttribute('data-app-started');

document.addEventListener('click', (event) => {
  if (appStarted()) return;
  if (!(event.target instanceof Element) || !event.target.closest(togglerSelector)) return;
  isDark = !isDark;
  saveTheme(isDark);
  show();
});
// Another tab switched the theme (the app follows it the same way).
window.addEventListener('storage', (event) => {
  if (appStarted() || event.key !== themeStorageKey) return;
  isDark = readSavedTheme() ?? systemPrefersDark();
  show();
});

// The app's prerendered pages (marked `data-app-page`): what the visitor types before the app has
// started carries over into the app's own fields once it has drawn the page (lib/prerendered.ts).
const root = document.getElementById('root');
if (root && document.documentElement.hasAttribute('data-app-page')) {
  const restore = keepTypedFields(root);
  document.addEventListener(appRenderedEvent, restore, { once: true });
}
