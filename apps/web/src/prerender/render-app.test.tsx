import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { interfaceLocales, prerenderedAppPages, renderAppPage } from './render-app';

/** Each prerendered page's title in each interface language, as its shell carries it. */
const titles = {
  '/login': { en: 'Sign in', es: 'Iniciar sesión', fr: 'Se connecter', de: 'Anmelden' },
  '/signup': {
    en: 'Create an account',
    es: 'Crear una cuenta',
    fr: 'Créer un compte',
    de: 'Konto erstellen',
  },
} as const;

describe('the app pages prerendered in their shells (decision 0031, fourth pass)', () => {
  afterEach(() => {
    i18n.activate('en');
  });

  it('renders the sign-in, sign-up and forgotten-password pages in each language', async () => {
    expect(prerenderedAppPages.map((page) => page.path)).toEqual([
      '/login',
      '/signup',
      '/forget-password',
    ]);
    for (const { path } of prerenderedAppPages) {
      for (const locale of interfaceLocales) {
        const html = await renderAppPage(path, locale);
        const label = `${path} ${locale}`;
        // Inside the public layout, under the skip link, as the app's router shows it.
        expect(html, label).toMatch(/^<a [^>]*href="#main-content"/);
        expect(html, label).toContain('<main id="main-content"');
        expect(html, label).toContain('<form');
        if (path in titles) {
          expect(html, label).toContain(`>${titles[path as keyof typeof titles][locale]}<`);
        }
      }
    }
  });

  it('holds the submit buttons back until the app has started', async () => {
    for (const { path } of prerenderedAppPages) {
      const html = await renderAppPage(path, 'en');
      const submits = html.match(/<button type="submit"[^>]*>/g) ?? [];
      expect(submits.length, path).toBeGreaterThan(0);
      for (const submit of submits) expect(submit, path).toContain('disabled=""');
    }
  });

  it('shows the sign-up fields, the languages as hidden values beside their fields', async () => {
    const html = await renderAppPage('/signup', 'de');
    for (const name of ['username', 'email', 'password']) {
      expect(html).toMatch(new RegExp(`<input[^>]*name="${name}"`));
    }
    expect(html).toMatch(/<input type="hidden" name="toLanguageCode"/);
  });

  it('refuses an address it does not prerender', async () => {
    await expect(renderAppPage('/app/dashboard', 'en')).rejects.toThrow(/not a prerendered page/);
  });
});
