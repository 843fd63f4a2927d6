import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { saveSession } from '../lib/session';
import { fakeToken } from '../test/render';
import { WebsiteBlock } from './website-block';

function renderFooter() {
  render(
    <MemoryRouter>
      <WebsiteBlock />
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
});
