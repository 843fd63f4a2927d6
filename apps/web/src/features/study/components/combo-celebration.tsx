import styles from './combo-celebration.module.css';

/** A combo milestone just reached; `key` starts the animation again for each one. */
export interface Celebration {
  combo: number;
  key: number;
}

/** The session's polite live region: it announces (and shows) a combo milestone. */
export function ComboCelebration({ celebration }: { celebration: Celebration | null }) {
  return (
    <div className={styles.live} aria-live="polite" role="status">
      {celebration ? (
        <p key={celebration.key} className={styles.celebration}>
          <span aria-hidden="true" className={styles.burst}>
            🎉
          </span>{' '}
          Combo of {celebration.combo}! Keep going.
        </p>
      ) : null}
    </div>
  );
}
