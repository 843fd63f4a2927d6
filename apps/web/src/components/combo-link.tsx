import type { ComponentPropsWithRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import styles from './combo-badge.module.css';
import { Icon } from './icon';

/** "3 answers right in a row". */
export function comboText(combo: number): string {
  return `${combo} ${combo === 1 ? 'answer' : 'answers'} right in a row`;
}

/** The combo's link to the dashboard: the flame and the number, named in words. */
export function ComboLink({
  combo,
  ...props
}: { combo: number } & Omit<ComponentPropsWithRef<typeof Link>, 'to'>) {
  return (
    <Link
      to={paths.app.dashboard.getHref()}
      className={styles.combo}
      aria-label={`Combo: ${comboText(combo)}`}
      {...props}
    >
      <Icon name="flame" size={16} />
      <span aria-hidden="true">{combo}</span>
    </Link>
  );
}
