import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useLiveStatus, type LiveStatus } from '../lib/live-status';
import styles from './live-indicator.module.css';

const labels: Record<Exclude<LiveStatus, 'off'>, MessageDescriptor> = {
  connecting: msg`Connecting…`,
  online: msg`Live updates on`,
  reconnecting: msg`Reconnecting…`,
  offline: msg`Offline`,
};

/**
 * The live connection's state: a dot when online (its words for screen readers only), the words
 * when reconnecting or offline. Announced politely when it changes.
 */
export function LiveIndicator() {
  const { i18n } = useLingui();
  const status = useLiveStatus();
  if (status === 'off') return null;
  const label = i18n._(labels[status]);
  const quiet = status === 'online' || status === 'connecting';
  return (
    <span className={styles.indicator} data-status={status} title={label}>
      <span className={styles.dot} aria-hidden="true" />
      <span role="status" aria-live="polite" className={quiet ? styles.hidden : styles.text}>
        {label}
      </span>
    </span>
  );
}
