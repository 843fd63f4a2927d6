import type { StudySummary } from '@glossa/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId } from 'react';
import { ButtonLink } from '../../../components/button';
import { EmptyState, LoadFailed } from '../../../components/empty-state';
import { Icon } from '../../../components/icon';
import { Page } from '../../../components/page';
import { Panel } from '../../../components/panel';
import { PageSpinner } from '../../../components/spinner';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/auth';
import { studySummaryQueryOptions } from '../api/summary-requests';
import styles from '../dashboard.module.css';
import { ForecastChart } from '../components/forecast-chart';
import { InvitationsPanel } from '../components/invitations-panel';
import { SummaryTiles } from '../components/summary-tiles';
import { StatisticsFallback } from '../statistics/statistics-fallback';

// The statistics and their chart library load after the page's first paint, in a chunk of their
// own (docs/decisions/0036-statistics.md); their place is kept meanwhile.
const StatisticsSection = lazy(() => import('../statistics/statistics-section'));

/** A new account: what to do first, with the way to each step. */
function FirstSteps() {
  return (
    <EmptyState
      icon="card"
      title="Add your first cards"
      action={
        <div className={styles.stepsActions}>
          <ButtonLink to={paths.app.browse.getHref()} icon={<Icon name="browse" />}>
            Add or import cards
          </ButtonLink>
          <ButtonLink to={paths.app.settings.getHref()} variant="secondary">
            Set your languages
          </ButtonLink>
        </div>
      }
    >
      <ol className={styles.steps}>
        <li>
          Add a card from anywhere with the <strong>New card</strong> button (+) in the header, or
          press <kbd className={styles.kbd}>N</kbd>; import a whole list in Browse.
        </li>
        <li>File your cards in categories in Organize, and share them if you like.</li>
        <li>Study a little every day: Glossa brings each card back just before you forget it.</li>
      </ol>
    </EmptyState>
  );
}

function statusLine(summary: StudySummary): string {
  const waiting = summary.dueNow + summary.newToday;
  if (waiting === 0) {
    return summary.dueToday > 0
      ? 'All caught up for now: more cards come due later today.'
      : 'All caught up for today. Come back tomorrow.';
  }
  return `${waiting} ${waiting === 1 ? 'card is' : 'cards are'} ready to study.`;
}

function Overview({ summary }: { summary: StudySummary }) {
  const forecastId = useId();
  return (
    <>
      <section aria-label="Today" className={styles.today}>
        <p className={styles.status}>{statusLine(summary)}</p>
        <SummaryTiles summary={summary} />
      </section>
      <Panel as="section" aria-labelledby={forecastId}>
        <h2 id={forecastId} className={styles.sectionTitle}>
          Forecast
        </h2>
        <p className={styles.muted}>
          Cards due on each of the next {summary.forecast.length} days.
        </p>
        <ForecastChart days={summary.forecast} />
      </Panel>
      <Suspense fallback={<StatisticsFallback />}>
        <StatisticsSection />
      </Suspense>
    </>
  );
}

/** The dashboard: today's figures, the way into study and the days ahead. */
export function DashboardPage() {
  const { data: user } = useUser();
  const summary = useQuery(studySummaryQueryOptions());
  const hasCards = summary.data?.hasCards ?? false;

  let body;
  if (summary.isPending) {
    body = <PageSpinner label="Loading your study figures" />;
  } else if (summary.isError) {
    body = (
      <LoadFailed
        icon="dashboard"
        title="Your figures could not be loaded"
        error={summary.error}
        onRetry={() => void summary.refetch()}
      />
    );
  } else if (!summary.data.hasCards) {
    body = <FirstSteps />;
  } else {
    body = <Overview summary={summary.data} />;
  }

  return (
    // While the figures load, the page takes a screen's height (what they take once there): the
    // footer then starts below the fold instead of being pushed down in view when they arrive
    // (a layout shift). On the page's own box, which does not move, not on the spinner's.
    <div className={summary.isPending ? styles.loading : undefined}>
      <Page
        title="Dashboard"
        description={
          <p>
            {user ? `Welcome, ${user.username}. ` : ''}
            {/* The short line while the figures load: the longer one may wrap, then unwrap. */}
            {summary.data?.hasCards === false
              ? 'Your study at a glance, once you have cards.'
              : 'Your study at a glance.'}
          </p>
        }
        actions={
          hasCards ? (
            <ButtonLink to={paths.app.study.getHref()} size="lg" icon={<Icon name="study" />}>
              Study now
            </ButtonLink>
          ) : null
        }
      >
        <InvitationsPanel />
        {body}
      </Page>
    </div>
  );
}

export default DashboardPage;
