import { Trans } from '@lingui/react/macro';
import { memo } from 'react';
import styles from './combo-celebration.module.css';

/** A combo milestone just reached; `key` starts the animation again for each one. */
export interface Celebration {
  combo: number;
  key: number;
}

/**
 * The session's polite live region: it announces (and shows) a combo milestone. Memoised: the
 * session renders again on every keystroke, this region only when a milestone changes.
 */
export const ComboCelebration = memo(function ComboCelebration({
  celebration,
}: {
  celebration: Celebration | null;
}) {
  const combo = celebration?.combo;
  return (
    <div className={styles.live} aria-live="polite" role="status">
      {celebration ? (
        <p key={celebration.key} className={styles.celebration}>
          <span aria-hidden="true" className={styles.burst}>
            🎉
          </span>{' '}
          <Trans>Combo of {combo}! Keep going.</Trans>
        </p>
      ) : null}
    </div>
  );
});
