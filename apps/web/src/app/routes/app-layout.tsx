import { Outlet } from 'react-router';
import { AppHeader } from '../../components/app-header';
import { FeedbackDialog } from '../../components/feedback-dialog';
import { MainHeader } from '../../components/main-header';
import { VerifyEmailBanner } from '../../components/verify-email-banner';
import { WebsiteBlock } from '../../components/website-block';
import { QuickAdd } from '../../features/card/components/quick-add';
import { QuickSearch } from '../../features/search/components/quick-search';
import { ReviewOutboxSync } from '../../features/study/components/review-outbox-sync';
import { useSession } from '../../lib/auth';
import { HelpSearchContext } from '../../lib/help-search';
import styles from './layouts.module.css';
import { mainContentId } from './root-layout';

/** The wiki's index, loaded with the first search (quick search or the search page). */
const loadHelpSearch = () =>
  import('../../features/wiki/content/search').then((module) => module.searchArticles);

/**
 * The /app pages. Signed in: the app header and the feedback dialog. Verify-email and
 * reset-password also open without a session; they then get the public header.
 */
export function AppLayout() {
  const session = useSession();
  return (
    <HelpSearchContext value={loadHelpSearch}>
      <div className={styles.shell}>
        {session ? (
          <AppHeader
            actions={
              <>
                <QuickSearch />
                <QuickAdd />
              </>
            }
          />
        ) : (
          <MainHeader />
        )}
        {session ? <VerifyEmailBanner /> : null}
        <main id={mainContentId} tabIndex={-1} className={styles.main}>
          <Outlet />
        </main>
        <WebsiteBlock />
        {session ? <FeedbackDialog /> : null}
        {session ? <ReviewOutboxSync /> : null}
      </div>
    </HelpSearchContext>
  );
}

export default AppLayout;
