import type { CategoryMemberView, CategoryTreeItem } from '@glossa/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAppState, resetAppStateForTests } from '../../../lib/app-state';
import {
  categoryFixture,
  failure,
  ok,
  renderPage,
  stubFetch,
  stubResizeObserver,
  type FakeResponse,
} from '../../../test/render';
import { OrganizePage } from './organize-page';

const time = '2026-01-01T00:00:00.000Z';

const category = categoryFixture;

const languages = category({ id: 'c-lang', name: 'Languages', cardCount: 3 });
const verbs = category({ id: 'c-verbs', name: 'Verbs', parentId: 'c-lang', depth: 2 });
const nouns = category({
  id: 'c-nouns',
  name: 'Nouns',
  parentId: 'c-lang',
  depth: 2,
  visibility: 'shared',
});
const travel = category({
  id: 'c-travel',
  name: 'Travel',
  owner: { id: 'user-2', username: 'bob' },
  visibility: 'shared',
  role: 'viewer',
});
const items = [languages, verbs, nouns, travel];

const ownerPermissions = {
  study: true,
  editCards: true,
  manage: true,
  viewMembers: true,
  leave: false,
};

function memberView(item: CategoryTreeItem, permissions = ownerPermissions): CategoryMemberView {
  return { category: item, permissions, ancestors: [], subcategories: [] };
}

type Call = { method: string; url: string; body: unknown };

function stubApi(extra: (call: Call) => FakeResponse | undefined = () => undefined) {
  return stubFetch((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.url === '/api/categories') return ok({ items });
    if (call.method === 'GET' && call.url.startsWith('/api/cards?'))
      return ok({ items: [], nextCursor: null });
    const members = /^\/api\/categories\/([^/]+)\/members$/.exec(call.url);
    if (call.method === 'GET' && members) return ok({ items: [] });
    const one = /^\/api\/categories\/([^/?]+)$/.exec(call.url);
    if (call.method === 'GET' && one) {
      const found = items.find((item) => item.id === one[1]);
      return found ? ok(memberView(found)) : failure(404, 'not_found', 'Category not found');
    }
    return failure(500, 'internal_error', `Unexpected ${call.method} ${call.url}`);
  });
}

function calls(fetch: ReturnType<typeof stubFetch>, method: string) {
  return fetch.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([url, init]) => ({
      url: String(url),
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    }));
}

function renderOrganize(url = '/app/organize') {
  return renderPage('/app/organize/:id?', url, <OrganizePage />);
}

beforeEach(() => {
  stubResizeObserver();
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAppStateForTests();
});

