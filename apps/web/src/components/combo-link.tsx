import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ComponentPropsWithRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import styles from './combo-badge.module.css';
import { Icon } from './icon';

/** "3 answers right in a row". */
export function comboText(combo: number): MessageDescriptor {
  return msg`${plural(combo, { one: '# answer right in a row', other: '# answers right in a row' })}`;
}

/** The combo's link to the dashboard: the flame and the number, named in words. */
export function ComboLink({
  combo,
  ...props
}: { combo: number } & Omit<ComponentPropsWithRef<typeof Link>, 'to'>) {
  const { i18n } = useLingui();
  const inARow = i18n._(comboText(combo));
  return (
    <Link
      to={paths.app.dashboard.getHref()}
      className={styles.combo}
      aria-label={i18n._(msg`Combo: ${inARow}`)}
      {...props}
    >
      <Icon name="flame" size={16} />
      <span aria-hidden="true">{combo}</span>
    </Link>
  );
}
