import { Trans, useLingui } from '@lingui/react/macro';
import { paths } from '../config/paths';
import { useSession } from '../lib/auth';
import { ButtonLink } from './button';
import { Logo } from './logo';
import styles from './main-header.module.css';
import { ThemeToggler } from './theme-toggler';

/** The header of the public pages: sign in and sign up, or "Open app" when signed in. */
export function MainHeader() {
  const { t } = useLingui();
  const session = useSession();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Logo to={paths.home.getHref()} />
        <nav aria-label={t`Account`} className={styles.nav}>
          {session ? (
            <ButtonLink to={paths.app.dashboard.getHref()} size="sm">
              <Trans>Open app</Trans>
            </ButtonLink>
          ) : (
            <>
              <ButtonLink to={paths.auth.login.getHref()} variant="ghost" size="sm">
                <Trans>Sign in</Trans>
              </ButtonLink>
              <ButtonLink to={paths.auth.signup.getHref()} size="sm">
                <Trans>Sign up</Trans>
              </ButtonLink>
            </>
          )}
          <ThemeToggler />
        </nav>
      </div>
    </header>
  );
}
