import { Link } from 'react-router';
import { Icon } from './icon';
import styles from './logo.module.css';

/** The Glossa wordmark, linking home (or to the dashboard inside the app). */
export function Logo({ to }: { to: string }) {
  return (
    <Link to={to} className={styles.logo}>
      <span className={styles.mark}>
        <Icon name="logo" size={20} />
      </span>
      <span className={styles.word}>Glossa</span>
    </Link>
  );
}
