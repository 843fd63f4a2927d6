import type { AnkiAnalysis, AnkiImportBody, AnkiNoteType } from '@glossa/contract';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import formStyles from '../../../components/form/form.module.css';
import browseStyles from '../browse.module.css';
import dialogStyles from './import-dialog.module.css';
import previewStyles from './import-source-fields.module.css';
import styles from './anki-import.module.css';
import { packageSummary, type NoteTypeChoice } from './anki-file';

/** The package's decks as the tree of categories they become. */
export function AnkiDecks({ analysis }: { analysis: AnkiAnalysis }) {
  const { t } = useLingui();
  const headingId = useId();
  const summary = packageSummary(analysis);
  const cardCount = (count: number) => t`${plural(count, { one: '# card', other: '# cards' })}`;
  const decks = analysis.decks.filter(
    (deck) =>
      deck.cards > 0 ||
      analysis.decks.some(
        (other) =>
          other.cards > 0 &&
          other.path.length > deck.path.length &&
          deck.path.every((name, i) => other.path[i] === name),
      ),
  );
  return (
    <section aria-labelledby={headingId} className={dialogStyles.importSection}>
      <h3 id={headingId} className={dialogStyles.importHeading}>
        <Trans>
          Decks, as categories <span className={browseStyles.muted}>({summary})</span>
        </Trans>
      </h3>
      <ul className={styles.decks}>
        {decks.map((deck) => (
          <li
            key={deck.id}
            className={styles.deck}
            style={{ paddingInlineStart: `${(deck.path.length - 1) * 1.25}rem` }}
          >
            <span dir="auto">{deck.path.at(-1)}</span>{' '}
            <span className={browseStyles.muted}>{cardCount(deck.cards)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const roles: readonly {
  key: 'frontField' | 'answersField' | 'notesField';
  label: MessageDescriptor;
}[] = [
  { key: 'frontField', label: msg`Front` },
  { key: 'answersField', label: msg`Answers` },
  { key: 'notesField', label: msg`Notes` },
];

export interface AnkiNoteTypeMappingProps {
  type: AnkiNoteType;
  choice: NoteTypeChoice;
  onChoice(choice: NoteTypeChoice): void;
  disabled: boolean;
}

/** One note type: imported or not, which field is the front, the answers and the notes, a preview. */
export function AnkiNoteTypeMapping({
  type,
  choice,
  onChoice,
  disabled,
}: AnkiNoteTypeMappingProps) {
  const { i18n, t } = useLingui();
  const id = useId();
  const { name, notes, clozeNotes } = type;
  const fieldText = (note: readonly string[], index: number | null | undefined) =>
    index === null || index === undefined ? '' : (note[index] ?? '');
  return (
    <fieldset className={dialogStyles.importSection}>
      <legend className={dialogStyles.importHeading}>
        {type.name}{' '}
        <span className={browseStyles.muted}>
          (
          {clozeNotes > 0
            ? t`${plural(notes, { one: '# note', other: '# notes' })}, ${plural(clozeNotes, { one: '# with clozes', other: '# with clozes' })}`
            : t`${plural(notes, { one: '# note', other: '# notes' })}`}
          )
        </span>
      </legend>
      <label className={dialogStyles.choice}>
        <input
          type="checkbox"
          checked={choice !== null}
          disabled={disabled || type.fields.length === 0}
          onChange={(event) =>
            onChoice(
              event.target.checked
                ? {
                    frontField: 0,
                    answersField: Math.min(1, type.fields.length - 1),
                    notesField: null,
                  }
                : null,
            )
          }
        />
        <span>{t`Import these notes`}</span>
      </label>
      {choice ? (
        <>
          <div className={dialogStyles.mappingGrid}>
            {roles.map((role) => (
              <div key={role.key} className={formStyles.field}>
                <label className={formStyles.label} htmlFor={`${id}-${role.key}`}>
                  {i18n._(role.label)}
                </label>
                <select
                  id={`${id}-${role.key}`}
                  className={formStyles.input}
                  value={choice[role.key] ?? ''}
                  disabled={disabled}
                  onChange={(event) =>
                    onChoice({
                      ...choice,
                      [role.key]: event.target.value === '' ? null : Number(event.target.value),
                    })
                  }
                >
                  {role.key === 'notesField' ? <option value="">{t`None`}</option> : null}
                  {type.fields.map((name, index) => (
                    <option key={index} value={index}>
                      {name}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </div>
          <div className={previewStyles.previewScroll}>
            <table className={previewStyles.preview} aria-label={t`Preview of ${name}`}>
              <thead>
                <tr>
                  {roles.map((role) => (
                    <th key={role.key} scope="col">
                      {i18n._(role.label)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {type.preview.map((note, index) => (
                  <tr key={index}>
                    {roles.map((role) => (
                      <td key={role.key} dir="auto">
                        {fieldText(note, choice[role.key])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </fieldset>
  );
}

export interface AnkiOptionsProps {
  analysis: AnkiAnalysis;
  cloze: AnkiImportBody['cloze'];
  history: boolean;
  onCloze(cloze: AnkiImportBody['cloze']): void;
  onHistory(history: boolean): void;
  disabled: boolean;
}

/** Clozes as cards or skipped; the review history or not. */
export function AnkiOptions({
  analysis,
  cloze,
  history,
  onCloze,
  onHistory,
  disabled,
}: AnkiOptionsProps) {
  const { t } = useLingui();
  const name = useId();
  const clozeNotes = analysis.noteTypes.reduce((sum, type) => sum + type.clozeNotes, 0);
  const { reviews } = analysis;
  return (
    <fieldset className={dialogStyles.importSection}>
      <legend className={dialogStyles.importHeading}>
        <Trans>Options</Trans>
      </legend>
      {clozeNotes > 0 ? (
        <div className={dialogStyles.choiceRow} role="radiogroup" aria-label={t`Cloze notes`}>
          <label className={dialogStyles.choice}>
            <input
              type="radio"
              name={name}
              checked={cloze === 'cards'}
              disabled={disabled}
              onChange={() => onCloze('cards')}
            />
            <span>{t`One card per cloze ([…] to fill in)`}</span>
          </label>
          <label className={dialogStyles.choice}>
            <input
              type="radio"
              name={name}
              checked={cloze === 'skip'}
              disabled={disabled}
              onChange={() => onCloze('skip')}
            />
            <span>{t`Skip cloze notes`}</span>
          </label>
        </div>
      ) : null}
      <label className={dialogStyles.choice}>
        <input
          type="checkbox"
          checked={history}
          disabled={disabled || analysis.reviews === 0}
          onChange={(event) => onHistory(event.target.checked)}
        />
        <span>
          {t`Import the review history (${plural(reviews, { one: '# answer', other: '# answers' })}): the schedule goes on where Anki left it`}
        </span>
      </label>
    </fieldset>
  );
}
