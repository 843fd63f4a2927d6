import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
import { interfaceLocales, pageHead, publicPages, renderPublicPage } from './render';

/** A sentence of each public page in each interface language, as the prerender writes it. */
const headings = {
  '/': {
    en: 'Learn the words of a language, one card at a time',
    es: 'Aprende las palabras de un idioma, tarjeta a tarjeta',
    fr: 'Apprenez les mots d’une langue, une carte à la fois',
    de: 'Lerne die Wörter einer Sprache, Karte für Karte',
  },
  '/privacy': {
    en: 'Who holds your data',
    es: 'Quién guarda tus datos',
    fr: 'Qui détient vos données',
    de: 'Wer deine Daten hält',
  },
  '/terms-of-use': {
    en: 'The service and who runs it',
    es: 'El servicio y quién lo gestiona',
    fr: 'Le service et qui le gère',
    de: 'Der Dienst und wer ihn betreibt',
  },
} as const;

describe('the prerendered public pages (decision 0037)', () => {
  afterEach(() => {
    i18n.activate('en');
  });

  it('renders each page in each interface language, its head and its footer too', () => {
    const descriptions = new Set<string>();
    for (const page of publicPages) {
      for (const locale of interfaceLocales) {
        const html = renderPublicPage(page, locale);
        const label = `${page.path} ${locale}`;
        expect(html, label).toContain(headings[page.path as keyof typeof headings][locale]);
        // The footer's language links, the page's own marked.
        expect(html, label).toContain(`<a href="?lang=${locale}" hrefLang="${locale}"`);
        expect(html.match(/aria-current="true"/g), label).toHaveLength(1);
        expect(html, label).toMatch(
          new RegExp(`hrefLang="${locale}" lang="${locale}" aria-current`),
        );

        const head = pageHead(page, locale);
        expect(head.title, label).toMatch(/^Glossa — \S/);
        expect(head.description.length, label).toBeGreaterThanOrEqual(50);
        descriptions.add(head.description);
        expect(
          Object.values(head.scriptTexts).every((text) => text.length > 0),
          label,
        ).toBe(true);
      }
    }
    // Every page has its own description in every language.
    expect(descriptions.size).toBe(publicPages.length * interfaceLocales.length);
    const [home] = publicPages;
    if (!home) throw new Error('No public page');
    expect(pageHead(home, 'de')).toMatchObject({
      title: 'Glossa — Startseite',
      scriptTexts: { 'open-app': 'App öffnen' },
    });
  });
});
