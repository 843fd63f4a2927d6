import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useId, type ReactNode } from 'react';
import { Button } from '../../../components/button';
import { Panel } from '../../../components/panel';
import {
  activityQueryOptions,
  categoryProgressQueryOptions,
  retentionQueryOptions,
} from '../api/statistics-requests';
import { useNearScreen } from '../../../lib/use-near-screen';
import { ActivityHeatmap } from './activity-heatmap';
import { formatDate } from './calendar';
import { CategoryProgress } from './category-progress';
import { RetentionPanel } from './retention-panel';
import { useAnswerDrawn } from '../../../lib/use-answer-drawn';
import styles from './statistics.module.css';
import { TimeSpentChart } from './time-spent-chart';

/** A titled panel whose body waits for its query, in a box of its final height meanwhile. */
function StatsPanel<T>({
  title,
  description,
  query,
  size,
  children,
}: {
  title: string;
  description: string;
  query: UseQueryResult<T>;
  /** Which reserved height the panel keeps while loading (see the stylesheet). */
  size: 'activity' | 'retention' | 'time' | 'categories' | 'combos';
  children: (data: T) => ReactNode;
}) {
  const { t } = useLingui();
  const titleId = useId();
  // Its data is drawn in a background render (the placeholder stays meanwhile), and only once the
  // panel comes near the screen: below the fold on a phone, the panels' elements (the year's
  // heatmap, the charts, the tables) were the dashboard's longest task to style and lay out, which
  // content-visibility did not spare on the first frame (decision 0031, ninth pass).
  const { ref: nearRef, near } = useNearScreen<HTMLHeadingElement>();
  const drawn = useAnswerDrawn(query.isPending);
  let body;
  if (query.isPending || !drawn || !near) {
    body = <div className={styles.placeholder} role="status" aria-label={t`Loading: ${title}`} />;
  } else if (query.isError) {
    body = (
      <div className={styles.placeholder}>
        <p role="alert">{t`${title} could not be loaded.`}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t`Try again`}
        </Button>
      </div>
    );
  } else {
    body = children(query.data);
  }
  return (
    <Panel as="section" aria-labelledby={titleId} className={styles.panel} data-size={size}>
      <h2 ref={nearRef} id={titleId} className={styles.title}>
        {title}
      </h2>
      <p className={styles.muted}>{description}</p>
      {body}
    </Panel>
  );
}

/**
 * The dashboard's statistics, loaded on their own (React.lazy) after the page's first paint: the
 * year's heatmap and streak, true retention, time spent, the cards per category and the best
 * combos. Each panel keeps its height while it loads, so nothing below it moves.
 */
export default function StatisticsSection() {
  const { t } = useLingui();
  const days = (n: number) => t`${plural(n, { one: '# day', other: '# days' })}`;
  const activity = useQuery(activityQueryOptions());
  const retention = useQuery(retentionQueryOptions());
  const categories = useQuery(categoryProgressQueryOptions());
  return (
    <div className={styles.section}>
      <StatsPanel
        title={t`Activity`}
        description={t`Answers on each day of the last year, your days run from your day-start hour.`}
        query={activity}
        size="activity"
      >
        {(data) => (
          <>
            <dl className={styles.streaks}>
              <div>
                <dt>
                  <Trans>Streak</Trans>
                </dt>
                <dd>{days(data.currentStreak)}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Best streak</Trans>
                </dt>
                <dd>{days(data.bestStreak)}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Days studied</Trans>
                </dt>
                <dd>{data.totals.activeDays}</dd>
              </div>
              <div>
                <dt>
                  <Trans>Answers</Trans>
                </dt>
                <dd>{data.totals.reviews}</dd>
              </div>
            </dl>
            <ActivityHeatmap activity={data} />
          </>
        )}
      </StatsPanel>
      <StatsPanel
        title={t`True retention`}
        description={t`Of the cards you answered when due, the share you got right: young cards (interval under 21 days) and mature ones apart.`}
        query={retention}
        size="retention"
      >
        {(data) => <RetentionPanel retention={data} />}
      </StatsPanel>
      <StatsPanel
        title={t`Time spent`}
        description={t`Time answering, each answer counted up to a minute.`}
        query={activity}
        size="time"
      >
        {(data) => <TimeSpentChart activity={data} />}
      </StatsPanel>
      <div className={styles.pair}>
        <StatsPanel
          title={t`Cards per category`}
          description={t`Your own cards: new, learning, and known (an interval of 21 days or more).`}
          query={categories}
          size="categories"
        >
          {(data) => <CategoryProgress progress={data} />}
        </StatsPanel>
        <StatsPanel
          title={t`Best combos`}
          description={t`The longest runs of right answers in a row, and the day each was reached.`}
          query={activity}
          size="combos"
        >
          {(data) =>
            data.bestCombos.length === 0 ? (
              <p className={styles.muted}>
                <Trans>No combo yet: answer a card right to start one.</Trans>
              </p>
            ) : (
              <ol className={styles.combos}>
                {data.bestCombos.map(({ date, combo }) => {
                  const day = formatDate(date);
                  return (
                    <li key={date}>
                      <Trans>
                        <strong>{combo}</strong> in a row <span>on {day}</span>
                      </Trans>
                    </li>
                  );
                })}
              </ol>
            )
          }
        </StatsPanel>
      </div>
    </div>
  );
}
