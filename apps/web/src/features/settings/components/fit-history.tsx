import {
  memorySettingNames,
  type GradeSettings,
  type MemorySettingName,
  type MemorySettings,
  type StudyFit,
} from '@glossa/contract';
import { plural } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form/form-alert';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { useGradeSettings, useSaveGradeSettings } from '../../study/api/scheduler-requests';
import { useStudyFit, useStudyFitProgress } from '../api/study-fit-requests';
import { gradeSettingFields } from './grade-settings-section';
import settingsStyles from '../settings.module.css';
import styles from './fit-history.module.css';
import { schedulerGroups } from './learning-settings-schema';

const isMemorySetting = (name: string): name is MemorySettingName =>
  (memorySettingNames as readonly string[]).includes(name);

const formatLoss = (value: number) => value.toFixed(4);

function ImprovedFit({
  fit,
  saved,
  savedGrades,
}: {
  fit: StudyFit;
  saved: MemorySettings;
  /** The learner's seven version-2 numbers now (decision 0030); undefined while loading. */
  savedGrades: GradeSettings | undefined;
}) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const before = fit.logLossBefore ?? 0;
  const after = fit.logLossAfter ?? before;
  const lower = i18n.number(before > 0 ? ((before - after) / before) * 100 : 0, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const afterText = formatLoss(after);
  const reviewCount = fit.reviewCount;
  const sampleCount = fit.fittedReviewCount;
  const grades = t`Grades`;
  return (
    <>
      <dl className={styles.losses}>
        <div>
          <dt>
            <Trans>Log loss of your numbers</Trans>
          </dt>
          <dd>{formatLoss(before)}</dd>
        </div>
        <div>
          <dt>
            <Trans>Log loss of the fitted numbers</Trans>
          </dt>
          <dd>
            <Trans>
              {afterText} <span className={styles.gain}>({lower} % lower)</span>
            </Trans>
          </dd>
        </div>
      </dl>
      <p className={settingsStyles.muted}>
        {t`Log loss measures how well the numbers predicted whether you would remember, over your ${plural(
          reviewCount,
          { one: '# review', other: '# reviews' },
        )}: lower is better.`}
        {sampleCount < reviewCount
          ? ` ${t`The fit learned from a sample of ${sampleCount} of them.`}`
          : ''}
      </p>
      <div className={styles.tableBox}>
        <table className={styles.table}>
          <caption className={styles.tableCaption}>
            <Trans>The numbers</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Setting</Trans>
              </th>
              <th scope="col">
                <Trans>Yours</Trans>
              </th>
              <th scope="col">
                <Trans>Fitted</Trans>
              </th>
            </tr>
          </thead>
          {schedulerGroups
            .filter((group) => group.fields.some((field) => isMemorySetting(field.name)))
            .map((group) => (
              <tbody key={group.key}>
                <tr>
                  <th scope="rowgroup" colSpan={3} className={styles.groupHeader}>
                    {i18n._(group.title)}
                  </th>
                </tr>
                {group.fields.map(({ name, label }) => {
                  if (!isMemorySetting(name)) return null;
                  const changed = fit.settings[name] !== saved[name];
                  return (
                    <tr key={name} data-changed={changed}>
                      <th scope="row">
                        <VisuallyHidden>{`${i18n._(group.title)}: `}</VisuallyHidden>
                        {i18n._(label)}
                      </th>
                      <td>{saved[name]}</td>
                      <td>
                        {fit.settings[name]}
                        {changed ? null : <span className={styles.same}> {t`(same)`}</span>}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            ))}
          <tbody>
            <tr>
              <th scope="rowgroup" colSpan={3} className={styles.groupHeader}>
                {grades}
              </th>
            </tr>
            {gradeSettingFields.map(({ name, label }) => {
              const changed = fit.gradeSettings[name] !== savedGrades?.[name];
              return (
                <tr key={name} data-changed={changed}>
                  <th scope="row">
                    <VisuallyHidden>{`${grades}: `}</VisuallyHidden>
                    {i18n._(label)}
                  </th>
                  <td>{savedGrades?.[name] ?? '…'}</td>
                  <td>
                    {fit.gradeSettings[name]}
                    {changed ? null : <span className={styles.same}> {t`(same)`}</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

export interface FitToHistoryProps {
  /** The memory numbers saved now (what the fit compares with). */
  saved: MemorySettings;
  /** Saves the fitted numbers (POST /api/user/edit) and puts them in the form. */
  onApply: (settings: MemorySettings) => Promise<void>;
}

/**
 * "Fit to my history": asks the server for memory numbers fitted to the learner's log, shows the
 * log loss before and after and the numbers, and saves them only when the learner applies them.
 */
export function FitToHistory({ saved, onApply }: FitToHistoryProps) {
  const { t } = useLingui();
  const fit = useStudyFit();
  const progress = useStudyFitProgress(fit.isPending);
  const evaluations = fit.isPending && progress.data?.running ? progress.data.evaluations : 0;
  // Read once a proposal is shown, for its table ("yours" beside "fitted").
  const grades = useGradeSettings({ enabled: fit.data !== undefined });
  const saveGrades = useSaveGradeSettings();
  const [applying, setApplying] = useState(false);
  const [applyError, setApplyError] = useState<string | undefined>();
  const resultTitleId = useId();
  const startRef = useRef<HTMLDivElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  // The answer replaces the button the focus was on, and closing it brings the button back: the
  // focus follows, once the new content is in the page.
  const shown = useRef(false);
  useEffect(() => {
    if (fit.data) {
      shown.current = true;
      resultRef.current?.focus();
    } else if (shown.current) {
      shown.current = false;
      startRef.current?.querySelector('button')?.focus();
    }
  }, [fit.data]);
  // The button is disabled while the fit runs; after a failure the focus goes back to it.
  useEffect(() => {
    if (fit.isError) startRef.current?.querySelector('button')?.focus();
  }, [fit.isError]);

  const run = () => {
    setApplyError(undefined);
    fit.mutate();
  };
  const close = () => {
    fit.reset();
    setApplyError(undefined);
  };
  /** The ten through POST /api/user/edit (onApply), the seven through PUT /api/study/scheduler. */
  const apply = async (proposal: StudyFit) => {
    setApplying(true);
    setApplyError(undefined);
    try {
      await onApply(proposal.settings);
      await saveGrades.mutateAsync(proposal.gradeSettings);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      setApplyError(t`The fitted numbers could not be saved: ${reason}`);
      return;
    } finally {
      setApplying(false);
    }
    close();
  };

  const result = fit.data;
  const fitError = fit.error?.message;
  const improved =
    result?.enoughHistory === true &&
    result.logLossAfter !== null &&
    result.logLossBefore !== null &&
    result.logLossAfter < result.logLossBefore;
  const reviewCount = result?.reviewCount ?? 0;
  const minimumReviews = result?.minimumReviews ?? 0;
  const lossBefore = formatLoss(result?.logLossBefore ?? 0);

  return (
    <fieldset className={settingsStyles.fieldset}>
      <legend className={settingsStyles.legend}>
        <Trans>Fit to my history</Trans>
      </legend>
      <p className={settingsStyles.muted}>
        <Trans>
          Glossa can tune the ten memory numbers below and the seven grade numbers to your own
          answers: it looks for the numbers that best predict whether you remembered each card.
          Nothing changes until you apply them.
        </Trans>
      </p>

      <div role="status" className={styles.status}>
        {fit.isPending
          ? evaluations > 0
            ? t`Fitting your history… ${plural(evaluations, {
                one: '# trial of numbers so far.',
                other: '# trials of numbers so far.',
              })}`
            : t`Fitting your history… this can take a few seconds.`
          : null}
      </div>
      <FormAlert
        message={fitError !== undefined ? t`The fit failed: ${fitError}` : applyError}
        tone="error"
      />

      {result ? (
        <div
          ref={resultRef}
          tabIndex={-1}
          role="group"
          className={styles.result}
          aria-labelledby={resultTitleId}
        >
          {!result.enoughHistory ? (
            <>
              <h3 id={resultTitleId} className={styles.resultTitle}>
                {t`Not enough history yet: ${plural(minimumReviews, {
                  one: `${reviewCount} of # review`,
                  other: `${reviewCount} of # reviews`,
                })}`}
              </h3>
              <p className={settingsStyles.muted}>
                <Trans>
                  A card’s first answer predicts nothing, so only the answers after it count. Until
                  then your numbers stay as they are.
                </Trans>
              </p>
            </>
          ) : improved ? (
            <>
              <h3 id={resultTitleId} className={styles.resultTitle}>
                <Trans>These numbers fit your answers better</Trans>
              </h3>
              <ImprovedFit fit={result} saved={saved} savedGrades={grades.data} />
            </>
          ) : (
            <>
              <h3 id={resultTitleId} className={styles.resultTitle}>
                <Trans>Your numbers already fit your history best</Trans>
              </h3>
              <p className={settingsStyles.muted}>
                {t`Log loss ${lossBefore} over your ${plural(reviewCount, {
                  one: '# review',
                  other: '# reviews',
                })}; the fit found nothing lower.`}
              </p>
            </>
          )}
          <div className={settingsStyles.actions}>
            {improved ? (
              <Button loading={applying} onClick={() => void apply(result)}>
                <Trans>Apply</Trans>
              </Button>
            ) : null}
            <Button variant="secondary" onClick={close} disabled={applying}>
              {improved ? t`Cancel` : t`Close`}
            </Button>
          </div>
        </div>
      ) : (
        <div ref={startRef} className={settingsStyles.actions}>
          <Button variant="secondary" loading={fit.isPending} onClick={run}>
            <Trans>Fit to my history</Trans>
          </Button>
        </div>
      )}
    </fieldset>
  );
}
