import type { ImportBody } from '@glossa/contract';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Dialog, DialogActions, DialogClose } from '../../../components/dialog';
import { FormAlert } from '../../../components/form/form-alert';
import { PlanLimitAlert } from '../../../components/plan-limit-message';
import { useUser } from '../../../lib/auth';
import { chooseLanguage, type LanguagePair } from '../../../lib/language-pair';
import styles from './import-dialog.module.css';
import { fieldLabel, mappingBody, requiredImportFields } from './import-file';
import { ImportFormatHelp } from './import-format-help';
import {
  ImportDefaults,
  ImportDuplicates,
  ImportMapping,
  type DuplicateChoice,
} from './import-options';
import { ImportOutcome, ImportProgress } from './import-outcome';
import { AnkiDecks, AnkiNoteTypeMapping, AnkiOptions } from './anki-import';
import { ankiImportSummary } from './anki-file';
import { useAnkiImport } from './use-anki-import';
import { ImportFileFields, ImportPreview } from './import-source-fields';
import { useImportSource } from './use-import-source';
import { useImportSubmit } from './use-import-submit';

/**
 * Import cards from a CSV or TSV file: preview, column mapping, default languages and category,
 * what becomes of rows that repeat a card; "Check" is a dry run that lists the bad rows and the
 * duplicates, "Import" imports all the rows or none and closes the dialog.
 */
