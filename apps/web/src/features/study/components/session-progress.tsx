import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { memo } from 'react';
import studyStyles from '../study.module.css';
import styles from './session-progress.module.css';

export interface SessionProgressProps {
  /** Cards answered, the card shown (0-based) and the session's size. */
  done: number;
  index: number;
  total: number;
}

/**
 * How far the session has come: a bar and "Card n of m". Memoised: the session renders again on
 * every keystroke, the bar only when a card is answered or shown.
 */
export const SessionProgress = memo(function SessionProgress({
  done,
  index,
  total,
}: SessionProgressProps) {
  const { t } = useLingui();
  const card = index + 1;
  return (
    <div className={styles.progressRow}>
      <div
        className={styles.progress}
        role="progressbar"
        aria-label={t`Session progress`}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-valuetext={t`${plural(total, {
          one: `${done} of # card answered`,
          other: `${done} of # cards answered`,
        })}`}
      >
        <div className={styles.progressFill} style={{ width: `${(done / total) * 100}%` }} />
      </div>
      <span className={studyStyles.muted}>
        <Trans>
          Card {card} of {total}
        </Trans>
      </span>
    </div>
  );
});