describe('category tree', () => {
  it('renders the tree, marks shared and member categories, and moves with the keyboard', async () => {
    stubApi();
    renderOrganize();

    const tree = await screen.findByRole('tree', { name: 'Categories' });
    const top = within(tree).getAllByRole('treeitem');
    expect(top.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Languages, 3 cards',
      'Travel, Shared, Viewer · from bob, 0 cards',
    ]);
    const languagesItem = top[0];
    expect(languagesItem?.getAttribute('aria-expanded')).toBe('false');
    expect(within(tree).getByText('Viewer · from bob')).toBeTruthy();

    const user = userEvent.setup();
    languagesItem?.focus();
    await user.keyboard('{ArrowRight}');
    expect(languagesItem?.getAttribute('aria-expanded')).toBe('true');
    // Children sort by name: Nouns, Verbs.
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Nouns, Shared, 0 cards');
    await user.keyboard('{End}');
    expect(document.activeElement?.getAttribute('aria-label')).toContain('Travel');
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(languagesItem);
    await user.keyboard('{ArrowLeft}');
    expect(languagesItem?.getAttribute('aria-expanded')).toBe('false');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('location').textContent).toBe('/app/organize/c-travel');
    expect(await screen.findByRole('heading', { name: 'Travel', level: 2 })).toBeTruthy();
  });

  it('creates a category inside the selected one', async () => {
    const fetch = stubApi((call) =>
      call.method === 'POST' && call.url === '/api/categories'
        ? ok(category({ id: 'c-new', name: 'Idioms', parentId: 'c-lang', depth: 2 }), 201)
        : undefined,
    );
    renderOrganize('/app/organize/c-lang');
    await screen.findByRole('tree');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'New category' }));
    const dialog = await screen.findByRole('dialog', { name: 'New category' });
    expect(within(dialog).getByRole('radio', { name: 'Inside “Languages”' })).toHaveProperty(
      'checked',
      true,
    );
    await user.type(within(dialog).getByLabelText('Name'), 'Idioms');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(calls(fetch, 'POST')).toHaveLength(1));
    expect(calls(fetch, 'POST')[0]?.body).toEqual({ name: 'Idioms', parentId: 'c-lang' });
    await waitFor(() =>
      expect(getAppState().successToast?.body).toBe('Category “Idioms” created.'),
    );
  });

  it('shows the server error at the name when creating', async () => {
    stubApi((call) =>
      call.method === 'POST'
        ? failure(409, 'conflict', 'Name taken', [
            { path: 'name', message: 'A sibling has this name' },
          ])
        : undefined,
    );
    renderOrganize();
    await screen.findByRole('tree');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New category' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'Languages');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('A sibling has this name')).toBeTruthy();
  });

  it('renames inline with F2', async () => {
    const fetch = stubApi((call) =>
      call.method === 'PATCH' ? ok({ ...languages, name: 'Words' }) : undefined,
    );
    renderOrganize();
    const tree = await screen.findByRole('tree');
    const user = userEvent.setup();
    within(tree).getAllByRole('treeitem')[0]?.focus();
    await user.keyboard('{F2}');
    const input = within(tree).getByRole('textbox', { name: 'New name for “Languages”' });
    await user.clear(input);
    await user.type(input, 'Words{Enter}');

    await waitFor(() => expect(calls(fetch, 'PATCH')).toHaveLength(1));
    expect(calls(fetch, 'PATCH')[0]).toEqual({
      url: '/api/categories/c-lang',
      body: { name: 'Words' },
    });
    await waitFor(() => expect(getAppState().successToast?.body).toBe('Renamed to “Words”.'));
  });

  it('moves with the "Move to…" dialog and shows the server refusal', async () => {
    const fetch = stubApi((call) =>
      call.method === 'PATCH'
        ? failure(409, 'conflict', 'A category cannot move inside itself', [
            { path: 'parentId', message: 'A category cannot move inside itself' },
          ])
        : undefined,
    );
    renderOrganize('/app/organize/c-verbs');
    await screen.findByRole('tree');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Move to…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move “Verbs”' });
    await user.selectOptions(within(dialog).getByLabelText('New parent'), 'c-nouns');
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByRole('alert')).toHaveProperty(
      'textContent',
      'A category cannot move inside itself',
    );
    expect(calls(fetch, 'PATCH')[0]?.body).toEqual({ parentId: 'c-nouns' });
  });

  it('moves by drag and drop, to another category or to the top level', async () => {
    const fetch = stubApi((call) => (call.method === 'PATCH' ? ok(verbs) : undefined));
    renderOrganize('/app/organize/c-verbs');
    const tree = await screen.findByRole('tree');
    const item = (name: string) =>
      within(tree)
        .getAllByRole('treeitem')
        .find((element) => element.getAttribute('aria-label')?.startsWith(name));
    const data = new Map<string, string>();
    const dataTransfer = {
      setData: (type: string, value: string) => data.set(type, value),
      getData: (type: string) => data.get(type) ?? '',
      effectAllowed: 'all',
      dropEffect: 'none',
    };
    const verbsItem = item('Verbs');
    const nounsItem = item('Nouns');
    if (!verbsItem || !nounsItem) throw new Error('The tree lacks Verbs or Nouns');

    fireEvent.dragStart(verbsItem, { dataTransfer });
    fireEvent.dragOver(nounsItem, { dataTransfer });
    fireEvent.drop(nounsItem, { dataTransfer });
    await waitFor(() => expect(calls(fetch, 'PATCH')).toHaveLength(1));
    expect(calls(fetch, 'PATCH')[0]).toEqual({
      url: '/api/categories/c-verbs',
      body: { parentId: 'c-nouns' },
    });

    fireEvent.dragStart(verbsItem, { dataTransfer });
    const rootZone = screen.getByText('Drop here to move to the top level');
    fireEvent.dragOver(rootZone, { dataTransfer });
    fireEvent.drop(rootZone, { dataTransfer });
    await waitFor(() => expect(calls(fetch, 'PATCH')).toHaveLength(2));
    expect(calls(fetch, 'PATCH')[1]?.body).toEqual({ parentId: null });
  });

  it('deletes with the chosen mode for the cards', async () => {
    const fetch = stubApi((call) => (call.method === 'DELETE' ? ok({ cards: 3 }) : undefined));
    renderOrganize('/app/organize/c-lang');
    await screen.findByRole('heading', { name: 'Languages', level: 2 });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete “Languages”' });
    expect(
      within(dialog).getByRole('radio', { name: 'Move its cards out of any category' }),
    ).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('radio', { name: 'Delete its cards' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete category' }));

    await waitFor(() => expect(calls(fetch, 'DELETE')).toHaveLength(1));
    expect(calls(fetch, 'DELETE')[0]?.url).toBe('/api/categories/c-lang?cards=delete');
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/organize'));
    expect(getAppState().successToast?.body).toBe('“Languages” deleted; 3 cards deleted.');
  });
});

