import { setIsDark, useAppState } from '../lib/app-state';
import { Icon } from './icon';
import styles from './theme-toggler.module.css';

/** Switches between the dark and the light theme; pressed means dark. */
export function ThemeToggler() {
  const isDark = useAppState((state) => state.isDark);
  return (
    <button
      type="button"
      className={styles.toggler}
      aria-pressed={isDark}
      aria-label="Dark theme"
      title={isDark ? 'Switch to the light theme' : 'Switch to the dark theme'}
      onClick={() => setIsDark(!isDark)}
    >
      <Icon name={isDark ? 'moon' : 'sun'} size={20} />
    </button>
  );
}
