import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { interfaceLocaleNames, interfaceLocales } from '@glossa/contract/locales';
import { paths } from '../config/paths';
import { useSession } from '../lib/auth';
import styles from './website-block.module.css';

/**
 * The footer: legal pages, help (signed in: the wiki is an /app page), copyright; on the public
 * pages, their languages too.
 */
export function WebsiteBlock({ languageLinks = false }: { languageLinks?: boolean }) {
  const { t, i18n } = useLingui();
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
        {languageLinks ? (
          <nav aria-label={t`Language`}>
            <ul className={styles.links}>
              {interfaceLocales.map((locale) => (
                <li key={locale}>
                  {/*
                    A document load, not the router's: the server answers the page prerendered in
                    that language and remembers it (decision 0037), without JavaScript.
                  */}
                  <a
                    href={`?lang=${locale}`}
                    hrefLang={locale}
                    lang={locale}
                    aria-current={i18n.locale === locale ? 'true' : undefined}
                  >
                    {interfaceLocaleNames[locale]}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <p className={styles.copyright}>© {new Date().getFullYear()} Glossa</p>
      </div>
    </footer>
  );
}
