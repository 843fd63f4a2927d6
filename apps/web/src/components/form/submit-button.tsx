import type { ButtonHTMLAttributes, ReactNode } from 'react';
import styles from './form.module.css';

export type SubmitButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> & {
  pending: boolean;
  /** What the button says while the request runs, e.g. "Signing in…". */
  pendingLabel?: ReactNode;
  variant?: 'primary' | 'danger';
  children: ReactNode;
};

/** A submit button that is disabled and says so while its form is being sent. */
export function SubmitButton({
  pending,
  pendingLabel,
  variant = 'primary',
  children,
  disabled,
  className,
  ...button
}: SubmitButtonProps) {
  return (
    <button
      type="submit"
      className={className ? `${styles.submit} ${className}` : styles.submit}
      data-variant={variant}
      disabled={disabled || pending}
      aria-busy={pending}
      {...button}
    >
      {pending ? <span className={styles.spinner} aria-hidden="true" /> : null}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}
