import { useLingui } from '@lingui/react/macro';
import { setIsDark, useAppState } from '../lib/app-state';
import { Icon } from './icon';
import styles from './theme-toggler.module.css';

/**
 * Switches between the dark and the light theme; pressed means dark. Both icons are drawn and the
 * CSS shows the one that matches aria-pressed, so that the prerendered public pages, whose small
 * script only sets aria-pressed and the title, show the right one too.
 */
export function ThemeToggler() {
  const { t } = useLingui();
  const isDark = useAppState((state) => state.isDark);
  return (
    <button
      type="button"
      className={styles.toggler}
      aria-pressed={isDark}
      aria-label={t`Dark theme`}
      title={isDark ? t`Switch to the light theme` : t`Switch to the dark theme`}
      data-theme-toggler=""
      onClick={() => setIsDark(!isDark)}
    >
      <Icon name="sun" size={20} className={styles.sun} />
      <Icon name="moon" size={20} className={styles.moon} />
    </button>
  );
}
