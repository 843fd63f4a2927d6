import type { ReactNode } from 'react';
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
