import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../lib/session';
import { fakeToken } from '../test/render';
import { WebsiteBlock } from './website-block';

function renderFooter(languageLinks = false) {
  render(
    <MemoryRouter>
      <WebsiteBlock languageLinks={languageLinks} />
    </MemoryRouter>,
  );
}

describe('website block', () => {
  it('shows no Wiki link to signed-out visitors (the wiki needs a session)', () => {
    renderFooter();
    expect(screen.getByRole('link', { name: 'Privacy' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Wiki' })).toBeNull();
  });

  it('links to the wiki when signed in', () => {
    saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
    renderFooter();
    expect(screen.getByRole('link', { name: 'Wiki' }).getAttribute('href')).toBe('/app/wiki');
  });

  it("offers the public pages' languages by their own names, as links that work without JavaScript", () => {
    renderFooter(true);
    const languages = screen.getByRole('navigation', { name: 'Language' });
    const links = within(languages).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['English', '?lang=en'],
      ['Español', '?lang=es'],
      ['Français', '?lang=fr'],
      ['Deutsch', '?lang=de'],
    ]);
    expect(links.map((link) => link.getAttribute('lang'))).toEqual(['en', 'es', 'fr', 'de']);
    // The tests render in English.
    expect(links.filter((link) => link.hasAttribute('aria-current'))).toEqual([links[0]]);
  });

  it('offers no languages inside the app (its settings and user menu do)', () => {
    renderFooter();
    expect(screen.queryByRole('navigation', { name: 'Language' })).toBeNull();
  });
});
