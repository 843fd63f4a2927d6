// No zod here: the web imports this file before its first paint (decision 0031).
/**
 * The languages of the interface (decision 0037): English is the source, the others are
 * translated catalogs. The web app and the server's mails and error messages share this list.
 */
export const interfaceLocales = ['en', 'es', 'fr', 'de'] as const;
export type InterfaceLocale = (typeof interfaceLocales)[number];
export const defaultInterfaceLocale: InterfaceLocale = 'en';

/** Each language's own name, as the picker shows it (a name never translated). */
export const interfaceLocaleNames: Record<InterfaceLocale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
};

/**
 * The cookie that carries the interface language chosen on this device (the web app writes it
 * whenever it switches; the server writes it for a public page asked with `?lang=`), so that the
 * server answers the public pages prerendered in that language (decision 0037). A year.
 */
const localeCookie = { name: 'glossa.locale', maxAgeSeconds: 365 * 24 * 60 * 60 } as const;

/** The interface language a Cookie header (or `document.cookie`) names, if it names one. */
export function localeFromCookies(cookies: string | undefined): InterfaceLocale | null {
  const prefix = `${localeCookie.name}=`;
  const value = cookies
    ?.split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(prefix))
    ?.slice(prefix.length);
  return isInterfaceLocale(value) ? value : null;
}

/** The language cookie, as a Set-Cookie header's value or for `document.cookie`: a year, site-wide. */
export function localeCookieString(locale: InterfaceLocale, secure: boolean): string {
  const attributes = ['Path=/', `Max-Age=${localeCookie.maxAgeSeconds}`, 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return [`${localeCookie.name}=${locale}`, ...attributes].join('; ');
}

export function isInterfaceLocale(value: unknown): value is InterfaceLocale {
  return typeof value === 'string' && (interfaceLocales as readonly string[]).includes(value);
}

/**
 * The first supported language of a list in the order of preference (navigator.languages, or an
 * Accept-Language header's tags by weight): an exact tag or its language part ("fr-CA" → "fr").
 */
export function pickInterfaceLocale(preferred: readonly string[]): InterfaceLocale {
  for (const tag of preferred) {
    const language = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isInterfaceLocale(language)) return language;
  }
  return defaultInterfaceLocale;
}

/** The tags of an Accept-Language header, most preferred first ("de-CH, fr;q=0.8" → de-CH, fr). */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim(), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((entry) => entry.tag);
}
