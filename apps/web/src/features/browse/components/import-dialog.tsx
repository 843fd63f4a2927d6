import type { ImportBody } from '@glossa/contract';
import { useState } from 'react';
import { Button } from '../../../components/button';
import { Dialog, DialogActions, DialogClose } from '../../../components/dialog';
import { FormAlert } from '../../../components/form/form-alert';
import { useUser } from '../../../lib/auth';
import styles from './import-dialog.module.css';
import { fieldLabel, mappingBody, requiredImportFields } from './import-file';
import { ImportDefaults, ImportMapping } from './import-options';
import { ImportOutcome, ImportProgress } from './import-outcome';
import { ImportFileFields, ImportPreview } from './import-source-fields';
import { useImportSource } from './use-import-source';
import { useImportSubmit } from './use-import-submit';

/**
 * Import cards from a CSV or TSV file: preview, column mapping, default languages and category;
 * "Check" is a dry run that lists the bad rows, "Import" imports all the rows or none.
 */
export function ImportDialog() {
  const [open, setOpen] = useState(false);
  const { data: user } = useUser();
  const {
    outcome,
    showErrors,
    outcomeRef,
    checking,
    importing,
    imported,
    changed,
    reset: resetSubmit,
    onCheck,
    onImport,
  } = useImportSubmit();
  const source = useImportSource(changed);
  // null: the learner's own defaults (they may arrive after the dialog opens).
  const [fromChoice, setFromChoice] = useState<string | null>(null);
  const [toChoice, setToChoice] = useState<string | null>(null);
  const [categoryId, setCategoryId] = useState('');

  const fromLanguageCode = fromChoice ?? user?.defaultFromLanguageCode ?? '';
  const toLanguageCode = toChoice ?? user?.toLanguageCode ?? '';
  const { file, mapping } = source;

  const reset = () => {
    source.reset();
    setFromChoice(null);
    setToChoice(null);
    setCategoryId('');
    resetSubmit();
  };

  const onOpenChange = (next: boolean) => {
    // An import in progress finishes with the dialog open.
    if (!next && importing) return;
    setOpen(next);
    if (!next) reset();
  };

  const problems: string[] = [];
  if (!file) problems.push('Choose a file.');
  for (const field of requiredImportFields) {
    if (file && mapping[field] === '') problems.push(`Choose the column of ${fieldLabel(field)}.`);
  }
  if (fromLanguageCode === '' || toLanguageCode === '') {
    problems.push('Choose the default languages.');
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
      dryRun,
    };
  };

  const busy = checking || importing;

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      size="lg"
      trigger={
        <Button size="sm" variant="secondary">
          Import
        </Button>
      }
      title="Import cards"
      description="A CSV or TSV file with a header row. Check it first: nothing is imported while a row is wrong."
      closeDisabled={importing}
    >
      <ImportFileFields source={source} disabled={importing} />
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
      <ImportDefaults
        fromLanguageCode={fromLanguageCode}
        toLanguageCode={toLanguageCode}
        categoryId={categoryId}
        onFrom={(code) => {
          changed();
          setFromChoice(code);
        }}
        onTo={(code) => {
          changed();
          setToChoice(code);
        }}
        onCategory={(id) => {
          changed();
          setCategoryId(id);
        }}
        disabled={importing}
      />

      <div ref={outcomeRef} className={styles.outcome}>
        {showErrors && problems.length > 0 ? <FormAlert message={problems.join(' ')} /> : null}
        <ImportOutcome outcome={outcome} />
        {importing || imported !== null ? (
          <ImportProgress imported={imported} rowCount={source.rowCount} />
        ) : null}
      </div>

      <DialogActions sticky>
        {imported !== null ? (
          <DialogClose>
            <Button>Done</Button>
          </DialogClose>
        ) : (
          <>
            <Button
              variant="secondary"
              loading={checking}
              disabled={busy}
              onClick={() => void onCheck(body(true))}
            >
              Check
            </Button>
            <Button loading={importing} disabled={busy} onClick={() => void onImport(body(false))}>
              Import
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
