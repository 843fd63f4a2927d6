import type { CardHistoryEntry } from '@glossa/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { UplotChart, type ChartSeries } from '../../../components/uplot-chart';
import { formatDayAndMonth } from '../../../lib/dates';
import styles from './card-schedule.module.css';

const percent = (value: number) => `${Math.round(value)}%`;

/**
 * The score of each answer that stands (not undone; "I was right" counts it as right), oldest
 * first, right ones and wrong ones in their colours. The history's list below it says the same
 * answer by answer, for screen readers.
 */
export function HistoryChart({ history }: { history: CardHistoryEntry[] }) {
  const { t } = useLingui();
  const answers = useMemo(
    () => history.filter((entry) => entry.kind === 'review' && !entry.undone).reverse(),
    [history],
  );
  const labels = useMemo(
    () => answers.map((entry) => formatDayAndMonth(entry.reviewedAt)),
    [answers],
  );
  const series = useMemo<ChartSeries[]>(() => {
    const right = (entry: CardHistoryEntry) => entry.success || entry.overridden;
    return [
      {
        label: t`Right`,
        color: '--color-success',
        kind: 'bars',
        values: answers.map((entry) => (right(entry) ? Math.max(2, entry.score * 100) : null)),
      },
      {
        label: t`Wrong`,
        color: '--color-danger',
        kind: 'bars',
        values: answers.map((entry) => (right(entry) ? null : Math.max(2, entry.score * 100))),
      },
    ];
  }, [answers, t]);
  if (answers.length < 2) return null;
  const count = answers.length;
  return (
    <figure className={styles.historyChart}>
      <UplotChart
        labels={labels}
        series={series}
        height={140}
        yRange={[0, 100]}
        formatY={percent}
      />
      <figcaption className={styles.muted}>
        <Trans>
          The score of each of these {count} answers, oldest first: right ones in green, wrong ones
          in red. The list below gives each one.
        </Trans>
      </figcaption>
    </figure>
  );
}
