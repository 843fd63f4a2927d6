import studyStyles from '../study.module.css';
import styles from './session-progress.module.css';

export interface SessionProgressProps {
  /** Cards answered, the card shown (0-based) and the session's size. */
  done: number;
  index: number;
  total: number;
}

/** How far the session has come: a bar and "Card n of m". */
export function SessionProgress({ done, index, total }: SessionProgressProps) {
  return (
    <div className={styles.progressRow}>
      <div
        className={styles.progress}
        role="progressbar"
        aria-label="Session progress"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={`${done} of ${total} cards answered`}
      >
        <div className={styles.progressFill} style={{ width: `${(done / total) * 100}%` }} />
      </div>
      <span className={studyStyles.muted}>
        Card {index + 1} of {total}
      </span>
    </div>
  );
}
