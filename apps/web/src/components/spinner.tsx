import styles from './spinner.module.css';

export interface SpinnerProps {
  /** What is loading, announced to screen readers. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
}

export function Spinner({ label = 'Loading', size = 'md' }: SpinnerProps) {
  return (
    <span className={`${styles.spinner} ${styles[size]}`} role="status">
      <span className={styles.ring} aria-hidden="true" />
      <span className={styles.label}>{label}</span>
    </span>
  );
}

/** A centred spinner for a whole page or region while it loads. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={styles.page}>
      <Spinner label={label} size="lg" />
    </div>
  );
}
