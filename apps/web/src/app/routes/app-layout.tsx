import { lazy, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { AppHeader } from '../../components/app-header';
import { MainHeader } from '../../components/main-header';
import { VerifyEmailBanner } from '../../components/verify-email-banner';
import { WebsiteBlock } from '../../components/website-block';
import { QuickAdd } from '../../features/card/components/quick-add';
import { QuickSearch } from '../../features/search/components/quick-search';
import { ReviewOutboxSync } from '../../features/study/components/review-outbox-sync';
import { useAppState } from '../../lib/app-state';
import { useSession } from '../../lib/auth';
import { withFeatureCatalogs } from '../../lib/i18n';
import { useFollowLearnerLocale } from '../../lib/use-interface-locale';
import { HelpSearchContext } from '../../lib/help-search';
import styles from './layouts.module.css';
import { mainContentId } from './root-layout';

/**
 * The feedback form loads when it is first opened, not with every page (decision 0031), with its
 * catalog (lingui.config.ts).
 */
const FeedbackDialog = lazy(() =>
  withFeatureCatalogs(import('../../components/feedback-dialog'), 'feedback').then((module) => ({
    default: module.FeedbackDialog,
  })),
);

/** The feedback dialog once asked for; it then stays mounted, closed, as it always was. */
function FeedbackDialogOnDemand() {
  const open = useAppState((state) => state.isFeedbackDialogVisible);
  const [asked, setAsked] = useState(open);
  if (open && !asked) setAsked(true);
  return asked ? (
    <Suspense fallback={null}>
      <FeedbackDialog />
    </Suspense>
  ) : null;
}

/** The wiki's index, loaded with the first search (quick search or the search page). */
const loadHelpSearch = (locale: string) =>
  import('../../features/wiki/content/search').then((module) => module.helpSearch(locale));

/**
 * Follows the learner's stored interface language. A component of its own: the user info it reads
 * arrives after the page has shown, and in the layout itself its update would draw the header and
 * everything else again, in one long task (decision 0031).
 */
function FollowLearnerLocale() {
  useFollowLearnerLocale();
  return null;
}

/**
 * The /app pages. Signed in: the app header and the feedback dialog. Verify-email and
 * reset-password also open without a session; they then get the public header.
 */
export function AppLayout() {
  const session = useSession();
  return (
    <HelpSearchContext value={loadHelpSearch}>
      <FollowLearnerLocale />
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
        {session ? <FeedbackDialogOnDemand /> : null}
        {session ? <ReviewOutboxSync /> : null}
      </div>
    </HelpSearchContext>
  );
}

export default AppLayout;
