import { FormAlert } from '../../../components/form/form-alert';
import browseStyles from '../browse.module.css';
import dialogStyles from './import-dialog.module.css';
import styles from './import-outcome.module.css';
import { fieldLabel, plural } from './import-file';
import type { Outcome } from './use-import-submit';

/** The dry run's counts, or the bad rows of a 400, or another failure. */
export function ImportOutcome({ outcome }: { outcome: Outcome | null }) {
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
        <h3 id="import-report-title" className={dialogStyles.importHeading}>
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

export interface ImportProgressProps {
  /** The count of imported cards, null while the import runs. */
  imported: number | null;
  /** The file's data rows, for the running message. */
  rowCount: number;
}

/** The import's progress bar and its announced message. */
export function ImportProgress({ imported, rowCount }: ImportProgressProps) {
  return (
    <div className={styles.progress}>
      {imported === null ? (
        // Indeterminate while the server works: it answers once, with the count.
        <progress aria-label="Importing" />
      ) : (
        <progress aria-label="Imported" value={imported} max={Math.max(imported, 1)} />
      )}
      <span className={browseStyles.muted} role="status">
        {imported === null
          ? `Importing ${plural(rowCount, 'row')}…`
          : `${plural(imported, 'card')} imported.`}
      </span>
    </div>
  );
}
