import type { StatsActivity } from '@glossa/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { addDays, formatDate, formatDuration } from './calendar';
import styles from './statistics.module.css';
import { UplotChart, type ChartSeries } from '../../../components/uplot-chart';

const shownDays = 30;
/** The axis's minutes: seconds under a minute, so that small days read right. */
const minutes = (value: number) =>
  value > 0 && value < 1 ? `${Math.round(value * 60)} s` : `${Math.round(value)} min`;

/** Minutes spent answering on each of the last 30 days, with its table for screen readers. */
export function TimeSpentChart({ activity }: { activity: StatsActivity }) {
  const { t } = useLingui();
  const days = useMemo(() => {
    const byDate = new Map(activity.days.map((day) => [day.date, day]));
    return Array.from({ length: shownDays }, (_, i) => {
      const date = addDays(activity.today, i - shownDays + 1);
      return {
        date,
        timeMs: byDate.get(date)?.timeMs ?? 0,
        reviews: byDate.get(date)?.reviews ?? 0,
      };
    });
  }, [activity]);
  const labels = useMemo(() => days.map((day) => String(Number(day.date.slice(8)))), [days]);
  const series = useMemo<ChartSeries[]>(
    () => [
      {
        label: t`Minutes`,
        color: '--color-primary',
        kind: 'bars',
        values: days.map((d) => d.timeMs / 60_000),
      },
    ],
    [days, t],
  );
  const total = days.reduce((sum, day) => sum + day.timeMs, 0);
  const active = days.filter((day) => day.reviews > 0).length;
  const totalText = formatDuration(total);
  const perDayText = active === 0 ? '–' : formatDuration(total / active);
  const yearText = formatDuration(activity.totals.timeMs);
  return (
    <>
      <p className={styles.figures}>
        <span>
          <Trans>
            <strong>{totalText}</strong> in the last {shownDays} days
          </Trans>
        </span>
        <span>
          <Trans>
            <strong>{perDayText}</strong> a day studied
          </Trans>
        </span>
        <span>
          <Trans>
            <strong>{yearText}</strong> in the last year
          </Trans>
        </span>
      </p>
      <UplotChart labels={labels} series={series} height={160} formatY={minutes} />
      <div className={styles.visuallyHidden}>
        <table>
          <caption>
            <Trans>Time spent answering on each of the last {shownDays} days</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Day</Trans>
              </th>
              <th scope="col">
                <Trans>Time spent</Trans>
              </th>
              <th scope="col">
                <Trans>Answers</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatDate(day.date)}</th>
                <td>{formatDuration(day.timeMs)}</td>
                <td>{day.reviews}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
