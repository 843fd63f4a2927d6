import { api, type AnkiAnalysis } from '@glossa/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppStateForTests } from '../../../lib/app-state';
import { saveSession } from '../../../lib/session';
import { failure, fakeApi, ok } from '../../../test/fake-api';
import { expectPlanLimitLinkClosesDialog } from '../../../test/plan-limit';
import {
  categoryTree,
  fakeToken,
  renderPage,
  stubResizeObserver,
  userFixture,
} from '../../../test/render';
import { ankiImportSummary, guessChoice } from './anki-file';
import { ImportDialog } from './import-dialog';
import { ImportProgress } from './import-outcome';

const analysis: AnkiAnalysis = {
  format: 'anki21b',
  decks: [
    { id: '1', path: ['Default'], cards: 0 },
    { id: '2', path: ['Spanish'], cards: 4 },
    { id: '3', path: ['Spanish', 'Food'], cards: 1 },
  ],
  noteTypes: [
    {
      id: '1001',
      name: 'Basic',
      fields: ['Front', 'Back'],
      notes: 3,
      clozeNotes: 0,
      preview: [
        ['la casa', 'the house; home'],
        ['el pan', 'bread'],
      ],
    },
    {
      id: '1002',
      name: 'Cloze',
      fields: ['Text', 'Back Extra'],
      notes: 1,
      clozeNotes: 1,
      preview: [['{{c1::Madrid}} is the capital', 'Geography']],
    },
  ],
  notes: 4,
  cards: 5,
  reviews: 6,
  media: 1,
};

beforeEach(() => {
  stubResizeObserver();
  saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAppStateForTests();
});

