import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Button } from './button';
import styles from './empty-state.module.css';
import { Icon, type IconName } from './icon';

export interface EmptyStateProps {
  icon?: IconName;
  title: string;
  /** Heading level inside the page outline. */
  headingLevel?: 2 | 3;
  children?: ReactNode;
  action?: ReactNode;
}

/** What a region will hold and why it is empty now. */
export function EmptyState({ icon, title, headingLevel = 2, children, action }: EmptyStateProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.empty}>
      {icon ? (
        <span className={styles.icon}>
          <Icon name={icon} size={28} />
        </span>
      ) : null}
      <Heading className={styles.title}>{title}</Heading>
      {children ? <div className={styles.body}>{children}</div> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}

export interface LoadFailedProps {
  icon?: IconName;
  title: string;
  error: Error;
  onRetry: () => void;
}

/** A region whose data could not be loaded: why, and a way to try again. */
export function LoadFailed({ icon, title, error, onRetry }: LoadFailedProps) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      action={
        <Button variant="secondary" onClick={onRetry}>
          <Trans>Try again</Trans>
        </Button>
      }
    >
      <p>{error.message}</p>
    </EmptyState>
  );
}
