import { useLingui } from '@lingui/react/macro';
import type { ComponentPropsWithRef } from 'react';
import { Icon } from './icon';
import styles from './user-block.module.css';

/** The account menu's button: the learner's initial and name. */
export function UserButton({
  username,
  ...props
}: { username: string } & ComponentPropsWithRef<'button'>) {
  const { t } = useLingui();
  const initial = username ? username.charAt(0).toLocaleUpperCase() : '';
  return (
    <button
      type="button"
      className={styles.trigger}
      aria-label={username ? t`Account menu for ${username}` : t`Account menu`}
      aria-haspopup="menu"
      {...props}
    >
      <span className={styles.avatar} aria-hidden="true">
        {initial || <Icon name="user" size={16} />}
      </span>
      <span className={styles.name}>{username}</span>
      <Icon name="chevronDown" size={16} />
    </button>
  );
}
