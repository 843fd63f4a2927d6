import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { Toaster } from '../../components/toaster';
import { clearToastsAway } from '../../lib/app-state';
import styles from './layouts.module.css';

export const mainContentId = 'main-content';

/** Moves focus to the main region after a navigation, so screen readers start on the new page. */
function useFocusMainOnNavigate() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    document.getElementById(mainContentId)?.focus({ preventScroll: true });
  }, [pathname]);
}

/** A toast does not outlive its page: leaving the page removes it. */
function useToastsOfThisPage() {
  const { pathname } = useLocation();
  useEffect(() => clearToastsAway(pathname), [pathname]);
}

/** The first stop of the keyboard: straight to the page's main region. */
export function SkipLink() {
  return (
    <a className={styles.skipLink} href={`#${mainContentId}`}>
      <Trans>Skip to main content</Trans>
    </a>
  );
}

/** The root view: the routed page plus the two toast areas. */
export function RootLayout() {
  const { t } = useLingui();
  const navigation = useNavigation();
  useFocusMainOnNavigate();
  useToastsOfThisPage();
  return (
    <>
      <SkipLink />
      {navigation.state === 'loading' ? (
        <div className={styles.progress} role="progressbar" aria-label={t`Loading page`} />
      ) : null}
      <Outlet />
      <Toaster />
      <ScrollRestoration />
    </>
  );
}
