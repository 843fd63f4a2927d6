import {
  memorySettingNames,
  type GradeSettings,
  type MemorySettingName,
  type MemorySettings,
  type StudyFit,
} from '@glossa/contract';
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
  const before = fit.logLossBefore ?? 0;
  const after = fit.logLossAfter ?? before;
  const lower = before > 0 ? ((before - after) / before) * 100 : 0;
  return (
    <>
      <dl className={styles.losses}>
        <div>
          <dt>Log loss of your numbers</dt>
          <dd>{formatLoss(before)}</dd>
        </div>
        <div>
          <dt>Log loss of the fitted numbers</dt>
          <dd>
            {formatLoss(after)} <span className={styles.gain}>({lower.toFixed(1)} % lower)</span>
          </dd>
        </div>
      </dl>
      <p className={settingsStyles.muted}>
        Log loss measures how well the numbers predicted whether you would remember, over your{' '}
        {fit.reviewCount} reviews: lower is better.
        {fit.fittedReviewCount < fit.reviewCount
          ? ` The fit learned from a sample of ${fit.fittedReviewCount} of them.`
          : ''}
      </p>
      <div className={styles.tableBox}>
        <table className={styles.table}>
          <caption className={styles.tableCaption}>The numbers</caption>
          <thead>
            <tr>
              <th scope="col">Setting</th>
              <th scope="col">Yours</th>
              <th scope="col">Fitted</th>
            </tr>
          </thead>
          {schedulerGroups
            .filter((group) => group.fields.some((field) => isMemorySetting(field.name)))
            .map((group) => (
              <tbody key={group.title}>
                <tr>
                  <th scope="rowgroup" colSpan={3} className={styles.groupHeader}>
                    {group.title}
                  </th>
                </tr>
                {group.fields.map(({ name, label }) => {
                  if (!isMemorySetting(name)) return null;
                  const changed = fit.settings[name] !== saved[name];
                  return (
                    <tr key={name} data-changed={changed}>
                      <th scope="row">
                        <VisuallyHidden>{group.title}: </VisuallyHidden>
                        {label}
                      </th>
                      <td>{saved[name]}</td>
                      <td>
                        {fit.settings[name]}
                        {changed ? null : <span className={styles.same}> (same)</span>}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            ))}
          <tbody>
            <tr>
              <th scope="rowgroup" colSpan={3} className={styles.groupHeader}>
                Grades
              </th>
            </tr>
            {gradeSettingFields.map(({ name, label }) => {
              const changed = fit.gradeSettings[name] !== savedGrades?.[name];
              return (
                <tr key={name} data-changed={changed}>
                  <th scope="row">
                    <VisuallyHidden>Grades: </VisuallyHidden>
                    {label}
                  </th>
                  <td>{savedGrades?.[name] ?? '…'}</td>
                  <td>
                    {fit.gradeSettings[name]}
                    {changed ? null : <span className={styles.same}> (same)</span>}
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
      setApplyError(
        `The fitted numbers could not be saved: ${error instanceof Error ? error.message : String(error)}`,
      );
      return;
    } finally {
      setApplying(false);
    }
    close();
  };

  const result = fit.data;
  const improved =
    result?.enoughHistory === true &&
    result.logLossAfter !== null &&
    result.logLossBefore !== null &&
    result.logLossAfter < result.logLossBefore;

  return (
    <fieldset className={settingsStyles.fieldset}>
      <legend className={settingsStyles.legend}>Fit to my history</legend>
      <p className={settingsStyles.muted}>
        Glossa can tune the ten memory numbers below and the seven grade numbers to your own
        answers: it looks for the numbers that best predict whether you remembered each card.
        Nothing changes until you apply them.
      </p>

      <div role="status" className={styles.status}>
        {fit.isPending
          ? evaluations > 0
            ? `Fitting your history… ${evaluations.toLocaleString('en')} trials of numbers so far.`
            : 'Fitting your history… this can take a few seconds.'
          : null}
      </div>
      <FormAlert
        message={fit.isError ? `The fit failed: ${fit.error.message}` : applyError}
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
                Not enough history yet: {result.reviewCount} of {result.minimumReviews} reviews
              </h3>
              <p className={settingsStyles.muted}>
                A card’s first answer predicts nothing, so only the answers after it count. Until
                then your numbers stay as they are.
              </p>
            </>
          ) : improved ? (
            <>
              <h3 id={resultTitleId} className={styles.resultTitle}>
                These numbers fit your answers better
              </h3>
              <ImprovedFit fit={result} saved={saved} savedGrades={grades.data} />
            </>
          ) : (
            <>
              <h3 id={resultTitleId} className={styles.resultTitle}>
                Your numbers already fit your history best
              </h3>
              <p className={settingsStyles.muted}>
                Log loss {formatLoss(result.logLossBefore ?? 0)} over your {result.reviewCount}{' '}
                reviews; the fit found nothing lower.
              </p>
            </>
          )}
          <div className={settingsStyles.actions}>
            {improved ? (
              <Button loading={applying} onClick={() => void apply(result)}>
                Apply
              </Button>
            ) : null}
            <Button variant="secondary" onClick={close} disabled={applying}>
              {improved ? 'Cancel' : 'Close'}
            </Button>
          </div>
        </div>
      ) : (
        <div ref={startRef} className={settingsStyles.actions}>
          <Button variant="secondary" loading={fit.isPending} onClick={run}>
            Fit to my history
          </Button>
        </div>
      )}
    </fieldset>
  );
}
