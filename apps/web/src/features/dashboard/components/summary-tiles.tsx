import type { StudySummary } from '@glossa/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import styles from '../dashboard.module.css';

/** Today's figures as tiles: a term and its value, then a line that puts it in context. */
export function SummaryTiles({ summary }: { summary: StudySummary }) {
  const { t, i18n } = useLingui();
  const { dueToday, dueNow, newToday, answeredToday, combo } = summary;
  const later = dueToday - dueNow;
  const { successes, failures } = answeredToday;
  const rate = i18n.number(answeredToday.total > 0 ? successes / answeredToday.total : 0, {
    style: 'percent',
    maximumFractionDigits: 0,
  });
  const best = combo.best;
  return (
    <dl className={styles.tiles}>
      <div className={styles.tile}>
        <dt className={styles.term}>
          <Trans>Due today</Trans>
        </dt>
        <dd className={styles.value}>{dueToday}</dd>
        <dd className={styles.hint}>
          {dueToday === 0
            ? t`Nothing waiting`
            : dueNow === dueToday
              ? t`All due now`
              : t`${dueNow} due now, ${later} later today`}
        </dd>
      </div>
      <div className={styles.tile}>
        <dt className={styles.term}>
          <Trans>New today</Trans>
        </dt>
        <dd className={styles.value}>{newToday}</dd>
        <dd className={styles.hint}>
          {newToday === 0 ? t`No new card left for today` : t`New cards left for today`}
        </dd>
      </div>
      <div className={styles.tile}>
        <dt className={styles.term}>
          <Trans>Answered today</Trans>
        </dt>
        <dd className={styles.value}>{answeredToday.total}</dd>
        <dd className={styles.hint}>
          {answeredToday.total === 0
            ? t`No answer yet today`
            : t`${rate} right: ${successes} right, ${failures} wrong`}
        </dd>
      </div>
      <div className={styles.tile}>
        <dt className={styles.term}>
          <Trans>Combo</Trans>
        </dt>
        <dd className={styles.value}>{combo.current}</dd>
        <dd className={styles.hint}>
          {best === 0 ? t`Right answers in a row` : t`Best: ${best} in a row`}
        </dd>
      </div>
    </dl>
  );
}
