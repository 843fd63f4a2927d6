import type { ComponentPropsWithoutRef } from 'react';
import styles from './visually-hidden.module.css';

/** Text for screen readers only. */
export function VisuallyHidden({ className, ...rest }: ComponentPropsWithoutRef<'span'>) {
  return <span className={className ? `${styles.hidden} ${className}` : styles.hidden} {...rest} />;
}
