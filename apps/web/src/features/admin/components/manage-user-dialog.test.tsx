import { api, type AdminUser } from '@glossa/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '../../../lib/session';
import { fakeApi, ok } from '../../../test/fake-api';
import { fakeToken, renderPage } from '../../../test/render';
import { ManageUserDialog } from './manage-user-dialog';

const learner: AdminUser = {
  id: 'user-2',
  username: 'bruno',
  email: 'bruno@example.org',
  emailVerified: true,
  role: 'user',
  plan: 'premium',
  isFreeloaded: false,
  disabled: false,
  createdAt: '2026-03-09T10:00:00.000Z',
  lastActiveAt: null,
  cardCount: 12,
};

beforeEach(() => {
  saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('managing a user', () => {
  it('offers no role change, disabling or deletion of one’s own account', () => {
    fakeApi();
    renderPage(
      '/app/admin',
      '/app/admin',
      <ManageUserDialog user={learner} isSelf onClose={() => {}} />,
    );
    expect(screen.getByRole('button', { name: 'Grant free premium' })).toBeTruthy();
    for (const name of ['Make admin', 'Disable account', 'Delete account']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.getByText(/cannot change your own role/)).toBeTruthy();
  });

  it('says what disabling does before doing it, then disables', async () => {
    const api$ = fakeApi().on(api.admin.setDisabled, () => ok({ ...learner, disabled: true }));
    renderPage(
      '/app/admin',
      '/app/admin',
      <ManageUserDialog user={learner} isSelf={false} onClose={() => {}} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Disable account' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm.textContent).toContain('signed out everywhere at once');
    expect(api$.callsTo(api.admin.setDisabled)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Disable account' }));
    await vi.waitFor(() => expect(api$.callsTo(api.admin.setDisabled)).toHaveLength(1));
    expect(api$.callsTo(api.admin.setDisabled)[0]).toMatchObject({
      params: { id: 'user-2' },
      body: { disabled: true },
    });
  });

  it('deletes only once the username is typed exactly', async () => {
    const api$ = fakeApi().on(api.admin.deleteUser, () => ok(null));
    renderPage(
      '/app/admin',
      '/app/admin',
      <ManageUserDialog user={learner} isSelf={false} onClose={() => {}} />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete account' }));
    const submit = await screen.findByRole('button', { name: 'Delete for good' });
    expect(submit.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Type bruno to confirm'), 'Bruno');
    expect(submit.hasAttribute('disabled')).toBe(true);
    await user.clear(screen.getByLabelText('Type bruno to confirm'));
    await user.type(screen.getByLabelText('Type bruno to confirm'), 'bruno');
    await user.click(submit);
    await vi.waitFor(() => expect(api$.callsTo(api.admin.deleteUser)).toHaveLength(1));
    expect(api$.callsTo(api.admin.deleteUser)[0]?.body).toEqual({ username: 'bruno' });
  });
});