export function ImportDialog() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const { data: user } = useUser();
  const {
    outcome,
    showErrors,
    outcomeRef,
    checking,
    importing,
    changed,
    reset: resetSubmit,
    onCheck,
    onImport,
  } = useImportSubmit({
    // The toast says what was imported; the dialog has nothing more to show.
    onImported: () => {
      setOpen(false);
      reset();
    },
  });
  const source = useImportSource(changed);
  const anki = useAnkiImport();
  // null: the learner's own defaults (they may arrive after the dialog opens).
  const [fromChoice, setFromChoice] = useState<string | null>(null);
  const [toChoice, setToChoice] = useState<string | null>(null);
  const [categoryId, setCategoryId] = useState('');
  const [duplicates, setDuplicates] = useState<DuplicateChoice>('skip');

  const fromLanguageCode = fromChoice ?? user?.defaultFromLanguageCode ?? '';
  const toLanguageCode = toChoice ?? user?.toLanguageCode ?? '';
  const { file, mapping, rowCount } = source;

  /** Choosing the other side's language swaps the defaults (chooseLanguage). */
  const choosePair = (side: keyof LanguagePair, code: string) => {
    changed();
    const next = chooseLanguage({ from: fromLanguageCode, to: toLanguageCode }, side, code);
    setFromChoice(next.from);
    setToChoice(next.to);
  };

  const reset = () => {
    source.reset();
    anki.reset();
    setFromChoice(null);
    setToChoice(null);
    setCategoryId('');
    setDuplicates('skip');
    resetSubmit();
  };

  const onOpenChange = (next: boolean) => {
    // An import in progress finishes with the dialog open.
    if (!next && (importing || anki.importing)) return;
    setOpen(next);
    if (!next) reset();
  };

  const problems: string[] = [];
  if (!file) problems.push(t`Choose a file.`);
  for (const field of requiredImportFields) {
    const label = fieldLabel(field);
    if (file && mapping[field] === '') problems.push(t`Choose the column of ${label}.`);
  }
  if (fromLanguageCode === '' || toLanguageCode === '') {
    problems.push(t`Choose the default languages.`);
  }

  const body = (dryRun: boolean): ImportBody | null => {
    if (!file || problems.length > 0) return null;
    return {
      format: source.format,
      text: file.text,
      mapping: mappingBody(mapping),
      defaults: {
        fromLanguageCode,
        toLanguageCode,
        categoryId: categoryId === '' ? null : categoryId,
      },
      duplicates,
      dryRun,
    };
  };

  const busy = checking || importing;
  const waiting = busy || source.reading;
  const defaultsFields = (
    <ImportDefaults
      fromLanguageCode={fromLanguageCode}
      toLanguageCode={toLanguageCode}
      categoryId={categoryId}
      onFrom={(code) => choosePair('from', code)}
      onTo={(code) => choosePair('to', code)}
      onCategory={(id) => {
        changed();
        setCategoryId(id);
      }}
      disabled={importing || anki.importing}
    />
  );
  const fileFields = (
    <ImportFileFields
      source={source}
      disabled={importing || anki.importing}
      anki={anki.file !== null}
      onAnkiFile={(chosen) => void anki.onFile(chosen)}
    />
  );

  if (anki.file || anki.problem) {
    const { analysis } = anki;
    const noteCount = analysis?.notes ?? 0;
    const ankiBusy = anki.analysing || anki.importing;
    return (
      <Dialog
        open={open}
        onOpenChange={onOpenChange}
        size="lg"
        trigger={
          <Button size="sm" variant="secondary">
            <Trans>Import</Trans>
          </Button>
        }
        title={t`Import cards`}
        description={t`An Anki package (.apkg or .colpkg): its decks become categories, each note type's fields the cards' front, answers and notes.`}
        closeDisabled={anki.importing}
      >
        {fileFields}
        {analysis && !anki.result ? (
          <>
            <AnkiDecks analysis={analysis} />
            {analysis.noteTypes.map((type) => (
              <AnkiNoteTypeMapping
                key={type.id}
                type={type}
                choice={anki.choices[type.id] ?? null}
                onChoice={(choice) => anki.setChoice(type.id, choice)}
                disabled={ankiBusy}
              />
            ))}
            <AnkiOptions
              analysis={analysis}
              cloze={anki.cloze}
              history={anki.history}
              onCloze={anki.setCloze}
              onHistory={anki.setHistory}
              disabled={ankiBusy}
            />
            {defaultsFields}
          </>
        ) : null}
        <div className={styles.outcome}>
          <PlanLimitAlert
            error={anki.importError}
            message={anki.problem}
            onFollow={() => onOpenChange(false)}
          />
          {anki.result ? (
            <FormAlert tone="success" message={ankiImportSummary(anki.result)} />
          ) : null}
          {anki.sending !== null ? (
            // One label while the bar fills: its value is the share sent, which a screen reader
            // reads from the bar without announcing each step.
            <ImportProgress label={t`Sending the package…`} value={anki.sending} />
          ) : null}
          {anki.analysing && anki.sending === null ? (
            <ImportProgress label={t`Reading the package…`} />
          ) : null}
          {anki.importing && anki.sending === null && analysis ? (
            <ImportProgress
              label={
                anki.history
                  ? t`Importing ${plural(noteCount, { one: '# note and its history', other: '# notes and their history' })}…`
                  : t`Importing ${plural(noteCount, { one: '# note', other: '# notes' })}…`
              }
            />
          ) : null}
        </div>
        <DialogActions sticky>
          <DialogClose>
            <Button variant="secondary" disabled={anki.importing}>
              {anki.result ? t`Done` : t`Cancel`}
            </Button>
          </DialogClose>
          {anki.result ? null : (
            <Button
              loading={anki.importing}
              disabled={
                ankiBusy ||
                !analysis ||
                anki.mappings.length === 0 ||
                fromLanguageCode === '' ||
                toLanguageCode === ''
              }
              onClick={() =>
                void anki.onImport({
                  fromLanguageCode,
                  toLanguageCode,
                  categoryId: categoryId === '' ? null : categoryId,
                })
              }
            >
              <Trans>Import</Trans>
            </Button>
          )}
        </DialogActions>
      </Dialog>
    );
  }

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      trigger={
        <Button size="sm" variant="secondary">
          <Trans>Import</Trans>
        </Button>
      }
      title={t`Import cards`}
      description={t`A CSV or TSV file with a header row, or an Anki package. Check it first: nothing is imported while a row is wrong.`}
      closeDisabled={importing}
    >
      {fileFields}
      <ImportFormatHelp />
      {file ? (
        <>
          <ImportPreview
            fileName={file.name}
            header={source.header}
            rows={source.rows}
            problem={source.previewProblem}
            rowCount={source.rowCount}
          />
          <ImportMapping
            header={source.header}
            mapping={mapping}
            onColumn={source.onColumn}
            showErrors={showErrors}
            disabled={importing}
          />
        </>
      ) : null}
      {defaultsFields}
      <ImportDuplicates
        value={duplicates}
        onChange={(choice) => {
          changed();
          setDuplicates(choice);
        }}
        disabled={importing}
      />

      <div ref={outcomeRef} className={styles.outcome}>
        {showErrors && problems.length > 0 ? <FormAlert message={problems.join(' ')} /> : null}
        <ImportOutcome outcome={outcome} onUpgrade={() => onOpenChange(false)} />
        {importing ? (
          <ImportProgress
            label={t`Importing ${plural(rowCount, { one: '# row', other: '# rows' })}…`}
          />
        ) : null}
      </div>

      <DialogActions sticky>
        <DialogClose>
          <Button variant="secondary" disabled={importing}>
            <Trans>Cancel</Trans>
          </Button>
        </DialogClose>
        <Button
          variant="secondary"
          loading={checking}
          disabled={waiting}
          onClick={() => void onCheck(body(true))}
        >
          <Trans>Check</Trans>
        </Button>
        <Button loading={importing} disabled={waiting} onClick={() => void onImport(body(false))}>
          <Trans>Import</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
