import { Trans, useLingui } from '@lingui/react/macro';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { Button, ButtonLink } from '../../components/button';
import { paths } from '../../config/paths';
import { screenTitle, useDocumentTitle } from '../../lib/use-document-title';
import styles from './not-found-page.module.css';
import { NotFoundPage } from './not-found-page';

/** The last resort when a route fails to load or render. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useLingui();
  useDocumentTitle(screenTitle(t`Something went wrong`));
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // A page chunk that no longer exists usually means a new version was deployed.
  const staleChunk =
    error instanceof TypeError &&
    /dynamically imported module|Importing a module/i.test(error.message);
  return (
    <main className={styles.page} id="main-content" tabIndex={-1}>
      <h1 className={styles.title}>
        <Trans>Something went wrong</Trans>
      </h1>
      <p>
        {staleChunk
          ? t`A new version of Glossa is available. Reload the page to continue.`
          : t`This page could not be shown. Reloading often helps; your saved work is safe.`}
      </p>
      <p className={styles.actions}>
        <Button onClick={() => window.location.reload()}>
          <Trans>Reload</Trans>
        </Button>
        <ButtonLink to={paths.home.getHref()} variant="secondary" reloadDocument>
          <Trans>Home page</Trans>
        </ButtonLink>
      </p>
    </main>
  );
}
