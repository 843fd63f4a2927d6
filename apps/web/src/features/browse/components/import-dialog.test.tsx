import { api } from '@glossa/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAppState, resetAppStateForTests } from '../../../lib/app-state';
import { activateLocale, loadFeatureCatalogs } from '../../../lib/i18n';
import { saveSession } from '../../../lib/session';
import { failure, fakeApi, ok } from '../../../test/fake-api';
import { expectPlanLimitLinkClosesDialog } from '../../../test/plan-limit';
import {
  categoryFixture,
  categoryTree,
  fakeToken,
  renderPage,
  stubResizeObserver,
  userFixture,
} from '../../../test/render';
import { ImportDialog } from './import-dialog';
import { detectFormat, guessMapping, parseRecords, rowIssues } from './import-file';

const category = categoryFixture({ id: 'cat-1', name: 'French' });

beforeEach(() => {
  stubResizeObserver();
  saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAppStateForTests();
});

describe('import file helpers', () => {
  it('says why the records stop early in the interface’s language (the parser is the contract’s)', async () => {
    await activateLocale('fr');
    await loadFeatureCatalogs('browse');
    try {
      expect((await parseRecords('front,answers\na,b\n"c\nd', 'csv', 5)).problem).toBe(
        'Ligne 3 : Une cellule entre guillemets n’est jamais fermée',
      );
    } finally {
      await activateLocale('en');
    }
  });

  it('detects the format, parses quoted cells and guesses the mapping', async () => {
    expect(detectFormat('words.tsv', 'a,b')).toBe('tsv');
    expect(detectFormat('words.txt', 'a\tb\tc')).toBe('tsv');
    expect(detectFormat('words', 'a,b')).toBe('csv');
    expect(
      await parseRecords('\ufefffront,answers\r\n"a, b","say ""hi""\nthere"\n\nc,d', 'csv', 5),
    ).toEqual({
      records: [
        ['front', 'answers'],
        ['a, b', 'say "hi"\nthere'],
        ['c', 'd'],
      ],
      problem: null,
    });
    expect(await parseRecords('front,answers\na,b\n"c\nd', 'csv', 5)).toEqual({
      records: [
        ['front', 'answers'],
        ['a', 'b'],
      ],
      problem: 'Line 3: A quoted cell is never closed',
    });
    expect(guessMapping(['front', 'answers', 'notes', 'category', 'from', 'to'])).toEqual({
      front: 'front',
      answers: 'answers',
      notes: 'notes',
      category: 'category',
      from: 'from',
      to: 'to',
      reverse: '',
    });
    // The export's own header maps itself, its reverse column too (decision 0027).
    expect(
      guessMapping(['front', 'answers', 'notes', 'category', 'from', 'to', 'reverse']).reverse,
    ).toBe('reverse');
    expect(guessMapping(['Spanish', 'English']).front).toBe('Spanish');
    expect(
      rowIssues([
        { path: 'rows.7.front', message: 'Front is required' },
        { path: 'rows.2', message: 'Line 2: unclosed quote' },
      ]),
    ).toEqual([
      { line: 2, field: '', message: 'Line 2: unclosed quote' },
      { line: 7, field: 'front', message: 'Front is required' },
    ]);
  });
});