describe('one category', () => {
  it('adds a member by username', async () => {
    const fetch = stubApi((call) =>
      call.method === 'POST' && call.url === '/api/categories/c-nouns/members'
        ? ok({ userId: 'user-3', username: 'cleo', role: 'editor', addedAt: time }, 201)
        : undefined,
    );
    renderOrganize('/app/organize/c-nouns');
    const form = await screen.findByRole('form', { name: 'Add a member' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Username'), 'cleo');
    await user.selectOptions(within(form).getByLabelText('Role'), 'editor');
    await user.click(within(form).getByRole('button', { name: 'Add member' }));

    await waitFor(() =>
      expect(calls(fetch, 'POST')).toEqual([
        { url: '/api/categories/c-nouns/members', body: { username: 'cleo', role: 'editor' } },
      ]),
    );
    await waitFor(() => expect(getAppState().successToast?.body).toBe('cleo was added as editor.'));
  });

  it('shows an unknown username at the field', async () => {
    stubApi((call) =>
      call.method === 'POST'
        ? failure(404, 'not_found', 'No such user', [
            { path: 'username', message: 'No learner has this username' },
          ])
        : undefined,
    );
    renderOrganize('/app/organize/c-nouns');
    const form = await screen.findByRole('form', { name: 'Add a member' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Username'), 'nobody');
    await user.click(within(form).getByRole('button', { name: 'Add member' }));
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
    const fetch = stubApi((call) => {
      if (call.method === 'GET' && call.url === '/api/categories/c-travel')
        return ok(memberView(travel, viewerPermissions));
      if (call.method === 'GET' && call.url === '/api/categories/c-travel/members')
        return ok({
          items: [{ userId: 'user-1', username: 'ada', role: 'viewer', addedAt: time }],
        });
      if (call.method === 'POST' && call.url === '/api/categories/c-travel/leave') return ok(null);
      return undefined;
    });
    renderOrganize('/app/organize/c-travel');
    await screen.findByRole('heading', { name: 'Travel', level: 2 });

    expect(screen.queryByRole('form', { name: 'Category settings' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Add a member' })).toBeNull();
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
    const fetch = stubApi((call) => {
      if (call.method === 'GET' && call.url === '/api/categories/c-lang')
        return ok({ ...memberView(languages), subcategories: [nouns, verbs] });
      if (call.method === 'PATCH') return ok({ ...languages, visibility: 'shared' });
      return undefined;
    });
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
      body: { visibility: 'shared', includeSubcategories: true },
    });
  });

  it('offers no subtree choice without sub-categories, and no member form while private', async () => {
    stubApi();
    renderOrganize('/app/organize/c-verbs');
    const form = await screen.findByRole('form', { name: 'Category settings' });
    expect(within(form).queryByRole('checkbox')).toBeNull();
    expect(await screen.findByText('Make it shared or public to add members.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add a member' })).toBeNull();
  });

  it('saves the owner settings and puts a server error at its field', async () => {
    const fetch = stubApi((call) =>
      call.method === 'PATCH'
        ? failure(409, 'conflict', 'Name taken', [
            { path: 'name', message: 'A sibling has this name' },
          ])
        : undefined,
    );
    renderOrganize('/app/organize/c-verbs');
    const form = await screen.findByRole('form', { name: 'Category settings' });
    const user = userEvent.setup();
    await user.click(within(form).getByRole('radio', { name: /Shared/ }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(fetch, 'PATCH')).toHaveLength(1));
    expect(calls(fetch, 'PATCH')[0]).toEqual({
      url: '/api/categories/c-verbs',
      body: { visibility: 'shared' },
    });
    expect(await within(form).findByText('A sibling has this name')).toBeTruthy();
  });
});
