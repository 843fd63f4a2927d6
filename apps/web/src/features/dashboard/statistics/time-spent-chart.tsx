import type { StatsActivity } from '@glossa/contract';
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
        label: 'Minutes',
        color: '--color-primary',
        kind: 'bars',
        values: days.map((d) => d.timeMs / 60_000),
      },
    ],
    [days],
  );
  const total = days.reduce((sum, day) => sum + day.timeMs, 0);
  const active = days.filter((day) => day.reviews > 0).length;
  return (
    <>
      <p className={styles.figures}>
        <span>
          <strong>{formatDuration(total)}</strong> in the last {shownDays} days
        </span>
        <span>
          <strong>{active === 0 ? '–' : formatDuration(total / active)}</strong> a day studied
        </span>
        <span>
          <strong>{formatDuration(activity.totals.timeMs)}</strong> in the last year
        </span>
      </p>
      <UplotChart labels={labels} series={series} height={160} formatY={minutes} />
      <div className={styles.visuallyHidden}>
        <table>
          <caption>Time spent answering on each of the last {shownDays} days</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Time spent</th>
              <th scope="col">Answers</th>
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
