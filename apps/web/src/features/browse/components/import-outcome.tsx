import type { ImportResult } from '@glossa/contract';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/form/form-alert';
import { PlanLimitAlert } from '../../../components/plan-limit-message';
import { paths } from '../../../config/paths';
import browseStyles from '../browse.module.css';
import dialogStyles from './import-dialog.module.css';
import styles from './import-outcome.module.css';
import { fieldLabel, importSummary } from './import-file';
import type { Outcome } from './use-import-submit';

/** The dry run's counts, or the bad rows of a 400, or another failure. */
export function ImportOutcome({
  outcome,
  onUpgrade,
}: {
  outcome: Outcome | null;
  /** Called as the free plan's upgrade link is followed (the dialog closes). */
  onUpgrade(): void;
}) {
  const { t } = useLingui();
  const lineLabel = (line: number) => t`Line ${line}`;
  if (!outcome || outcome.kind === 'imported') return null;
  if (outcome.kind === 'error') {
    return <PlanLimitAlert error={outcome.error} message={outcome.message} onFollow={onUpgrade} />;
  }
  if (outcome.kind === 'checked') return <CheckedOutcome result={outcome.result} />;
  const badLines = new Set(outcome.issues.map((issue) => issue.line)).size;
  const unlisted = outcome.issueCount - outcome.issues.length;
  const { issueCount } = outcome;
  const listed = outcome.issues.length;
  const title =
    unlisted > 0
      ? t`${plural(issueCount, { one: '# problem', other: '# problems' })}: nothing was imported.`
      : outcome.issues.every((issue) => issue.line === null)
        ? t`${plural(issueCount, { one: '# problem', other: '# problems' })} in the file: nothing was imported.`
        : t`${plural(issueCount, { one: '# problem', other: '# problems' })} in ${plural(badLines, { one: '# row', other: '# rows' })}: nothing was imported.`;
  return (
    <section className={styles.report} aria-labelledby="import-report-title">
      {/* The alert wraps the heading: role="alert" on the h3 itself would hide its heading role. */}
      <div role="alert">
        <h3 id="import-report-title" className={dialogStyles.importHeading}>
          {title}
        </h3>
      </div>
      {/* A scrollable list is focusable so that the keyboard can scroll it. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <ul className={styles.reportList} tabIndex={0} aria-label={t`Bad rows`}>
        {outcome.issues.map((issue, index) => (
          <li key={index} className={styles.reportRow}>
            <span className={styles.reportLine}>
              {issue.line === null ? t`File` : lineLabel(issue.line)}
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
          {t`And ${plural(unlisted, { one: '# more problem', other: '# more problems' })}: the first ${listed} are listed. Fix them and check again.`}
        </p>
      ) : null}
    </section>
  );
}

/** The dry run's answer: a success, and the rows that repeat a card or an earlier row. */
function CheckedOutcome({ result }: { result: ImportResult }) {
  const { t } = useLingui();
  const unlisted = result.duplicateCount - result.duplicates.length;
  const { duplicateCount } = result;
  const listed = result.duplicates.length;
  const lineLabel = (line: number) => t`Line ${line}`;
  const repeatsLine = (line: number | string) => t`repeats line ${line}`;
  return (
    <section className={styles.report} aria-label={t`Check`}>
      <FormAlert tone="success" message={importSummary(result)} />
      {result.duplicateCount > 0 ? (
        <>
          <h3 className={dialogStyles.importHeading}>
            {t`${plural(duplicateCount, { one: '# row repeats a card you have or an earlier row', other: '# rows repeat a card you have or an earlier row' })}`}
          </h3>
          {/* A scrollable list is focusable so that the keyboard can scroll it. */}
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
          <ul className={styles.duplicateList} tabIndex={0} aria-label={t`Duplicate rows`}>
            {result.duplicates.map((duplicate) => (
              <li key={duplicate.line} className={styles.reportRow}>
                <span className={styles.reportLine}>{lineLabel(duplicate.line)}</span>
                <span className={styles.reportField} dir="auto">
                  {duplicate.front}
                </span>
                <span className={styles.reportMessage}>
                  {duplicate.card ? (
                    <RepeatsCard id={duplicate.card.id} front={duplicate.card.front} />
                  ) : (
                    repeatsLine(duplicate.earlierLine ?? '?')
                  )}
                </span>
              </li>
            ))}
          </ul>
          {unlisted > 0 ? (
            <p className={browseStyles.muted}>
              {t`And ${plural(unlisted, { one: '# more', other: '# more' })}: the first ${listed} are listed.`}
            </p>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/** "repeats <the card>", the card linked. */
function RepeatsCard({ id, front }: { id: string; front: string }) {
  return (
    <Trans>
      repeats{' '}
      <Link to={paths.app.card.getHref(id)} dir="auto">
        {front}
      </Link>
    </Trans>
  );
}

/**
 * The import's progress bar: while the file is sent, how much of it has gone (`value`, 0–1);
 * then, as the server works (it answers once, with the counts), a bar without a value.
 */
export function ImportProgress({ label, value }: { label: string; value?: number }) {
  return (
    <div className={styles.progress}>
      {value === undefined ? (
        <progress aria-label={label} />
      ) : (
        <progress aria-label={label} value={Math.round(value * 100)} max={100} />
      )}
      <span className={browseStyles.muted} role="status">
        {label}
      </span>
    </div>
  );
}
