import { api } from '@glossa/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getAppState } from '../../../lib/app-state';
import { failure, ok } from '../../../test/fake-api';
import { categoryTree } from '../../../test/render';
import {
  calls,
  category,
  languages,
  nouns,
  organizePageHarness,
  renderOrganize,
  organizeServer,
  travel,
  verbs,
} from './organize-test-support';

organizePageHarness();

describe('category tree', () => {
  it('says how many categories past its bound the tree leaves out', async () => {
    organizeServer().on(api.categories.tree, () => ok(categoryTree([languages], 1234)));
    renderOrganize();

    const tree = await screen.findByRole('tree', { name: 'Categories' });
    expect(within(tree).getAllByRole('treeitem')).toHaveLength(1);
    expect(
      screen.getByText(
        '1,234 more categories are not listed here. Open the category above them to see them.',
      ),
    ).toBeTruthy();
  });

  it('renders the tree, marks shared and member categories, and moves with the keyboard', async () => {
    organizeServer();
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

  it('creates a category inside the selected one, and says so', async () => {
    const { fetch } = organizeServer().on(api.categories.create, () =>
      ok(category({ id: 'c-new', name: 'Idioms', parentId: 'c-lang', depth: 2 }), 201),
    );
    renderOrganize('/app/organize/c-lang');
    await screen.findByRole('tree');
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'New category' }));
    const dialog = await screen.findByRole('dialog', { name: 'New category' });
    expect(within(dialog).getByRole('combobox', { name: 'Inside' })).toHaveProperty(
      'value',
      'c-lang',
    );
    expect(within(dialog).getByText(/It goes inside/).textContent).toBe(
      'It goes inside Languages.',
    );
    await user.type(within(dialog).getByLabelText('Name'), 'Idioms');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(calls(fetch, 'POST')).toHaveLength(1));
    expect(calls(fetch, 'POST')[0]?.body).toEqual({ name: 'Idioms', parentId: 'c-lang' });
    await waitFor(() =>
      expect(getAppState().successToast?.body).toBe('Category “Idioms” created in “Languages”.'),
    );
    // The selection stays: a second new category goes in the same place, not inside the first.
    expect(screen.getByTestId('location').textContent).toBe('/app/organize/c-lang');
    expect(screen.getByText('Selected:').textContent).toBe('Selected: Languages');
  });

  it('explains a free plan limit (402) in the dialog, whose link to the plan closes it', async () => {
    const message = 'The free plan allows 10 categories: upgrade to premium for more';
    organizeServer().on(api.categories.create, () =>
      failure(402, 'plan_limit', message, [{ path: 'categories', message }]),
    );
    renderOrganize('/app/organize');
    await screen.findByRole('tree');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New category' }));
    const dialog = await screen.findByRole('dialog', { name: 'New category' });
    await user.type(within(dialog).getByLabelText('Name'), 'Idioms');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain(`Free plan limit reached. ${message}.`);
    await user.click(within(alert).getByRole('link', { name: 'See your plan and upgrade' }));
    expect(screen.getByTestId('location').textContent).toBe('/app/settings/subscription');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('creates at the top level when nothing is selected, or inside the parent chosen', async () => {
    const { fetch } = organizeServer().on(api.categories.create, ({ body }) =>
      ok(category({ id: `c-${body.name}`, name: body.name, parentId: body.parentId ?? null }), 201),
    );
    renderOrganize();
    await screen.findByRole('tree');
    expect(
      screen.getByText('No category selected: open one to rename, move or delete it.'),
    ).toBeTruthy();
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'New category' }));
    let dialog = await screen.findByRole('dialog', { name: 'New category' });
    const inside = within(dialog).getByRole('combobox', { name: 'Inside' });
    expect(inside).toHaveProperty('value', '');
    expect(within(dialog).getByText(/It goes at the top level/)).toBeTruthy();
    // Every own category is offered, the shared one is not.
    expect(
      within(inside)
        .getAllByRole('option')
        .map((option) => option.textContent?.trim()),
    ).toEqual(['None (top level)', 'Languages', 'Nouns', 'Verbs']);
    await user.type(within(dialog).getByLabelText('Name'), 'Food');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls(fetch, 'POST')).toHaveLength(1));
    expect(calls(fetch, 'POST')[0]?.body).toEqual({ name: 'Food', parentId: null });

    await user.click(screen.getByRole('button', { name: 'New category' }));
    dialog = await screen.findByRole('dialog', { name: 'New category' });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Inside' }), 'c-verbs');
    expect(within(dialog).getByText(/It goes inside/).textContent).toBe('It goes inside Verbs.');
    await user.type(within(dialog).getByLabelText('Name'), 'Irregular');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(calls(fetch, 'POST')).toHaveLength(2));
    expect(calls(fetch, 'POST')[1]?.body).toEqual({ name: 'Irregular', parentId: 'c-verbs' });
  });

  it('selects the category open beside the tree: the toolbar acts on it, arrows only move', async () => {
    organizeServer();
    renderOrganize('/app/organize/c-lang');
    const tree = await screen.findByRole('tree');
    await screen.findByRole('heading', { name: 'Languages', level: 2 });
    expect(screen.getByText('Selected:').textContent).toBe('Selected: Languages');
    const user = userEvent.setup();
    within(tree).getAllByRole('treeitem')[0]?.focus();
    await user.keyboard('{End}');
    expect(document.activeElement?.getAttribute('aria-label')).toContain('Travel');
    // Focus moved, the open category did not: both still say Languages.
    expect(screen.getByText('Selected:').textContent).toBe('Selected: Languages');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('dialog', { name: 'Delete “Languages”' })).toBeTruthy();
  });

  it('shows the server error at the name when creating', async () => {
    organizeServer().on(api.categories.create, () =>
      failure(409, 'conflict', 'Name taken', [
        { path: 'name', message: 'A sibling has this name' },
      ]),
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
    const { fetch } = organizeServer().on(api.categories.update, () =>
      ok({ ...languages, name: 'Words' }),
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
      body: { name: 'Words', expectedVersion: 1 },
    });
    await waitFor(() => expect(getAppState().successToast?.body).toBe('Renamed to “Words”.'));
  });

  it('a rename of a category renamed in another tab: says so, shows the current tree, keeps the typed name', async () => {
    let current = languages;
    const renamedElsewhere = { ...languages, name: 'Idiomas', version: 2 };
    const stale = 'This category was changed elsewhere since you opened it';
    const { fetch } = organizeServer()
      .on(api.categories.tree, () => ok(categoryTree([current, verbs, nouns, travel])))
      .on(api.categories.update, ({ body }) => {
        if (body.expectedVersion !== current.version) {
          return failure(409, 'conflict', stale, [{ path: 'expectedVersion', message: stale }]);
        }
        current = { ...current, name: body.name ?? current.name, version: current.version + 1 };
        return ok(current);
      });
    renderOrganize();
    const tree = await screen.findByRole('tree');
    const user = userEvent.setup();
    within(tree).getAllByRole('treeitem')[0]?.focus();
    await user.keyboard('{F2}');
    const input = within(tree).getByRole('textbox', { name: 'New name for “Languages”' });
    await user.clear(input);
    current = renamedElsewhere;
    await user.type(input, 'Words{Enter}');

    await waitFor(() => expect(getAppState().failureToast?.body).toMatch(/^Changed elsewhere: /));
    expect(getAppState().failureToast?.body).toContain(
      'Your name “Words” is still in the field: press Enter to apply it',
    );
    // The tree loaded again, and the field kept what was typed.
    const field = await within(tree).findByRole('textbox', { name: 'New name for “Idiomas”' });
    expect(field).toHaveProperty('value', 'Words');
    await waitFor(() => expect(field).toHaveProperty('disabled', false));
    field.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(getAppState().successToast?.body).toBe('Renamed to “Words”.'));
    expect(calls(fetch, 'PATCH').map((call) => call.body)).toEqual([
      { name: 'Words', expectedVersion: 1 },
      { name: 'Words', expectedVersion: 2 },
    ]);
    expect(current).toMatchObject({ name: 'Words', version: 3 });
  });

  it('moves with the "Move to…" dialog and shows the server refusal', async () => {
    const { fetch } = organizeServer().on(api.categories.update, () =>
      failure(409, 'conflict', 'A category cannot move inside itself', [
        { path: 'parentId', message: 'A category cannot move inside itself' },
      ]),
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
    expect(calls(fetch, 'PATCH')[0]?.body).toEqual({ parentId: 'c-nouns', expectedVersion: 1 });
  });

  it('moves by drag and drop, to another category or to the top level', async () => {
    const { fetch } = organizeServer().on(api.categories.update, () => ok(verbs));
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
      body: { parentId: 'c-nouns', expectedVersion: 1 },
    });

    fireEvent.dragStart(verbsItem, { dataTransfer });
    const rootZone = screen.getByText('Drop here to move to the top level');
    fireEvent.dragOver(rootZone, { dataTransfer });
    fireEvent.drop(rootZone, { dataTransfer });
    await waitFor(() => expect(calls(fetch, 'PATCH')).toHaveLength(2));
    expect(calls(fetch, 'PATCH')[1]?.body).toEqual({ parentId: null, expectedVersion: 1 });
  });

  it('deletes with the chosen mode for the cards', async () => {
    const { fetch } = organizeServer().on(api.categories.delete, () => ok({ cards: 3 }));
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
