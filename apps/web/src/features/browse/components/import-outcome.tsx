import type { ImportResult } from '@glossa/contract';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form/form-alert';
import { paths } from '../../../config/paths';
import browseStyles from '../browse.module.css';
import dialogStyles from './import-dialog.module.css';
import styles from './import-outcome.module.css';
import { fieldLabel, importSummary, plural } from './import-file';
import type { Outcome } from './use-import-submit';

/** The dry run's counts, or the bad rows of a 400, or another failure. */
export function ImportOutcome({ outcome }: { outcome: Outcome | null }) {
  if (!outcome || outcome.kind === 'imported') return null;
  if (outcome.kind === 'error') return <FormAlert message={outcome.message} />;
  if (outcome.kind === 'checked') return <CheckedOutcome result={outcome.result} />;
  const badLines = new Set(outcome.issues.map((issue) => issue.line)).size;
  const unlisted = outcome.issueCount - outcome.issues.length;
  const where =
    unlisted > 0
      ? ''
      : outcome.issues.every((issue) => issue.line === null)
        ? ' in the file'
        : ` in ${plural(badLines, 'row')}`;
  return (
    <section className={styles.report} aria-labelledby="import-report-title">
      {/* The alert wraps the heading: role="alert" on the h3 itself would hide its heading role. */}
      <div role="alert">
        <h3 id="import-report-title" className={dialogStyles.importHeading}>
          {plural(outcome.issueCount, 'problem')}
          {where}: nothing was imported.
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
      {unlisted > 0 ? (
        <p className={browseStyles.muted}>
          And {plural(unlisted, 'more problem')}: the first {outcome.issues.length.toLocaleString()}{' '}
          are listed. Fix them and check again.
        </p>
      ) : null}
    </section>
  );
}

/** The dry run's answer: a success, and the rows that repeat a card or an earlier row. */
function CheckedOutcome({ result }: { result: ImportResult }) {
  const unlisted = result.duplicateCount - result.duplicates.length;
  return (
    <section className={styles.report} aria-label="Check">
      <FormAlert tone="success" message={importSummary(result)} />
      {result.duplicateCount > 0 ? (
        <>
          <h3 className={dialogStyles.importHeading}>
            {result.duplicateCount === 1
              ? '1 row repeats a card you have or an earlier row'
              : `${result.duplicateCount.toLocaleString()} rows repeat a card you have or an earlier row`}
          </h3>
          {/* A scrollable list is focusable so that the keyboard can scroll it. */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
          <ul className={styles.duplicateList} tabIndex={0} aria-label="Duplicate rows">
            {result.duplicates.map((duplicate) => (
              <li key={duplicate.line} className={styles.reportRow}>
                <span className={styles.reportLine}>Line {duplicate.line}</span>
                <span className={styles.reportField} dir="auto">
                  {duplicate.front}
                </span>
                <span className={styles.reportMessage}>
                  {duplicate.card ? (
                    <>
                      repeats{' '}
                      <Link to={paths.app.card.getHref(duplicate.card.id)} dir="auto">
                        {duplicate.card.front}
                      </Link>
                    </>
                  ) : (
                    `repeats line ${duplicate.earlierLine ?? '?'}`
                  )}
                </span>
              </li>
            ))}
          </ul>
          {unlisted > 0 ? (
            <p className={browseStyles.muted}>
              And {unlisted.toLocaleString()} more: the first{' '}
              {result.duplicates.length.toLocaleString()} are listed.
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/** The import's progress bar while the server works (it answers once, with the counts). */
export function ImportProgress({ label }: { label: string }) {
  return (
    <div className={styles.progress}>
      <progress aria-label={label} />
      <span className={browseStyles.muted} role="status">
        {label}
      </span>
    </div>
  );
}
