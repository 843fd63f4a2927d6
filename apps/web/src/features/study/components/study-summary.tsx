import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode, Ref } from 'react';
import { ButtonLink, buttonClassName } from '../../../components/button';
import { Panel } from '../../../components/panel';
import { paths } from '../../../config/paths';
import studyStyles from '../study.module.css';
import styles from './study-summary.module.css';
import type { SessionAnswer } from './session-answer';

export interface StudySummaryProps {
  results: SessionAnswer[];
  /** Answers of this device still waiting for the server. */
  waiting: number;
  againRef: Ref<HTMLButtonElement>;
  onStudyAgain: () => void;
  live: ReactNode;
}

/** The end of a session: answered, right, accuracy, best combo; then study again. */
export function StudySummary({
  results,
  waiting,
  againRef,
  onStudyAgain,
  live,
}: StudySummaryProps) {
  const { t } = useLingui();
  const counted = results.filter((item) => item.sync !== 'refused');
  const answered = counted.length;
  const right = counted.filter((item) => item.success).length;
  const bestCombo = counted.reduce((best, item) => Math.max(best, item.combo), 0);
  const accuracy = answered ? Math.round((right / answered) * 100) : null;
  return (
    <Panel as="section" aria-labelledby="study-summary" className={styles.summary}>
      <h2 id="study-summary" className={studyStyles.sectionTitle}>
        <Trans>Session complete</Trans>
      </h2>
      <dl className={styles.stats}>
        <div>
          <dt>
            <Trans>Answered</Trans>
          </dt>
          <dd>{answered}</dd>
        </div>
        <div>
          <dt>
            {/* An id of its own: a count of right answers (plural), not "Right" as a verdict. */}
            <Trans id="study.summary.right">Right</Trans>
          </dt>
          <dd>{right}</dd>
        </div>
        <div>
          <dt>
            <Trans>Accuracy</Trans>
          </dt>
          <dd>{accuracy === null ? '—' : t`${accuracy}%`}</dd>
        </div>
        <div>
          <dt>
            <Trans>Best combo</Trans>
          </dt>
          <dd>{bestCombo}</dd>
        </div>
      </dl>
      {waiting > 0 ? (
        <p id="study-again-note" className={studyStyles.muted}>
          <Trans>
            A new session starts once your answers have synced, so cards you answered offline do not
            come back before the server knows them.
          </Trans>
        </p>
      ) : null}
      <div className={studyStyles.actions}>
        <button
          ref={againRef}
          type="button"
          className={buttonClassName({})}
          onClick={onStudyAgain}
          disabled={waiting > 0}
          aria-describedby={waiting > 0 ? 'study-again-note' : undefined}
        >
          <Trans>Study again</Trans>
        </button>
        <ButtonLink to={paths.app.dashboard.getHref()} variant="secondary">
          <Trans>Back to the dashboard</Trans>
        </ButtonLink>
      </div>
      {live}
    </Panel>
  );
}
