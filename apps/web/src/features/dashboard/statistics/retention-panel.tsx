import type { RetentionPeriod, StatsRetention } from '@glossa/contract';
import { useMemo, useState } from 'react';
import { formatDate, formatMonth } from './calendar';
import styles from './statistics.module.css';
import { UplotChart, type ChartSeries } from '../../../components/uplot-chart';

type Granularity = 'days' | 'weeks' | 'months';

const granularities: { value: Granularity; label: string }[] = [
  { value: 'days', label: 'Days' },
  { value: 'weeks', label: 'Weeks' },
  { value: 'months', label: 'Months' },
];

interface Counts {
  passed: number;
  failed: number;
}

const share = ({ passed, failed }: Counts) =>
  passed + failed === 0 ? null : (100 * passed) / (passed + failed);

const young = (p: RetentionPeriod): Counts => ({ passed: p.youngPassed, failed: p.youngFailed });
const mature = (p: RetentionPeriod): Counts => ({ passed: p.maturePassed, failed: p.matureFailed });
const all = (p: RetentionPeriod): Counts => ({
  passed: p.youngPassed + p.maturePassed,
  failed: p.youngFailed + p.matureFailed,
});

function sum(periods: RetentionPeriod[], pick: (p: RetentionPeriod) => Counts): Counts {
  return periods.reduce(
    (total, period) => {
      const counts = pick(period);
      return { passed: total.passed + counts.passed, failed: total.failed + counts.failed };
    },
    { passed: 0, failed: 0 },
  );
}

/** "92% of 130", or a dash when nothing was due. */
export function formatRetention(counts: Counts): string {
  const value = share(counts);
  return value === null ? '–' : `${Math.round(value)}% of ${counts.passed + counts.failed}`;
}

const percent = (value: number) => `${Math.round(value)}%`;

function periodLabel(granularity: Granularity, start: string, short = false): string {
  if (granularity === 'months') return formatMonth(start, short ? 'short' : 'long');
  if (granularity === 'weeks') {
    return short ? start.slice(5).replace('-', '/') : `Week of ${formatDate(start)}`;
  }
  return short ? String(Number(start.slice(8))) : formatDate(start);
}

/**
 * True retention as Anki shows it: a table of today, the last 7 and 30 days and the last 12
 * months (young, mature, all), and a chart per day, week or month with its table for screen
 * readers.
 */
export function RetentionPanel({ retention }: { retention: StatsRetention }) {
  const [granularity, setGranularity] = useState<Granularity>('weeks');
  const periods = retention[granularity];
  const rows = [
    { label: 'Today', periods: retention.days.slice(-1) },
    { label: 'Last 7 days', periods: retention.days.slice(-7) },
    { label: 'Last 30 days', periods: retention.days },
    { label: 'Last 12 months', periods: retention.months },
  ];
  const labels = useMemo(
    () => periods.map((p) => periodLabel(granularity, p.start, true)),
    [periods, granularity],
  );
  const series = useMemo<ChartSeries[]>(
    () => [
      {
        label: 'Young',
        color: '--color-primary',
        kind: 'line',
        values: periods.map((p) => share(young(p))),
      },
      {
        label: 'Mature',
        color: '--color-accent',
        kind: 'line',
        values: periods.map((p) => share(mature(p))),
      },
    ],
    [periods],
  );
  return (
    <>
      <table className={styles.table}>
        <caption className={styles.visuallyHidden}>
          True retention: the share of due cards answered right
        </caption>
        <thead>
          <tr>
            <th scope="col">Period</th>
            <th scope="col">Young</th>
            <th scope="col">Mature</th>
            <th scope="col">All</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{formatRetention(sum(row.periods, young))}</td>
              <td>{formatRetention(sum(row.periods, mature))}</td>
              <td>{formatRetention(sum(row.periods, all))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={styles.chartHead}>
        <div role="group" aria-label="Retention per" className={styles.segmented}>
          {granularities.map((g) => (
            <button
              key={g.value}
              type="button"
              aria-pressed={granularity === g.value}
              onClick={() => setGranularity(g.value)}
            >
              {g.label}
            </button>
          ))}
        </div>
        <p className={styles.keys} aria-hidden="true">
          <span className={styles.key} data-series="young" /> Young
          <span className={styles.key} data-series="mature" /> Mature
        </p>
      </div>
      <UplotChart
        labels={labels}
        series={series}
        height={180}
        yRange={[0, 100]}
        formatY={percent}
      />
      <div className={styles.visuallyHidden}>
        <table>
          <caption>True retention per {granularity.slice(0, -1)}</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col">Young</th>
              <th scope="col">Mature</th>
            </tr>
          </thead>
          <tbody>
            {periods.map((period) => (
              <tr key={period.start}>
                <th scope="row">{periodLabel(granularity, period.start)}</th>
                <td>{formatRetention(young(period))}</td>
                <td>{formatRetention(mature(period))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
