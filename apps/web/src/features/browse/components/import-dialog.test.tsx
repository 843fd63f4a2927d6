import { api } from '@glossa/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppStateForTests } from '../../../lib/app-state';
import { saveSession } from '../../../lib/session';
import { failure, fakeApi, ok } from '../../../test/fake-api';
import {
  categoryFixture,
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
    });
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
      .on(api.categories.tree, () => ok({ items: [category] }))
      .on(api.cards.import, ({ body }) => {
        imports += 1;
        if (body.dryRun) {
          return failure(400, 'invalid_input', '2 rows are not valid', [
            { path: 'rows.4.from', message: 'Unknown language code “xx”' },
            { path: 'rows.3.answers', message: 'Give at least one answer' },
          ]);
        }
        return ok({ imported: 3, createdCategories: 1, dryRun: false });
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
      dryRun: true,
    });
    expect(invalidate).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('3 cards imported.')).toBeTruthy();
    expect(within(dialog).getByRole('progressbar', { name: 'Imported' })).toHaveProperty(
      'value',
      3,
    );
    expect(within(dialog).queryByRole('list', { name: 'Bad rows' })).toBeNull();
    expect(imports).toBe(2);
    const last = fetch.mock.calls.filter(([url]) => url === '/api/cards/import').at(-1);
    expect(JSON.parse(String(last?.[1]?.body))).toMatchObject({ dryRun: false });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['cards'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['categories'] });

    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  /** The dialog opened by a learner without categories; the server answers nothing else. */
  async function openEmptyDialog() {
    const { fetch } = fakeApi()
      .on(api.user.info, () => ok(userFixture))
      .on(api.categories.tree, () => ok({ items: [] }));
    const user = userEvent.setup();
    renderPage('*', '/app/browse', <ImportDialog />);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import cards' });
    return { fetch, user, dialog };
  }

  it('asks for a file and the required columns before sending', async () => {
    const { fetch, user, dialog } = await openEmptyDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Check' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('Choose a file.');
    expect(fetch.mock.calls.some(([url]) => url === '/api/cards/import')).toBe(false);
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
