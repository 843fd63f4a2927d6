import { Trans, useLingui } from '@lingui/react/macro';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { paths } from '../../config/paths';
import { screenTitle, useDocumentTitle } from '../../lib/use-document-title';
import styles from './not-found-page.module.css';

/** Any path the app does not know. */
export function NotFoundPage() {
  const { t } = useLingui();
  useDocumentTitle(screenTitle(t`Page not found`));
  const { pathname } = useLocation();
  const inApp = pathname.startsWith(paths.app.root.path);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>
        <Trans>Page not found</Trans>
      </h1>
      <EmptyState
        icon="search"
        title={t`There is nothing at this address`}
        action={
          <ButtonLink to={inApp ? paths.app.dashboard.getHref() : paths.home.getHref()}>
            {inApp ? <Trans>Go to the dashboard</Trans> : <Trans>Go to the home page</Trans>}
          </ButtonLink>
        }
      >
        <p>
          <Trans>
            <code className={styles.path}>{pathname}</code> does not exist. The link may be old or
            mistyped.
          </Trans>
        </p>
      </EmptyState>
    </div>
  );
}
