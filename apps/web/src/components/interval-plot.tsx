import { msg, t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { formatDuration, type DurationUnit } from '../lib/dates';
import { useBoxWidth } from '../lib/use-box-width';
import { VisuallyHidden } from './visually-hidden';
import styles from './interval-plot.module.css';
import { previewMissAt, type IntervalSeries } from '../lib/interval-series';

/** Log-scale ticks of the period axis, as a learner reads durations. */
const periodTicks: readonly { days: number; count: number; unit: DurationUnit }[] = [
  { days: 1, count: 1, unit: 'day' },
  { days: 7, count: 1, unit: 'week' },
  { days: 30, count: 1, unit: 'month' },
  { days: 365, count: 1, unit: 'year' },
  { days: 3650, count: 10, unit: 'year' },
  { days: 36500, count: 100, unit: 'year' },
];

// The left margin holds the longest tick label, "100 yrs" or "100 ans".
const margin = { top: 34, right: 14, bottom: 46, left: 60 };

/** Days in words: "1 day", "12 days", "about 3 months", "about 2 years". */
export function describeDays(days: number): string {
  if (days < 60) return formatDuration(days, 'day');
  const amount =
    days < 730
      ? formatDuration(Math.round(days / 30.4), 'month')
      : formatDuration(Math.round(days / 365), 'year');
  return t`about ${amount}`;
}

const pathOf = (points: readonly { x: number; y: number }[]) =>
  points.map(({ x, y }, i) => `${i === 0 ? 'M' : 'L'}${x.toFixed(1)},${y.toFixed(1)}`).join(' ');

/**
 * The live preview of the learning settings: days until the next review after each answer of a new
 * card, all right, and with one miss. An SVG for the eye, the same numbers in a table for screen
 * readers.
 */
export function IntervalPlot({ series }: { series: IntervalSeries }) {
  const { i18n } = useLingui();
  const titleId = useId();
  const { ref, width } = useBoxWidth(560);
  const height = Math.round(Math.min(320, Math.max(240, width * 0.5)));
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
  const answers = series.allCorrect.length;

  // A little room above the highest point; the scale never ends below a week.
  const top = Math.max(10, Math.max(...series.allCorrect, ...series.withMiss) * 1.4);
  const ticks = periodTicks.filter((tick) => tick.days <= top);
  const x = (answer: number) => margin.left + ((answer - 1) / (answers - 1)) * innerWidth;
  const y = (days: number) =>
    margin.top + (1 - Math.log(Math.max(1, days)) / Math.log(top)) * innerHeight;
  const points = (periods: readonly number[]) =>
    periods.map((days, i) => ({ x: x(i + 1), y: y(days) }));
  const correct = points(series.allCorrect);
  const missed = points(series.withMiss);
  const last = answers - 1;
  const allCorrectWait = describeDays(series.allCorrect[last] ?? 1);
  const withMissWait = describeDays(series.withMiss[last] ?? 1);

  return (
    <figure className={styles.figure}>
      <div ref={ref} className={styles.box}>
        <svg
          className={styles.svg}
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-labelledby={titleId}
        >
          <title id={titleId}>
            <Trans>
              Days until the next review after each of {answers} answers, on a logarithmic scale
            </Trans>
          </title>
          <text className={styles.axisTitle} x={margin.left} y={14}>
            <Trans>Days until the next review</Trans>
          </text>
          {ticks.map((tick) => (
            <g key={tick.days}>
              <line
                className={styles.grid}
                x1={margin.left}
                x2={width - margin.right}
                y1={y(tick.days)}
                y2={y(tick.days)}
              />
              <text
                className={styles.tickLabel}
                x={margin.left - 8}
                y={y(tick.days)}
                textAnchor="end"
                dominantBaseline="middle"
              >
                {formatDuration(tick.count, tick.unit, 'short')}
              </text>
            </g>
          ))}
          {series.allCorrect.map((_, i) => (
            <text
              key={i}
              className={styles.tickLabel}
              x={x(i + 1)}
              y={height - margin.bottom + 18}
              textAnchor="middle"
            >
              {i + 1}
            </text>
          ))}
          <text
            className={styles.axisTitle}
            x={margin.left + innerWidth / 2}
            y={height - 8}
            textAnchor="middle"
          >
            <Trans id="interval-plot.answer">Answer</Trans>
          </text>
          <line
            className={styles.missGuide}
            x1={x(previewMissAt)}
            x2={x(previewMissAt)}
            y1={margin.top}
            y2={height - margin.bottom}
          />
          <line
            className={styles.axis}
            x1={margin.left}
            x2={width - margin.right}
            y1={height - margin.bottom}
            y2={height - margin.bottom}
          />
          <path className={styles.correctLine} d={pathOf(correct)} data-series="all-correct" />
          <path className={styles.missLine} d={pathOf(missed)} data-series="with-miss" />
          {correct.map((point, i) => (
            <circle key={i} className={styles.correctPoint} cx={point.x} cy={point.y} r={4} />
          ))}
          {missed.map((point, i) => (
            <rect
              key={i}
              className={styles.missPoint}
              x={point.x - 3.5}
              y={point.y - 3.5}
              width={7}
              height={7}
            />
          ))}
        </svg>
      </div>
      <figcaption className={styles.caption}>
        <ul className={styles.legend} aria-label={i18n._(msg`Series`)}>
          <li>
            <svg className={styles.swatch} width="28" height="10" aria-hidden="true">
              <line className={styles.correctLine} x1="0" x2="28" y1="5" y2="5" />
              <circle className={styles.correctPoint} cx="14" cy="5" r="3.5" />
            </svg>
            <Trans>Every answer right</Trans>
          </li>
          <li>
            <svg className={styles.swatch} width="28" height="10" aria-hidden="true">
              <line className={styles.missLine} x1="0" x2="28" y1="5" y2="5" />
              <rect className={styles.missPoint} x="11" y="2" width="6" height="6" />
            </svg>
            <Trans>Answer {previewMissAt} missed</Trans>
          </li>
        </ul>
        <p className={styles.summary}>
          <Trans>
            After {answers} right answers a new card comes back in {allCorrectWait}; with answer{' '}
            {previewMissAt} missed, in {withMissWait}. Each answer is given on its due day.
          </Trans>
        </p>
      </figcaption>
      <VisuallyHidden>
        <table>
          <caption>
            <Trans>Days until the next review after each answer</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans id="interval-plot.answer">Answer</Trans>
              </th>
              <th scope="col">
                <Trans>Every answer right</Trans>
              </th>
              <th scope="col">
                <Trans>Answer {previewMissAt} missed</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {series.allCorrect.map((days, i) => (
              <tr key={i}>
                <th scope="row">{i + 1}</th>
                <td>{days}</td>
                <td>{series.withMiss[i]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}
