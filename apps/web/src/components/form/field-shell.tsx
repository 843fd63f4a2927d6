import { useId, type ReactNode } from 'react';
import styles from './form.module.css';

export type FieldA11yProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};

type FieldShellProps = {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  id?: string | undefined;
  /** Renders the control with the ids that tie it to its label, hint and error. */
  children: (a11y: FieldA11yProps) => ReactNode;
};

/** Label above, control, then hint and inline error, wired for screen readers. */
export function FieldShell({ label, hint, error, id, children }: FieldShellProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      {children({ id: inputId, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {hint ? (
        <p className={styles.hint} id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className={styles.error} id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
