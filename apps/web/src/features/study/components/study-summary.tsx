import type { ReactNode, Ref } from 'react';
import { ButtonLink, buttonClassName } from '../../../components/button';
import { Panel } from '../../../components/panel';
import { paths } from '../../../config/paths';
import studyStyles from '../study.module.css';
import styles from './study-summary.module.css';
import type { SessionAnswer } from './session-answer';
import { percent } from './study-format';

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
  const counted = results.filter((item) => item.sync !== 'refused');
  const answered = counted.length;
  const right = counted.filter((item) => item.success).length;
  const bestCombo = counted.reduce((best, item) => Math.max(best, item.combo), 0);
  return (
    <Panel as="section" aria-labelledby="study-summary" className={styles.summary}>
      <h2 id="study-summary" className={studyStyles.sectionTitle}>
        Session complete
      </h2>
      <dl className={styles.stats}>
        <div>
          <dt>Answered</dt>
          <dd>{answered}</dd>
        </div>
        <div>
          <dt>Right</dt>
          <dd>{right}</dd>
        </div>
        <div>
          <dt>Accuracy</dt>
          <dd>{answered ? percent(right / answered) : '—'}</dd>
        </div>
        <div>
          <dt>Best combo</dt>
          <dd>{bestCombo}</dd>
        </div>
      </dl>
      {waiting > 0 ? (
        <p id="study-again-note" className={studyStyles.muted}>
          A new session starts once your answers have synced, so cards you answered offline do not
          come back before the server knows them.
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
          Study again
        </button>
        <ButtonLink to={paths.app.dashboard.getHref()} variant="secondary">
          Back to the dashboard
        </ButtonLink>
      </div>
      {live}
    </Panel>
  );
}
