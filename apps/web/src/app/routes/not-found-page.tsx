import { useLocation } from 'react-router';
import { ButtonLink } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { paths } from '../../config/paths';
import { screenTitle, useDocumentTitle } from '../../lib/use-document-title';
import styles from './not-found-page.module.css';

/** Any path the app does not know. */
export function NotFoundPage() {
  useDocumentTitle(screenTitle('Page not found'));
  const { pathname } = useLocation();
  const inApp = pathname.startsWith(paths.app.root.path);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Page not found</h1>
      <EmptyState
        icon="search"
        title="There is nothing at this address"
        action={
          <ButtonLink to={inApp ? paths.app.dashboard.getHref() : paths.home.getHref()}>
            {inApp ? 'Go to the dashboard' : 'Go to the home page'}
          </ButtonLink>
        }
      >
        <p>
          <code className={styles.path}>{pathname}</code> does not exist. The link may be old or
          mistyped.
        </p>
      </EmptyState>
    </div>
  );
}
