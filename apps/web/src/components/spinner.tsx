import { useLingui } from '@lingui/react/macro';
import styles from './spinner.module.css';

export interface SpinnerProps {
  /** What is loading, announced to screen readers. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
}

export function Spinner({ label, size = 'md' }: SpinnerProps) {
  const { t } = useLingui();
  return (
    <span className={`${styles.spinner} ${styles[size]}`} role="status">
      <span className={styles.ring} aria-hidden="true" />
      <span className={styles.label}>{label ?? t`Loading`}</span>
    </span>
  );
}

/** A centred spinner for a whole page or region while it loads. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className={styles.page}>
      <Spinner label={label} size="lg" />
    </div>
  );
}
