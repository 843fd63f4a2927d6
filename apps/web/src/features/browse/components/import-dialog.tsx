import { importLimits, type ImportBody, type ImportResult } from '@glossa/contract';
import { useQuery } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { useEffect, useId, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form/form-alert';
import formStyles from '../../../components/form/form.module.css';
import { Icon } from '../../../components/icon';
import { LanguageDropdown } from '../../../components/language-dropdown';
import { ApiError } from '../../../lib/api-client';
import { useUser } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { categoriesQueryOptions } from '../api/browse-requests';
import { useImportCards } from '../api/import-export-requests';
import styles from '../browse.module.css';
import { categoryOptions, indented } from './category-tree';
import {
  countDataLines,
  detectFormat,
  fieldLabel,
  guessMapping,
  importFieldLabels,
  importFields,
  mappingBody,
  parseRecords,
  readFileText,
  requiredImportFields,
  rowIssues,
  type ColumnMapping,
  type ImportFormat,
  type RowIssue,
} from './import-file';

/** Rows shown in the preview (after the header). */
const previewRows = 5;

interface LoadedFile {
  name: string;
  text: string;
}

type Outcome =
  | { kind: 'checked'; result: ImportResult }
  | { kind: 'imported'; result: ImportResult }
  | { kind: 'issues'; message: string; issues: RowIssue[] }
  | { kind: 'error'; message: string };

/** "1 card", "5,000 cards": files run to tens of thousands of rows, so counts are grouped. */
function plural(count: number, word: string, words = `${word}s`): string {
  return `${count.toLocaleString()} ${count === 1 ? word : words}`;
}

function outcomeOfError(error: unknown): Outcome {
  if (error instanceof ApiError && error.status === 400 && error.issues.length > 0) {
    return { kind: 'issues', message: error.message, issues: rowIssues(error.issues) };
  }
  return {
    kind: 'error',
    message: error instanceof ApiError ? error.message : 'The file could not be sent. Try again.',
  };
}

const emptyMapping: ColumnMapping = {
  front: '',
  answers: '',
  notes: '',
  category: '',
  from: '',
  to: '',
};

/**
 * Import cards from a CSV or TSV file: preview, column mapping, default languages and category;
 * "Check" is a dry run that lists the bad rows, "Import" imports all the rows or none.
 */
export function ImportDialog() {
  const [open, setOpen] = useState(false);
  const ids = { file: useId(), format: useId(), category: useId(), mapping: useId() };
  const { data: user } = useUser();
  const categories = useQuery({ ...categoriesQueryOptions(), enabled: open });
  const targets = useMemo(
    () => categoryOptions(categories.data ?? []).filter((option) => option.canHoldCards),
    [categories.data],
  );

  const [file, setFile] = useState<LoadedFile | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [format, setFormat] = useState<ImportFormat>('csv');
  const [mapping, setMapping] = useState<ColumnMapping>(emptyMapping);
  // null: the learner's own defaults (they may arrive after the dialog opens).
  const [fromChoice, setFromChoice] = useState<string | null>(null);
  const [toChoice, setToChoice] = useState<string | null>(null);
  const [categoryId, setCategoryId] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const check = useImportCards();
  const run = useImportCards();
  const outcomeRef = useRef<HTMLDivElement>(null);

  const fromLanguageCode = fromChoice ?? user?.defaultFromLanguageCode ?? '';
  const toLanguageCode = toChoice ?? user?.toLanguageCode ?? '';

  const records = useMemo(
    () => (file ? parseRecords(file.text, format, previewRows + 1) : []),
    [file, format],
  );
  const header = records[0] ?? [];
  const rows = records.slice(1);
  const rowCount = useMemo(() => (file ? countDataLines(file.text) : 0), [file]);

  const reset = () => {
    setFile(null);
    setReadError(null);
    setMapping(emptyMapping);
    setFromChoice(null);
    setToChoice(null);
    setCategoryId('');
    setOutcome(null);
    setShowErrors(false);
    check.reset();
    run.reset();
  };

  const onOpenChange = (next: boolean) => {
    // An import in progress finishes with the dialog open.
    if (!next && run.isPending) return;
    setOpen(next);
    if (!next) reset();
  };

  const changed = () => {
    setOutcome(null);
    check.reset();
    run.reset();
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    changed();
    setReadError(null);
    if (!chosen) {
      setFile(null);
      return;
    }
    let text: string;
    try {
      text = await readFileText(chosen);
    } catch {
      setFile(null);
      setReadError('The file could not be read.');
      return;
    }
    if (text.trim() === '') {
      setFile(null);
      setReadError('The file is empty.');
      return;
    }
    if (text.length > importLimits.textMax) {
      setFile(null);
      setReadError('The file is too large (at most 20 MB of text).');
      return;
    }
    const detected = detectFormat(chosen.name, text);
    setFile({ name: chosen.name, text });
    setFormat(detected);
    setMapping(guessMapping(parseRecords(text, detected, 1)[0] ?? []));
  };

  const onFormat = (next: ImportFormat) => {
    changed();
    setFormat(next);
    if (file) setMapping(guessMapping(parseRecords(file.text, next, 1)[0] ?? []));
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
      format,
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

  const onCheck = async () => {
    setShowErrors(true);
    const request = body(true);
    if (!request) return;
    run.reset();
    try {
      setOutcome({ kind: 'checked', result: await check.mutateAsync(request) });
    } catch (error) {
      setOutcome(outcomeOfError(error));
    }
  };

  const onImport = async () => {
    setShowErrors(true);
    const request = body(false);
    if (!request) return;
    check.reset();
    setOutcome(null);
    try {
      const result = await run.mutateAsync(request);
      setOutcome({ kind: 'imported', result });
      toast.success(
        `${plural(result.imported, 'card')} imported${
          result.createdCategories > 0
            ? `, ${plural(result.createdCategories, 'category', 'categories')} created`
            : ''
        }.`,
      );
    } catch (error) {
      setOutcome(outcomeOfError(error));
    }
  };

  // The answer of Check or Import (often the bad-row report) shows at the end of a long dialog.
  useEffect(() => {
    if (outcome) outcomeRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [outcome]);

  const busy = check.isPending || run.isPending;
  const imported = outcome?.kind === 'imported' ? outcome.result.imported : null;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger asChild>
        <Button size="sm" variant="secondary">
          Import
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={`${styles.dialog} ${styles.importDialog}`}>
          <div className={styles.dialogHead}>
            <Dialog.Title className={styles.dialogTitle}>Import cards</Dialog.Title>
            <Dialog.Close asChild>
              <button
                type="button"
                className={styles.iconButton}
                aria-label="Close"
                disabled={run.isPending}
              >
                <Icon name="close" size={18} />
              </button>
            </Dialog.Close>
          </div>
          <Dialog.Description className={styles.muted}>
            A CSV or TSV file with a header row. Check it first: nothing is imported while a row is
            wrong.
          </Dialog.Description>

          <div className={styles.importGrid}>
            <div className={formStyles.field}>
              <label className={formStyles.label} htmlFor={ids.file}>
                File
              </label>
              <input
                id={ids.file}
                type="file"
                className={formStyles.input}
                accept=".csv,.tsv,.tab,.txt,text/csv,text/tab-separated-values,text/plain"
                disabled={run.isPending}
                onChange={(event) => void onFile(event)}
              />
              {readError ? <p className={formStyles.error}>{readError}</p> : null}
            </div>
            <div className={formStyles.field}>
              <label className={formStyles.label} htmlFor={ids.format}>
                Format
              </label>
              <select
                id={ids.format}
                className={formStyles.input}
                value={format}
                disabled={!file || run.isPending}
                onChange={(event) => onFormat(event.target.value as ImportFormat)}
              >
                <option value="csv">CSV (comma)</option>
                <option value="tsv">TSV (tab)</option>
              </select>
            </div>
          </div>

          {file ? (
            <>
              <section aria-labelledby={`${ids.mapping}-preview`} className={styles.importSection}>
                <h3 id={`${ids.mapping}-preview`} className={styles.importHeading}>
                  Preview{' '}
                  <span className={styles.muted}>
                    ({plural(rowCount, 'row')} in {file.name})
                  </span>
                </h3>
                <div className={styles.previewScroll}>
                  <table className={styles.preview}>
                    <thead>
                      <tr>
                        {header.map((name, index) => (
                          <th key={index} scope="col">
                            {name}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map((row, rowIndex) => (
                        <tr key={rowIndex}>
                          {header.map((_name, index) => (
                            <td key={index} dir="auto">
                              {row[index] ?? ''}
                            </td>
                          ))}
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </section>

              <fieldset className={styles.importSection}>
                <legend className={styles.importHeading}>Columns</legend>
                <div className={styles.mappingGrid}>
                  {importFields.map((field) => {
                    const id = `${ids.mapping}-${field}`;
                    const required = requiredImportFields.includes(field);
                    const missing = showErrors && required && mapping[field] === '';
                    return (
                      <div key={field} className={formStyles.field}>
                        <label className={formStyles.label} htmlFor={id}>
                          {importFieldLabels[field]}
                        </label>
                        <select
                          id={id}
                          className={formStyles.input}
                          value={mapping[field]}
                          aria-invalid={missing}
                          disabled={run.isPending}
                          onChange={(event) => {
                            changed();
                            setMapping((previous) => ({
                              ...previous,
                              [field]: event.target.value,
                            }));
                          }}
                        >
                          <option value="">{required ? 'Choose a column…' : 'None'}</option>
                          {header
                            .filter((name) => name.trim() !== '')
                            .map((name) => (
                              <option key={name} value={name}>
                                {name}
                              </option>
                            ))}
                        </select>
                      </div>
                    );
                  })}
                </div>
              </fieldset>
            </>
          ) : null}

          <div className={styles.importGrid}>
            <LanguageDropdown
              label="Default from"
              value={fromLanguageCode}
              onChange={(code) => {
                changed();
                setFromChoice(code);
              }}
              disabled={run.isPending}
            />
            <LanguageDropdown
              label="Default to"
              value={toLanguageCode}
              onChange={(code) => {
                changed();
                setToChoice(code);
              }}
              disabled={run.isPending}
            />
          </div>
          <div className={formStyles.field}>
            <label className={formStyles.label} htmlFor={ids.category}>
              Into category
            </label>
            <select
              id={ids.category}
              className={formStyles.input}
              aria-describedby={`${ids.category}-hint`}
              value={categoryId}
              disabled={run.isPending}
              onChange={(event) => {
                changed();
                setCategoryId(event.target.value);
              }}
            >
              <option value="">No category</option>
              {targets.map((option) => (
                <option key={option.id} value={option.id}>
                  {indented(option)}
                </option>
              ))}
            </select>
            <p id={`${ids.category}-hint`} className={formStyles.hint}>
              The category paths of a category column start here, or at the top of your tree.
            </p>
          </div>

          <div ref={outcomeRef} className={styles.outcome}>
            {showErrors && problems.length > 0 ? <FormAlert message={problems.join(' ')} /> : null}
            <ImportOutcome outcome={outcome} />
            {run.isPending || imported !== null ? (
              <div className={styles.progress}>
                {imported === null ? (
                  // Indeterminate while the server works: it answers once, with the count.
                  <progress aria-label="Importing" />
                ) : (
                  <progress aria-label="Imported" value={imported} max={Math.max(imported, 1)} />
                )}
                <span className={styles.muted} role="status">
                  {imported === null
                    ? `Importing ${plural(rowCount, 'row')}…`
                    : `${plural(imported, 'card')} imported.`}
                </span>
              </div>
            ) : null}
          </div>

          <div className={styles.dialogActions}>
            {imported !== null ? (
              <Dialog.Close asChild>
                <Button>Done</Button>
              </Dialog.Close>
            ) : (
              <>
                <Button
                  variant="secondary"
                  loading={check.isPending}
                  disabled={busy}
                  onClick={() => void onCheck()}
                >
                  Check
                </Button>
                <Button loading={run.isPending} disabled={busy} onClick={() => void onImport()}>
                  Import
                </Button>
              </>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The dry run's counts, or the bad rows of a 400, or another failure. */
function ImportOutcome({ outcome }: { outcome: Outcome | null }) {
  if (!outcome || outcome.kind === 'imported') return null;
  if (outcome.kind === 'error') return <FormAlert message={outcome.message} />;
  if (outcome.kind === 'checked') {
    const { imported, createdCategories } = outcome.result;
    return (
      <FormAlert
        tone="info"
        message={`All rows are fine: ${plural(imported, 'card')} would be imported${
          createdCategories > 0
            ? ` and ${plural(createdCategories, 'category', 'categories')} created`
            : ''
        }.`}
      />
    );
  }
  const badLines = new Set(outcome.issues.map((issue) => issue.line)).size;
  return (
    <section className={styles.report} aria-labelledby="import-report-title">
      {/* The alert wraps the heading: role="alert" on the h3 itself would hide its heading role. */}
      <div role="alert">
        <h3 id="import-report-title" className={styles.importHeading}>
          {plural(outcome.issues.length, 'problem')} in{' '}
          {outcome.issues.every((issue) => issue.line === null)
            ? 'the file'
            : plural(badLines, 'row')}
          : nothing was imported.
        </h3>
      </div>
      {/* A scrollable list is focusable so that the keyboard can scroll it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <ul className={styles.reportList} tabIndex={0} aria-label="Bad rows">
        {outcome.issues.map((issue, index) => (
          <li key={index} className={styles.reportRow}>
            <span className={styles.reportLine}>
              {issue.line === null ? 'File' : `Line ${issue.line}`}
            </span>
            <span className={styles.reportField}>
              {issue.field ? fieldLabel(issue.field) : '—'}
            </span>
            <span className={styles.reportMessage}>{issue.message}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
