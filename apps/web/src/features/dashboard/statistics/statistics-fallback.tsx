import styles from './statistics-fallback.module.css';

/** The statistics' place while their chunk loads: their panels' height, so nothing moves. */
export function StatisticsFallback() {
  return <div className={styles.fallback} role="status" aria-label="Loading your statistics" />;
}
