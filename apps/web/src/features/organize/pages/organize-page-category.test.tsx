import { api } from '@glossa/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getAppState } from '../../../lib/app-state';
import { failure, ok } from '../../../test/fake-api';
import {
  calls,
  languages,
  memberView,
  nouns,
  organizePageHarness,
  renderOrganize,
  organizeServer,
  time,
  travel,
  verbs,
  viewOf,
} from './organize-test-support';

organizePageHarness();

describe('one category', () => {
  it('invites a member by username', async () => {
    const { fetch } = organizeServer().on(api.categories.invite, () =>
      ok(
        {
          id: 'inv-1',
          category: { id: 'c-nouns', name: 'Nouns' },
          owner: { id: 'user-1', username: 'ada' },
          invitee: { id: 'user-3', username: 'cleo' },
          role: 'editor' as const,
          status: 'pending' as const,
          cardCount: 0,
          createdAt: time,
        },
        201,
      ),
    );
    renderOrganize('/app/organize/c-nouns');
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Username'), 'cleo');
    await user.selectOptions(within(form).getByLabelText('Role'), 'editor');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));

    await waitFor(() =>
      expect(calls(fetch, 'POST')).toEqual([
        { url: '/api/categories/c-nouns/members', body: { username: 'cleo', role: 'editor' } },
      ]),
    );
    await waitFor(() =>
      expect(getAppState().successToast?.body).toBe(
        'cleo was invited as an editor: they join when they accept.',
      ),
    );
  });

  it('shows the owner the invitations waiting, and cancels one', async () => {
    const waiting = {
      id: 'inv-9',
      category: { id: 'c-nouns', name: 'Nouns' },
      owner: { id: 'user-1', username: 'ada' },
      invitee: { id: 'user-4', username: 'dora' },
      role: 'viewer' as const,
      status: 'pending' as const,
      cardCount: 0,
      createdAt: time,
    };
    let items = [waiting];
    const { fetch } = organizeServer()
      .on(api.categories.invitations, () => ok({ items }))
      .on(api.categories.cancelInvitation, () => {
        items = [];
        return ok({ ...waiting, status: 'cancelled' as const });
      });
    renderOrganize('/app/organize/c-nouns');
    const list = await screen.findByRole('list', { name: 'Waiting for an answer' });
    expect(within(list).getByText('dora')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(list).getByRole('button', { name: 'Cancel the invitation of dora' }));
    await waitFor(() =>
      expect(calls(fetch, 'DELETE')).toEqual([
        { url: '/api/categories/c-nouns/invitations/inv-9', body: undefined },
      ]),
    );
    await waitFor(() =>
      expect(getAppState().successToast?.body).toBe('The invitation of dora was cancelled.'),
    );
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Waiting for an answer' })).toBeNull(),
    );
  });

  it('shows an unknown username at the field', async () => {
    organizeServer().on(api.categories.invite, () =>
      failure(404, 'not_found', 'No such user', [
        { path: 'username', message: 'No learner has this username' },
      ]),
    );
    renderOrganize('/app/organize/c-nouns');
    const form = await screen.findByRole('form', { name: 'Invite a member' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Username'), 'nobody');
    await user.click(within(form).getByRole('button', { name: 'Invite' }));
    expect(await within(form).findByText('No learner has this username')).toBeTruthy();
  });

  it('shows a viewer no owner controls, and lets them leave', async () => {
    const viewerPermissions = {
      study: true,
      editCards: false,
      manage: false,
      viewMembers: true,
      leave: true,
    };
    const { fetch } = organizeServer()
      .on(api.categories.view, ({ params }) =>
        params.id === 'c-travel' ? ok(memberView(travel, viewerPermissions)) : viewOf(params.id),
      )
      .on(api.categories.members, ({ params }) =>
        ok({
          items:
            params.id === 'c-travel'
              ? [{ userId: 'user-1', username: 'ada', role: 'viewer' as const, addedAt: time }]
              : [],
        }),
      )
      .on(api.categories.leave, () => ok(null));
    renderOrganize('/app/organize/c-travel');
    await screen.findByRole('heading', { name: 'Travel', level: 2 });

    expect(screen.queryByRole('form', { name: 'Category settings' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Invite a member' })).toBeNull();
    expect(await screen.findByText('Viewer (studies)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /Role of/ })).toBeNull();
    for (const name of ['Rename', 'Move to…', 'Delete']) {
      expect(screen.getByRole('button', { name })).toHaveProperty('disabled', true);
    }

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Leave this category' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/organize'));
    expect(calls(fetch, 'POST').map((call) => call.url)).toEqual([
      '/api/categories/c-travel/leave',
    ]);
  });

  it('gives the visibility to the sub-categories too when asked', async () => {
    const { fetch } = organizeServer()
      .on(api.categories.view, ({ params }) =>
        params.id === 'c-lang'
          ? ok({ ...memberView(languages), subcategories: [nouns, verbs] })
          : viewOf(params.id),
      )
      .on(api.categories.update, () => ok({ ...languages, visibility: 'shared' as const }));
    renderOrganize('/app/organize/c-lang');
    const form = await screen.findByRole('form', { name: 'Category settings' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('radio', { name: /Shared/ }));
    await user.click(
      within(form).getByRole('checkbox', { name: /The same for its sub-categories/ }),
    );
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(fetch, 'PATCH')).toHaveLength(1));
    expect(calls(fetch, 'PATCH')[0]).toEqual({
      url: '/api/categories/c-lang',
      body: { visibility: 'shared', includeSubcategories: true, expectedVersion: 1 },
    });
  });

  it('offers no subtree choice without sub-categories, and no member form while private', async () => {
    organizeServer();
    renderOrganize('/app/organize/c-verbs');
    const form = await screen.findByRole('form', { name: 'Category settings' });
    // The one checkbox is the study direction's (decision 0027), not a subtree choice.
    expect(
      within(form)
        .getAllByRole('checkbox')
        .map((box) => box.getAttribute('name')),
    ).toEqual(['reverseDefault']);
    expect(await screen.findByText('Make it shared or public to invite members.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Invite a member' })).toBeNull();
  });

  it('saves the owner settings and puts a server error at its field', async () => {
    const { fetch } = organizeServer().on(api.categories.update, () =>
      failure(409, 'conflict', 'Name taken', [
        { path: 'name', message: 'A sibling has this name' },
      ]),
    );
    renderOrganize('/app/organize/c-verbs');
    const form = await screen.findByRole('form', { name: 'Category settings' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('radio', { name: /Shared/ }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(fetch, 'PATCH')).toHaveLength(1));
    expect(calls(fetch, 'PATCH')[0]).toEqual({
      url: '/api/categories/c-verbs',
      body: { visibility: 'shared', expectedVersion: 1 },
    });
    expect(await within(form).findByText('A sibling has this name')).toBeTruthy();
  });

  it('settings changed in another tab: says so, keeps what was chosen, reloads and re-applies it', async () => {
    let current = verbs;
    const stale = 'This category was changed elsewhere since you opened it';
    const { fetch } = organizeServer()
      .on(api.categories.view, ({ params }) =>
        params.id === 'c-verbs' ? ok(memberView(current)) : viewOf(params.id),
      )
      .on(api.categories.update, ({ body }) => {
        const { expectedVersion, includeSubcategories: _all, ...changes } = body;
        if (expectedVersion !== current.version) {
          return failure(409, 'conflict', stale, [{ path: 'expectedVersion', message: stale }]);
        }
        current = { ...current, ...changes, version: current.version + 1 };
        return ok(current);
      });
    renderOrganize('/app/organize/c-verbs');
    const form = await screen.findByRole('form', { name: 'Category settings' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Description'), 'Irregular ones');
    // Another tab renames it meanwhile.
    current = { ...current, name: 'Verbos', version: 2 };
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    const alert = await within(form).findByRole('alert', { name: 'Changed elsewhere' });
    expect(within(alert).getByRole('definition').textContent).toBe('Irregular ones');
    expect(within(form).getByLabelText('Description')).toHaveProperty('value', 'Irregular ones');
    expect(current).toMatchObject({ name: 'Verbos', description: '' });
    await user.click(within(alert).getByRole('button', { name: 'Load the current version' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Name')).toHaveProperty('value', 'Verbos'),
    );
    expect(within(form).getByLabelText('Description')).toHaveProperty('value', '');
    await user.click(within(form).getByRole('button', { name: 'Apply my changes again' }));
    expect(within(form).getByLabelText('Description')).toHaveProperty('value', 'Irregular ones');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(current).toMatchObject({ name: 'Verbos', description: 'Irregular ones', version: 3 }),
    );
    expect(calls(fetch, 'PATCH').map((call) => call.body)).toEqual([
      { description: 'Irregular ones', expectedVersion: 1 },
      { description: 'Irregular ones', expectedVersion: 2 },
    ]);
  });
});
