import type { StudySummary } from '@glossa/contract';
import styles from '../dashboard.module.css';

/** Today's figures as tiles: a term and its value, then a line that puts it in context. */
export function SummaryTiles({ summary }: { summary: StudySummary }) {
  const { dueToday, dueNow, newToday, answeredToday, combo } = summary;
  const rate =
    answeredToday.total > 0 ? Math.round((answeredToday.successes / answeredToday.total) * 100) : 0;
  return (
    <dl className={styles.tiles}>
      <div className={styles.tile}>
        <dt className={styles.term}>Due today</dt>
        <dd className={styles.value}>{dueToday}</dd>
        <dd className={styles.hint}>
          {dueToday === 0
            ? 'Nothing waiting'
            : dueNow === dueToday
              ? 'All due now'
              : `${dueNow} due now, ${dueToday - dueNow} later today`}
        </dd>
      </div>
      <div className={styles.tile}>
        <dt className={styles.term}>New today</dt>
        <dd className={styles.value}>{newToday}</dd>
        <dd className={styles.hint}>
          {newToday === 0 ? 'No new card left for today' : 'New cards left for today'}
        </dd>
      </div>
      <div className={styles.tile}>
        <dt className={styles.term}>Answered today</dt>
        <dd className={styles.value}>{answeredToday.total}</dd>
        <dd className={styles.hint}>
          {answeredToday.total === 0
            ? 'No answer yet today'
            : `${rate}% right: ${answeredToday.successes} right, ${answeredToday.failures} wrong`}
        </dd>
      </div>
      <div className={styles.tile}>
        <dt className={styles.term}>Combo</dt>
        <dd className={styles.value}>{combo.current}</dd>
        <dd className={styles.hint}>
          {combo.best === 0 ? 'Right answers in a row' : `Best: ${combo.best} in a row`}
        </dd>
      </div>
    </dl>
  );
}
