import type { ReactNode } from 'react';
import styles from './form.module.css';

type FormAlertProps = {
  /** Nothing is rendered without a message, so the alert is announced when it appears. */
  message?: ReactNode;
  /** error (the default) is announced as an alert; info and success as a status. */
  tone?: 'error' | 'info' | 'success';
  id?: string;
};

/** The form-level message: errors that belong to no single field. */
export function FormAlert({ message, tone = 'error', id }: FormAlertProps) {
  if (!message) return null;
  return (
    <p
      className={styles.alert}
      data-tone={tone}
      role={tone === 'error' ? 'alert' : 'status'}
      id={id}
    >
      {message}
    </p>
  );
}