describe('import dialog', () => {
  it('maps the columns, shows the bad rows of a 400 and imports once they are fixed', async () => {
    let imports = 0;
    const { fetch } = fakeApi()
      .on(api.user.info, () => ok(userFixture))
      .on(api.categories.tree, () => ok(categoryTree([category])))
      .on(api.cards.import, ({ body }) => {
        imports += 1;
        if (body.dryRun) {
          return failure(400, 'invalid_input', '2 rows are not valid', [
            { path: 'rows.4.from', message: 'Unknown language code “xx”' },
            { path: 'rows.3.answers', message: 'Give at least one answer' },
          ]);
        }
        return ok({
          imported: 3,
          updated: 0,
          skipped: 0,
          duplicateCount: 0,
          duplicates: [],
          createdCategories: 1,
          dryRun: false,
        });
      });
    const user = userEvent.setup();
    const { queryClient } = renderPage('*', '/app/browse', <ImportDialog />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import cards' });
    await within(dialog).findByRole('option', { name: 'French' });
    await user.upload(
      within(dialog).getByLabelText('File'),
      new File(
        ['Term,Meaning,Deck,Lang\nchat,cat,Animals,\nchien,,Animals,\npomme,apple,Food,xx\n'],
        'words.csv',
        {
          type: 'text/csv',
        },
      ),
    );

    // Preview and the mapping guessed from the header.
    expect(await within(dialog).findByRole('cell', { name: 'chien' })).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Format' })).toHaveProperty('value', 'csv');
    expect(within(dialog).getByRole('combobox', { name: 'Front' })).toHaveProperty('value', 'Term');
    expect(within(dialog).getByRole('combobox', { name: 'Answers' })).toHaveProperty(
      'value',
      'Meaning',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Category' })).toHaveProperty(
      'value',
      'Deck',
    );
    expect(within(dialog).getByRole('combobox', { name: 'From language' })).toHaveProperty(
      'value',
      '',
    );
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'From language' }),
      'Lang',
    );
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Into category' }),
      'cat-1',
    );

    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    const report = await within(dialog).findByRole('list', { name: 'Bad rows' });
    expect(within(dialog).getByText('2 problems in 2 rows: nothing was imported.')).toBeTruthy();
    // Announced, and still a heading for those who move by headings.
    expect(
      within(dialog).getByRole('heading', { name: '2 problems in 2 rows: nothing was imported.' }),
    ).toBeTruthy();
    expect(within(dialog).getByRole('alert').textContent).toBe(
      '2 problems in 2 rows: nothing was imported.',
    );
    const items = within(report).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Line 3AnswersGive at least one answer',
      'Line 4From languageUnknown language code “xx”',
    ]);
    const check = fetch.mock.calls.find(([url]) => url === '/api/cards/import');
    expect(JSON.parse(String(check?.[1]?.body))).toEqual({
      format: 'csv',
      text: 'Term,Meaning,Deck,Lang\nchat,cat,Animals,\nchien,,Animals,\npomme,apple,Food,xx\n',
      mapping: { front: 'Term', answers: 'Meaning', category: 'Deck', from: 'Lang' },
      defaults: { fromLanguageCode: 'fr', toLanguageCode: 'en', categoryId: 'cat-1' },
      duplicates: 'skip',
      dryRun: true,
    });
    expect(invalidate).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    // Finished: the dialog closes and the toast says what was imported.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(getAppState().successToast?.body).toBe('3 cards imported, 1 category created.');
    expect(imports).toBe(2);
    const last = fetch.mock.calls.filter(([url]) => url === '/api/cards/import').at(-1);
    expect(JSON.parse(String(last?.[1]?.body))).toMatchObject({ dryRun: false });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['cards'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['categories'] });
  });

  it('says which columns it reads, and a clean check in a success box, not an error', async () => {
    const { fetch } = fakeApi()
      .on(api.user.info, () => ok(userFixture))
      .on(api.categories.tree, () => ok(categoryTree([])))
      .on(api.cards.import, ({ body }) =>
        ok({
          imported: body.duplicates === 'keep' ? 3 : 1,
          updated: 0,
          skipped: body.duplicates === 'keep' ? 0 : 2,
          duplicateCount: 2,
          duplicates: [
            { line: 2, front: 'chat', card: { id: 'card-9', front: 'Chat' }, earlierLine: null },
            { line: 4, front: 'CHAT', card: null, earlierLine: 2 },
          ],
          createdCategories: 0,
          dryRun: true,
        }),
      );
    const user = userEvent.setup();
    renderPage('*', '/app/browse', <ImportDialog />);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import cards' });
    expect(within(dialog).getByText(/Columns it reads:/).textContent).toContain(
      'front and answers (needed), notes, category, from and to (optional',
    );
    await user.upload(
      within(dialog).getByLabelText('File'),
      new File(['front,answers\nchat,cat\nchien,dog\nCHAT,cat\n'], 'words.csv', {
        type: 'text/csv',
      }),
    );
    await within(dialog).findByRole('cell', { name: 'chien' });
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    const status = await within(dialog).findByText(
      'Ready to import: 1 card would be imported, 2 duplicate rows would be skipped.',
    );
    expect(status.getAttribute('role')).toBe('status');
    expect(status.getAttribute('data-tone')).toBe('success');
    expect(within(dialog).queryByRole('alert')).toBeNull();
    const list = within(dialog).getByRole('list', { name: 'Duplicate rows' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Line 2chatrepeats Chat', 'Line 4CHATrepeats line 2']);
    expect(within(list).getByRole('link', { name: 'Chat' }).getAttribute('href')).toBe(
      '/app/card/card-9',
    );

    // Another choice drops the old answer; checking again sends it.
    await user.click(within(dialog).getByRole('radio', { name: 'Keep both' }));
    expect(within(dialog).queryByRole('list', { name: 'Duplicate rows' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    await within(dialog).findByText('Ready to import: 3 cards would be imported.');
    const sent = fetch.mock.calls.filter(([url]) => url === '/api/cards/import').at(-1);
    expect(JSON.parse(String(sent?.[1]?.body))).toMatchObject({ duplicates: 'keep', dryRun: true });
  });

  it('links a refusal by the free plan (402) to the plan and closes as it is followed; another failure says only why', async () => {
    const limit = 'The free plan allows 200 cards: upgrade to premium for more';
    const full = 'An owner can have at most 100,000 cards (100,000 now, adding 1)';
    fakeApi()
      .on(api.user.info, () => ok(userFixture))
      .on(api.categories.tree, () => ok(categoryTree([])))
      .on(api.cards.import, ({ body }) =>
        body.dryRun
          ? failure(409, 'conflict', full, [{ path: 'cards', message: full }])
          : failure(402, 'plan_limit', limit, [{ path: 'cards', message: limit }]),
      );
    const user = userEvent.setup();
    const { router } = renderPage('*', '/app/browse', <ImportDialog />);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import cards' });
    await user.upload(
      within(dialog).getByLabelText('File'),
      new File(['front,answers\nchat,cat\n'], 'words.csv', { type: 'text/csv' }),
    );
    await within(dialog).findByRole('cell', { name: 'chat' });

    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(full));
    expect(within(within(dialog).getByRole('alert')).queryByRole('link')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await expectPlanLimitLinkClosesDialog(user, dialog, limit, router);
  });

  /** The dialog opened by a learner without categories; the server answers nothing else. */
  async function openEmptyDialog() {
    const { fetch } = fakeApi()
      .on(api.user.info, () => ok(userFixture))
      .on(api.categories.tree, () => ok(categoryTree([])));
    const user = userEvent.setup();
    renderPage('*', '/app/browse', <ImportDialog />);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import cards' });
    return { fetch, user, dialog };
  }

  it('explains how the cells are read, formulas included', async () => {
    const { user, dialog } = await openEmptyDialog();
    const summary = within(dialog).getByText('How the file is read');
    const help = summary.closest('details');
    expect(help?.open).toBe(false);
    await user.click(summary);
    expect(help?.open).toBe(true);
    expect(help?.textContent).toContain(
      "Exports put an apostrophe (') before a cell that starts with =, +, -, @ or an apostrophe",
    );
  });

  it('asks for a file and the required columns before sending', async () => {
    const { fetch, user, dialog } = await openEmptyDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('Choose a file.');
    expect(fetch.mock.calls.some(([url]) => url === '/api/cards/import')).toBe(false);
  });

  it('lists the first problems of a long report and says how many more there are', async () => {
    const issues = Array.from({ length: 100 }, (_, i) => ({
      path: `rows.${i + 2}.answers`,
      message: 'Give at least one answer',
    }));
    fakeApi()
      .on(api.user.info, () => ok(userFixture))
      .on(api.categories.tree, () => ok(categoryTree([])))
      .on(api.cards.import, () =>
        failure(400, 'invalid_input', '50000 of 50000 rows are invalid', issues, 50_000),
      );
    const user = userEvent.setup();
    renderPage('*', '/app/browse', <ImportDialog />);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import cards' });
    await user.upload(
      within(dialog).getByLabelText('File'),
      new File(['front,answers\na,\nb,\n'], 'words.csv', { type: 'text/csv' }),
    );
    await within(dialog).findByRole('cell', { name: 'b' });
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    const report = await within(dialog).findByRole('list', { name: 'Bad rows' });
    expect(within(report).getAllByRole('listitem')).toHaveLength(100);
    expect(
      within(dialog).getByRole('heading', { name: '50,000 problems: nothing was imported.' }),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(
        'And 49,900 more problems: the first 100 are listed. Fix them and check again.',
      ),
    ).toBeTruthy();
  });

  it('previews the rows before a syntax error and names its line', async () => {
    const { user, dialog } = await openEmptyDialog();
    await user.upload(
      within(dialog).getByLabelText('File'),
      new File(['front,answers\nchat,cat\n"chien,dog\n'], 'words.csv', { type: 'text/csv' }),
    );
    expect(await within(dialog).findByRole('cell', { name: 'chat' })).toBeTruthy();
    expect(within(dialog).queryByRole('cell', { name: /chien/ })).toBeNull();
    expect(within(dialog).getByText('Line 3: A quoted cell is never closed')).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Front' })).toHaveProperty(
      'value',
      'front',
    );
  });
});
