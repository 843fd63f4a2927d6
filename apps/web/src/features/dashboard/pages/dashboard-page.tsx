import type { StudySummary } from '@glossa/contract';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { withFeatureCatalogs } from '../../../lib/i18n';
import { useAnswerDrawn } from '../../../lib/use-answer-drawn';
import { studySummaryQueryOptions } from '../api/summary-requests';
import styles from '../dashboard.module.css';
import { ForecastChart } from '../components/forecast-chart';
import { InvitationsPanel } from '../components/invitations-panel';
import { SummaryTiles } from '../components/summary-tiles';
import { StatisticsFallback } from '../components/statistics-fallback';

// The statistics and their chart library load after the page's first paint, in a chunk of their
// own (docs/decisions/0036-statistics.md), with their catalog (lingui.config.ts); their place is
// kept meanwhile.
const StatisticsSection = lazy(() =>
  withFeatureCatalogs(import('../statistics/statistics-section'), 'statistics'),
);

/** A new account: what to do first, with the way to each step. */
function FirstSteps() {
  const { t } = useLingui();
  return (
    <EmptyState
      icon="card"
      title={t`Add your first cards`}
      action={
        <div className={styles.stepsActions}>
          <ButtonLink to={paths.app.browse.getHref()} icon={<Icon name="browse" />}>
            <Trans>Add or import cards</Trans>
          </ButtonLink>
          <ButtonLink to={paths.app.settings.getHref()} variant="secondary">
            <Trans>Set your languages</Trans>
          </ButtonLink>
        </div>
      }
    >
      <ol className={styles.steps}>
        <li>
          <Trans>
            Add a card from anywhere with the <strong>New card</strong> button (+) in the header, or
            press <kbd className={styles.kbd}>N</kbd>; import a whole list in Browse.
          </Trans>
        </li>
        <li>
          <Trans>File your cards in categories in Organize, and share them if you like.</Trans>
        </li>
        <li>
          <Trans>
            Study a little every day: Glossa brings each card back just before you forget it.
          </Trans>
        </li>
      </ol>
    </EmptyState>
  );
}

function Overview({ summary }: { summary: StudySummary }) {
  const { t } = useLingui();
  const forecastId = useId();
  const waiting = summary.dueNow + summary.newToday;
  const statusLine =
    waiting > 0
      ? t`${plural(waiting, { one: '# card is ready to study.', other: '# cards are ready to study.' })}`
      : summary.dueToday > 0
        ? t`All caught up for now: more cards come due later today.`
        : t`All caught up for today. Come back tomorrow.`;
  const forecastDays = summary.forecast.length;
  return (
    <>
      <section aria-label={t`Today`} className={styles.today}>
        <p className={styles.status}>{statusLine}</p>
        <SummaryTiles summary={summary} />
      </section>
      <Panel as="section" aria-labelledby={forecastId}>
        <h2 id={forecastId} className={styles.sectionTitle}>
          <Trans>Forecast</Trans>
        </h2>
        <p className={styles.muted}>
          {t`${plural(forecastDays, { one: 'Cards due on the next day.', other: 'Cards due on each of the next # days.' })}`}
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
  const { t } = useLingui();
  const { data: user } = useUser();
  const username = user?.username;
  const summary = useQuery(studySummaryQueryOptions());
  // The figures are drawn in a background render (the spinner stays meanwhile), "Study now" too.
  const drawn = useAnswerDrawn(summary.isPending);
  const shownSummary = drawn ? summary.data : undefined;
  const hasCards = shownSummary?.hasCards ?? false;

  let body;
  if (summary.isPending || !drawn) {
    body = <PageSpinner label={t`Loading your study figures`} />;
  } else if (summary.isError) {
    body = (
      <LoadFailed
        icon="dashboard"
        title={t`Your figures could not be loaded`}
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
    <div className={drawn ? undefined : styles.loading}>
      <Page
        title={t`Dashboard`}
        description={
          <p>
            {username !== undefined ? t`Welcome, ${username}.` + ' ' : ''}
            {/* The short line while the figures load: the longer one may wrap, then unwrap. */}
            {shownSummary?.hasCards === false ? (
              <Trans>Your study at a glance, once you have cards.</Trans>
            ) : (
              <Trans>Your study at a glance.</Trans>
            )}
          </p>
        }
        actions={
          hasCards ? (
            <ButtonLink to={paths.app.study.getHref()} size="lg" icon={<Icon name="study" />}>
              <Trans>Study now</Trans>
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
