import { render, screen } from '@testing-library/react';
import { Trans } from '@lingui/react/macro';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, formatRelative } from './dates';
import { activateLocale, initialLocale, loadedFeatureCatalogs, loadFeatureCatalogs } from './i18n';

const moment = Date.UTC(2026, 2, 12, 14, 5);

function Greeting() {
  return (
    <p>
      <Trans>Sign out</Trans> · {formatDate(moment)} ·{' '}
      {formatRelative(moment + 3 * 86_400_000, moment)}
    </p>
  );
}

describe('the interface language', () => {
  afterEach(async () => {
    await activateLocale('en');
  });

  it('switches the rendered text, the document and Intl formatting together', async () => {
    await activateLocale('en');
    const { rerender } = render(<Greeting />);
    expect(screen.getByText(/Sign out/).textContent).toBe(
      `Sign out · ${new Intl.DateTimeFormat('en', { dateStyle: 'medium' }).format(moment)} · in 3 days`,
    );
    expect(document.documentElement.lang).toBe('en');

    await activateLocale('de');
    rerender(<Greeting />);
    expect(screen.getByText(/Abmelden/).textContent).toBe('Abmelden · 12.03.2026 · in 3 Tagen');
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dir).toBe('ltr');

    await activateLocale('fr');
    rerender(<Greeting />);
    expect(screen.getByText(/Se déconnecter/).textContent).toBe(
      'Se déconnecter · 12 mars 2026 · dans 3 jours',
    );
    expect(localStorage.getItem('glossa.locale')).toBe('fr');
  });

  it('loads a feature catalog in the current language, and again on a change', async () => {
    await activateLocale('es');
    await loadFeatureCatalogs('settings');
    render(
      <p>
        <Trans>Language of the interface</Trans>
      </p>,
    );
    screen.getByText('Idioma de la interfaz');
    await activateLocale('de');
    await screen.findByText('Sprache der Oberfläche');
  });

  it('tries a catalog that failed to load again the next time', async () => {
    await activateLocale('en');
    // A catalog that cannot be loaded (here: none by that name, as a chunk that fails to fetch).
    await expect(loadFeatureCatalogs('no-such-part')).rejects.toThrow();
    expect(loadedFeatureCatalogs()).not.toContain('no-such-part');
    await expect(loadFeatureCatalogs('no-such-part')).rejects.toThrow();
  });

  it('turns the document right to left for the pseudo-locale', async () => {
    await activateLocale('ar-XB');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar-XB');
  });

  it('writes the language into the cookie the server picks the public pages by, and starts in it', async () => {
    await activateLocale('de');
    expect(document.cookie).toContain('glossa.locale=de');
    // Not the pseudo-locale: the cookie keeps the last language the server can answer in.
    await activateLocale('ar-XB');
    expect(document.cookie).toContain('glossa.locale=de');
    // Chosen on a public page (the server wrote the cookie): the app starts in it.
    localStorage.setItem('glossa.locale', 'fr');
    document.cookie = 'glossa.locale=es; Path=/';
    expect(initialLocale()).toBe('es');
    document.cookie = 'glossa.locale=ar-XB; Path=/';
    expect(initialLocale()).toBe('fr');
  });
});
