import { useLingui } from '@lingui/react/macro';
import styles from './statistics-fallback.module.css';

/** The statistics' place while their chunk loads: their panels' height, so nothing moves. */
export function StatisticsFallback() {
  const { t } = useLingui();
  return <div className={styles.fallback} role="status" aria-label={t`Loading your statistics`} />;
}
