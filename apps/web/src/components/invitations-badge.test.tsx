import { api, type Invitation } from '@glossa/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../lib/session';
import { fakeApi, ok } from '../test/fake-api';
import { fakeToken, renderPage } from '../test/render';
import { InvitationsBadge } from './invitations-badge';

const invitation = (id: string): Invitation => ({
  id,
  category: { id: `c-${id}`, name: `Deck ${id}` },
  owner: { id: 'user-2', username: 'bruno' },
  invitee: { id: 'user-1', username: 'ada' },
  role: 'viewer',
  status: 'pending',
  cardCount: 3,
  createdAt: '2026-03-09T10:00:00.000Z',
});

beforeEach(() => {
  saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('invitations badge', () => {
  it('links to the dashboard’s invitations with how many wait', async () => {
    fakeApi().on(api.invitations.list, () => ok({ items: [invitation('a'), invitation('b')] }));
    renderPage('/app/study', '/app/study', <InvitationsBadge />);
    const link = await screen.findByRole('link', { name: '2 invitations wait for your answer' });
    expect(link.getAttribute('href')).toBe('/app/dashboard#invitations');
    expect(link.textContent).toBe('2');
  });

  it('says one invitation in the singular', async () => {
    fakeApi().on(api.invitations.list, () => ok({ items: [invitation('a')] }));
    renderPage('/app/study', '/app/study', <InvitationsBadge />);
    expect(
      await screen.findByRole('link', { name: '1 invitation waits for your answer' }),
    ).toBeTruthy();
  });

  it('is absent when none waits', async () => {
    const { fetch } = fakeApi().on(api.invitations.list, () => ok({ items: [] }));
    renderPage('/app/study', '/app/study', <InvitationsBadge />);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('link')).toBeNull();
  });
});
