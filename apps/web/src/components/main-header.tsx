import { paths } from '../config/paths';
import { useSession } from '../lib/auth';
import { ButtonLink } from './button';
import { Logo } from './logo';
import styles from './main-header.module.css';
import { ThemeToggler } from './theme-toggler';

/** The header of the public pages: sign in and sign up, or "Open app" when signed in. */
export function MainHeader() {
  const session = useSession();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Logo to={paths.home.getHref()} />
        <nav aria-label="Account" className={styles.nav}>
          {session ? (
            <ButtonLink to={paths.app.dashboard.getHref()} size="sm">
              Open app
            </ButtonLink>
          ) : (
            <>
              <ButtonLink to={paths.auth.login.getHref()} variant="ghost" size="sm">
                Sign in
              </ButtonLink>
              <ButtonLink to={paths.auth.signup.getHref()} size="sm">
                Sign up
              </ButtonLink>
            </>
          )}
          <ThemeToggler />
        </nav>
      </div>
    </header>
  );
}
