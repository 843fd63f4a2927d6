import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { useSession } from '../lib/auth';
import styles from './website-block.module.css';

/** The footer: legal pages, help (signed in: the wiki is an /app page), copyright. */
export function WebsiteBlock() {
  const { t } = useLingui();
  const session = useSession();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label={t`Site`}>
          <ul className={styles.links}>
            <li>
              <Link to={paths.privacy.getHref()}>
                <Trans>Privacy</Trans>
              </Link>
            </li>
            <li>
              <Link to={paths.termsOfUse.getHref()}>
                <Trans>Terms of use</Trans>
              </Link>
            </li>
            {session ? (
              <li>
                <Link to={paths.app.wiki.getHref()}>
                  <Trans>Wiki</Trans>
                </Link>
              </li>
            ) : null}
          </ul>
        </nav>
        <p className={styles.copyright}>© {new Date().getFullYear()} Glossa</p>
      </div>
    </footer>
  );
}