describe('Anki import', () => {
  it('guesses a note type’s fields and says every count of the summary', () => {
    const clozeType = {
      id: '2',
      name: 'Cloze',
      fields: ['Text', 'Back Extra'],
      notes: 1,
      clozeNotes: 1,
      preview: [],
    };
    expect(guessChoice(clozeType)).toEqual({
      frontField: 0,
      answersField: 0,
      notesField: 1,
    });
    expect(
      guessChoice({
        id: '9',
        name: 'Vocab',
        fields: ['Word', 'Example', 'Meaning'],
        notes: 2,
        clozeNotes: 0,
        preview: [],
      }),
    ).toEqual({
      frontField: 0,
      answersField: 2,
      notesField: 1,
    });
    expect(
      ankiImportSummary({
        imported: 4,
        clozeCards: 2,
        createdCategories: 2,
        flattenedDecks: 0,
        skipped: { unmapped: 0, cloze: 0, empty: 1, tooLong: 0 },
        alreadyImported: 0,
        tagged: 0,
        media: 1,
        reviews: 5,
        reviewsSkipped: 1,
      }),
    ).toBe(
      '4 cards imported, 2 of them from clozes, 2 categories created, 5 answers of history, ' +
        '1 note without a front or an answer skipped, 1 media file not imported.',
    );
    expect(
      ankiImportSummary({
        imported: 1,
        clozeCards: 0,
        createdCategories: 0,
        flattenedDecks: 0,
        skipped: { unmapped: 0, cloze: 0, empty: 0, tooLong: 0 },
        alreadyImported: 4,
        tagged: 1,
        media: 0,
        reviews: 0,
        reviewsSkipped: 6,
      }),
    ).toBe(
      '1 card imported, 1 with its Anki tags in its notes, ' +
        '4 cards already imported left as they are.',
    );
  });

  it('analyses a package, maps each note type with a preview, imports with history and shows the summary', async () => {
    const bodies: unknown[] = [];
    let finish = () => {};
    const imported = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const { fetch } = fakeApi()
      .on(api.user.info, () => ok(userFixture))
      .on(api.categories.tree, () => ok(categoryTree([])))
      .on(api.cards.ankiAnalyse, () => ok(analysis))
      .on(api.cards.ankiImport, async ({ body }) => {
        bodies.push(body);
        await imported;
        return ok({
          imported: 3,
          clozeCards: 0,
          createdCategories: 2,
          flattenedDecks: 0,
          skipped: { unmapped: 1, cloze: 0, empty: 0, tooLong: 0 },
          alreadyImported: 2,
          tagged: 0,
          media: 1,
          reviews: 4,
          reviewsSkipped: 2,
        });
      });
    void fetch;
    const user = userEvent.setup();
    renderPage('*', '/app/browse', <ImportDialog />);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import cards' });
    await user.upload(
      within(dialog).getByLabelText('File'),
      new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'spanish.apkg'),
    );
    expect(await within(dialog).findByText('Food')).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Format' })).toHaveProperty(
      'value',
      'anki',
    );
    const basic = within(dialog).getByRole('group', { name: /Basic/ });
    expect(within(basic).getByRole('combobox', { name: 'Answers' })).toHaveProperty('value', '1');
    expect(within(basic).getByRole('cell', { name: 'the house; home' })).toBeTruthy();
    // The cloze type is left out; the history is asked for, as the package has one.
    const cloze = within(dialog).getByRole('group', { name: /Cloze/ });
    await user.click(within(cloze).getByRole('checkbox', { name: 'Import these notes' }));
    expect(within(cloze).queryByRole('combobox')).toBeNull();
    expect(
      within(dialog).getByRole('checkbox', { name: /Import the review history \(6 answers\)/ }),
    ).toHaveProperty('checked', true);

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    // The package sent, the server at work: a bar without a value, named for screen readers.
    const working = await within(dialog).findByRole('progressbar', {
      name: 'Importing 4 notes and their history…',
    });
    expect(working.getAttribute('value')).toBeNull();
    finish();
    expect(
      await within(dialog).findByText(/3 cards imported.*2 cards already imported/),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(bodies).toEqual([
      {
        file: 'UEsDBA==',
        mappings: [{ noteTypeId: '1001', frontField: 0, answersField: 1, notesField: null }],
        defaults: { fromLanguageCode: 'fr', toLanguageCode: 'en', categoryId: null },
        cloze: 'cards',
        history: true,
      },
    ]);
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it('shows how much of the package has been sent, as a bar with a value', () => {
    render(<ImportProgress label="Sending the package…" value={0.42} />);
    const bar = screen.getByRole('progressbar', { name: 'Sending the package…' });
    expect(bar.getAttribute('value')).toBe('42');
    expect(bar.getAttribute('max')).toBe('100');
  });

  it('links a refusal by the free plan (402) to the plan and closes as it is followed; another failure says only why', async () => {
    const limit = 'The free plan allows 50 categories: upgrade to premium for more';
    const full = 'An owner can have at most 100,000 cards (99,999 now, adding 3)';
    let imports = 0;
    fakeApi()
      .on(api.user.info, () => ok(userFixture))
      .on(api.categories.tree, () => ok(categoryTree([])))
      .on(api.cards.ankiAnalyse, () => ok(analysis))
      .on(api.cards.ankiImport, () => {
        imports += 1;
        return imports === 1
          ? failure(409, 'conflict', full, [{ path: 'cards', message: full }])
          : failure(402, 'plan_limit', limit, [{ path: 'categories', message: limit }]);
      });
    const user = userEvent.setup();
    const { router } = renderPage('*', '/app/browse', <ImportDialog />);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import cards' });
    await user.upload(
      within(dialog).getByLabelText('File'),
      new File([new Uint8Array([0x50, 0x4b, 3, 4])], 'spanish.apkg'),
    );
    await within(dialog).findByText('Food');

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    const refused = await within(dialog).findByRole('alert');
    expect(refused.textContent).toBe(full);
    expect(within(refused).queryByRole('link')).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await expectPlanLimitLinkClosesDialog(user, dialog, limit, router);
  });

  it('says why a package is refused', async () => {
    fakeApi()
      .on(api.user.info, () => ok(userFixture))
      .on(api.categories.tree, () => ok(categoryTree([])))
      .on(api.cards.ankiAnalyse, () =>
        failure(
          400,
          'invalid_input',
          'The package is encrypted; export it from Anki without a password',
          [
            {
              path: 'file',
              message: 'The package is encrypted; export it from Anki without a password',
            },
          ],
        ),
      );
    const user = userEvent.setup();
    renderPage('*', '/app/browse', <ImportDialog />);
    await user.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import cards' });
    await user.upload(within(dialog).getByLabelText('File'), new File(['PK'], 'locked.colpkg'));
    expect((await within(dialog).findByRole('alert')).textContent).toMatch(/encrypted/);
  });
});
