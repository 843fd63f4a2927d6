import type { RetentionPeriod, StatsRetention } from '@glossa/contract';
import { msg, t as translate } from '@lingui/core/macro';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { formatDate, formatMonth } from './calendar';
import styles from './statistics.module.css';
import { UplotChart, type ChartSeries } from '../../../components/uplot-chart';

type Granularity = 'days' | 'weeks' | 'months';

const granularities = [
  { value: 'days', label: msg`Days`, caption: msg`True retention per day` },
  { value: 'weeks', label: msg`Weeks`, caption: msg`True retention per week` },
  { value: 'months', label: msg`Months`, caption: msg`True retention per month` },
] as const satisfies readonly { value: Granularity; label: unknown; caption: unknown }[];

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

/** "92% of 130", or a dash when nothing was due (in the active language, read at each call). */
export function formatRetention(counts: Counts): string {
  const value = share(counts);
  if (value === null) return '–';
  const rounded = Math.round(value);
  const total = counts.passed + counts.failed;
  return translate`${rounded}% of ${total}`;
}

const percent = (value: number) => `${Math.round(value)}%`;

function periodLabel(granularity: Granularity, start: string, short = false): string {
  if (granularity === 'months') return formatMonth(start, short ? 'short' : 'long');
  if (granularity === 'weeks') {
    const day = formatDate(start);
    return short ? start.slice(5).replace('-', '/') : translate`Week of ${day}`;
  }
  return short ? String(Number(start.slice(8))) : formatDate(start);
}

/**
 * True retention as Anki shows it: a table of today, the last 7 and 30 days and the last 12
 * months (young, mature, all), and a chart per day, week or month with its table for screen
 * readers.
 */
export function RetentionPanel({ retention }: { retention: StatsRetention }) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const [granularity, setGranularity] = useState<Granularity>('weeks');
  const periods = retention[granularity];
  const rows = [
    { key: 'today', label: t`Today`, periods: retention.days.slice(-1) },
    { key: 'week', label: t`Last 7 days`, periods: retention.days.slice(-7) },
    { key: 'month', label: t`Last 30 days`, periods: retention.days },
    { key: 'year', label: t`Last 12 months`, periods: retention.months },
  ];
  const labels = useMemo(
    () => periods.map((p) => periodLabel(granularity, p.start, true)),
    [periods, granularity],
  );
  const series = useMemo<ChartSeries[]>(
    () => [
      {
        label: t`Young`,
        color: '--color-primary',
        kind: 'line',
        values: periods.map((p) => share(young(p))),
      },
      {
        label: t`Mature`,
        color: '--color-accent',
        kind: 'line',
        values: periods.map((p) => share(mature(p))),
      },
    ],
    [periods, t],
  );
  const caption = granularities.find((g) => g.value === granularity)?.caption;
  return (
    <>
      <table className={styles.table}>
        <caption className={styles.visuallyHidden}>
          <Trans>True retention: the share of due cards answered right</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Period</Trans>
            </th>
            <th scope="col">
              <Trans>Young</Trans>
            </th>
            <th scope="col">
              <Trans>Mature</Trans>
            </th>
            <th scope="col">
              <Trans>All</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td>{formatRetention(sum(row.periods, young))}</td>
              <td>{formatRetention(sum(row.periods, mature))}</td>
              <td>{formatRetention(sum(row.periods, all))}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className={styles.chartHead}>
        <div role="group" aria-label={t`Retention per`} className={styles.segmented}>
          {granularities.map((g) => (
            <button
              key={g.value}
              type="button"
              aria-pressed={granularity === g.value}
              onClick={() => setGranularity(g.value)}
            >
              {i18n._(g.label)}
            </button>
          ))}
        </div>
        <p className={styles.keys} aria-hidden="true">
          <span className={styles.key} data-series="young" /> <Trans>Young</Trans>
          <span className={styles.key} data-series="mature" /> <Trans>Mature</Trans>
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
          <caption>{caption ? i18n._(caption) : null}</caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Period</Trans>
              </th>
              <th scope="col">
                <Trans>Young</Trans>
              </th>
              <th scope="col">
                <Trans>Mature</Trans>
              </th>
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
