import { i18n, type Messages } from '@lingui/core';
import {
  defaultInterfaceLocale,
  isInterfaceLocale,
  localeCookieString,
  localeFromCookies,
  pickInterfaceLocale,
  type InterfaceLocale,
} from '@glossa/contract/locales';
import { setDateLocale } from './dates';

/**
 * The interface language (decision 0037). The shell's catalog (header, menus, toasts, error
 * pages, and the feature files the app layout renders on every /app page: lingui.config.ts) is
 * one chunk per language, imported before the first render (main.tsx starts it beside the entry's
 * other work); each feature's catalog is its own chunk too, imported with the feature's pages
 * (app/router.tsx waits for it with the page's code) or with a lazy part of the layout (quick
 * add's dialog, quick search's palette: `withFeatureCatalogs`). A change of language in
 * settings or the user menu loads the shell's and every loaded feature's catalogs again. The
 * learner's stored choice wins over the device's remembered one (a cookie, which the public pages
 * are chosen by, and localStorage), which wins over the browser's.
 */

/** A locale of the interface, or the right-to-left pseudo-locale of the screenshots. */
export type UiLocale = InterfaceLocale | typeof rtlPseudoLocale;
export const rtlPseudoLocale = 'ar-XB';

const storageKey = 'glossa.locale';

// One dynamic import per locale: Vite makes each catalog a chunk, compiled from its .po file.
const catalogs: Record<UiLocale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en/messages.po'),
  es: () => import('../locales/es/messages.po'),
  fr: () => import('../locales/fr/messages.po'),
  de: () => import('../locales/de/messages.po'),
  [rtlPseudoLocale]: () => import('../locales/ar-XB/messages.po'),
};

// Each feature's catalogs (src/features/<name>/locales/<locale>.po) and each lazy part's
// (src/locales/parts/<name>/<locale>.po, lingui.config.ts), one chunk each, by name and locale.
const featureCatalogs = new Map(
  Object.entries({
    ...import.meta.glob<{ messages: Messages }>('../features/*/locales/*.po'),
    ...import.meta.glob<{ messages: Messages }>('../locales/parts/*/*.po'),
  }).map(([file, load]) => {
    const [, name, locale] = /([^/]+)\/(?:locales\/)?([^/]+)\.po$/.exec(file) ?? [];
    return [`${name}/${locale}`, load];
  }),
);

/** The features whose catalog is loaded: loaded again, in the new language, on a change. */
const loadedFeatures = new Set<string>();

async function loadFeature(feature: string, locale: UiLocale): Promise<void> {
  const load = featureCatalogs.get(`${feature}/${locale}`);
  if (!load) throw new Error(`No ${locale} catalog for the feature ${feature}`);
  const { messages } = await load();
  // Merged into the locale's messages, beside the shell's.
  i18n.load(locale, messages);
}

/** The latest change of language, finished or not: feature catalogs wait for it. */
let activation: Promise<void> = Promise.resolve();

/**
 * Loads the catalogs of features (folder names under src/features) or lazy parts (names in
 * lingui.config.ts's partCatalogs) in the current language; the
 * router calls it with a page's code, so the page shows translated from its first render. It
 * waits for the language being activated: the router starts loading the first page before
 * main.tsx's activation has finished.
 */
export async function loadFeatureCatalogs(...features: string[]): Promise<void> {
  await activation.catch(() => undefined);
  const locale = i18n.locale as UiLocale | '';
  // No catalog could be loaded at start (offline, nothing cached): the source text shows.
  if (!locale) return;
  const missing = features.filter((feature) => !loadedFeatures.has(feature));
  // Marked first, so a change of language that starts meanwhile loads them in its language too.
  for (const feature of missing) loadedFeatures.add(feature);
  await Promise.all(
    missing.map((feature) =>
      loadFeature(feature, locale).catch((error: unknown) => {
        // Not loaded (offline, a failed chunk): the next page that needs it tries again.
        loadedFeatures.delete(feature);
        throw error;
      }),
    ),
  );
}

/**
 * A lazily loaded module and the catalogs of the features whose messages it shows, loaded side by
 * side: what it renders is translated from its first render.
 */
export async function withFeatureCatalogs<T>(load: Promise<T>, ...features: string[]): Promise<T> {
  const [module] = await Promise.all([load, loadFeatureCatalogs(...features)]);
  return module;
}

/** The features whose catalog is loaded or on its way (for the tests). */
export function loadedFeatureCatalogs(): string[] {
  return [...loadedFeatures].sort();
}

const isUiLocale = (value: unknown): value is UiLocale =>
  isInterfaceLocale(value) || value === rtlPseudoLocale;

function readStored(): UiLocale | null {
  try {
    const value = localStorage.getItem(storageKey);
    return isUiLocale(value) ? value : null;
  } catch {
    return null;
  }
}

/**
 * Remembers the language in a cookie too, for the server to answer the public pages prerendered
 * in it (decision 0037). Not the pseudo-locale: the server offers only the interface's languages.
 */
function writeCookie(locale: UiLocale): void {
  if (!isInterfaceLocale(locale)) return;
  document.cookie = localeCookieString(locale, location.protocol === 'https:');
}

/**
 * The language to start in: `?lang=` (the screenshots' way to the pseudo-locale), the cookie (the
 * last choice on this device, the public pages' included), the one this device last used, or the
 * browser's first supported language.
 */
export function initialLocale(): UiLocale {
  const asked = new URLSearchParams(location.search).get('lang');
  if (isUiLocale(asked)) return asked;
  return (
    localeFromCookies(document.cookie) ??
    readStored() ??
    pickInterfaceLocale(navigator.languages ?? [navigator.language])
  );
}

/**
 * Loads the catalogs if needed, then switches the interface, the document and the dates to the
 * locale; changes run one after the other.
 */
export function activateLocale(locale: UiLocale): Promise<void> {
  const previous = activation.catch(() => undefined);
  activation = previous.then(() => switchTo(locale));
  return activation;
}

async function switchTo(locale: UiLocale): Promise<void> {
  if (!i18n.locale || i18n.locale !== locale) {
    const [{ messages }] = await Promise.all([
      catalogs[locale](),
      ...[...loadedFeatures].map((feature) => loadFeature(feature, locale)),
    ]);
    i18n.load(locale, messages);
    i18n.activate(locale);
  }
  const language = locale === rtlPseudoLocale ? 'ar' : locale;
  document.documentElement.lang = locale;
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
  setDateLocale(locale === rtlPseudoLocale ? defaultInterfaceLocale : locale);
  writeCookie(locale);
  try {
    localStorage.setItem(storageKey, locale);
  } catch {
    // Private mode or a full storage: the language is still the learner's stored one next time.
  }
}

/**
 * Follows the signed-in learner's stored language (from the user info), unless the page was opened
 * in the pseudo-locale on purpose.
 */
export function followLearnerLocale(locale: string | undefined): void {
  if (!isInterfaceLocale(locale) || i18n.locale === rtlPseudoLocale || i18n.locale === locale)
    return;
  void activateLocale(locale);
}

/**
 * A page's first `Intl.NumberFormat` costs about 30 ms of a desktop's CPU (ICU's number data, read
 * once per page), any later one a tenth of a millisecond. Made while the start-up waits for its
 * files, so that the first render of a page with a number in words (the combo badge's plural on
 * every /app page) does not pay it after the page shows (decision 0031, fifth pass).
 */
export function warmNumberFormatting(): void {
  new Intl.NumberFormat(i18n.locale || undefined).format(0);
}

export { i18n };
