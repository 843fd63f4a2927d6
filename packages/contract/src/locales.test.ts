import { describe, expect, it } from 'vitest';
import { localeCookieString, localeFromCookies } from './locales';

describe('the language cookie (decision 0037)', () => {
  it('reads the interface language among other cookies, and nothing else', () => {
    expect(localeFromCookies('theme=dark; glossa.locale=de; other=1')).toBe('de');
    expect(localeFromCookies('glossa.locale=fr')).toBe('fr');
    expect(localeFromCookies('glossa.locale=ar-XB')).toBeNull();
    expect(localeFromCookies('xglossa.locale=de')).toBeNull();
    expect(localeFromCookies('')).toBeNull();
    expect(localeFromCookies(undefined)).toBeNull();
  });

  it('is written for a year, site-wide, same-site, secure behind TLS', () => {
    expect(localeCookieString('es', false)).toBe(
      'glossa.locale=es; Path=/; Max-Age=31536000; SameSite=Lax',
    );
    expect(localeCookieString('es', true)).toBe(
      'glossa.locale=es; Path=/; Max-Age=31536000; SameSite=Lax; Secure',
    );
    expect(localeFromCookies(localeCookieString('de', true))).toBe('de');
  });
});
