import type { ForecastDay } from '@glossa/contract';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import styles from '../dashboard.module.css';
import { useBoxWidth } from '../../../lib/use-box-width';
import { formatCalendarDay } from '../../../lib/dates';

/** A forecast day (the server counts days in UTC), with its date. */
function formatForecastDay(date: string, weekday: 'long' | 'short' | 'narrow' = 'long'): string {
  return formatCalendarDay(date, { weekday, withDate: true });
}

/** The chart itself, at its box's width (its text drawn at its real size). */
function ForecastBars({
  days,
  width,
  summary,
}: {
  days: ForecastDay[];
  width: number;
  summary: string;
}) {
  const titleId = useId();
  const count = Math.max(1, days.length);
  const height = width < 480 ? 170 : 210;
  const top = 20;
  const bottom = 38;
  const slot = width / count;
  const barWidth = Math.min(40, slot * 0.64);
  const max = Math.max(1, ...days.map((day) => day.due));
  const plot = height - top - bottom;
  const fontSize = slot < 26 ? 10 : 12;
  const weekday = slot < 40 ? 'narrow' : 'short';
  return (
    <svg
      role="img"
      aria-labelledby={titleId}
      width={width}
      height={height}
      viewBox={`0 0 ${width} ${height}`}
      className={styles.chartSvg}
    >
      <title id={titleId}>{summary}</title>
      {days.map((day, index) => {
        const x = index * slot + (slot - barWidth) / 2;
        const barHeight = day.due === 0 ? 0 : Math.max(2, (day.due / max) * plot);
        const y = top + plot - barHeight;
        const centre = index * slot + slot / 2;
        return (
          <g key={day.date}>
            {barHeight > 0 ? (
              <rect
                x={x}
                y={y}
                width={barWidth}
                height={barHeight}
                rx={Math.min(4, barWidth / 4)}
                className={index === 0 ? styles.barToday : styles.bar}
              />
            ) : null}
            {day.due > 0 ? (
              <text
                x={centre}
                y={y - 5}
                textAnchor="middle"
                fontSize={fontSize}
                className={styles.barValue}
              >
                {day.due}
              </text>
            ) : null}
            <text
              x={centre}
              y={height - bottom + 16}
              textAnchor="middle"
              fontSize={fontSize}
              className={index === 0 ? styles.axisToday : styles.axis}
            >
              {formatCalendarDay(day.date, { weekday, withDate: false })}
            </text>
            <text
              x={centre}
              y={height - bottom + 31}
              textAnchor="middle"
              fontSize={fontSize}
              className={index === 0 ? styles.axisToday : styles.axis}
            >
              {Number(day.date.slice(8, 10))}
            </text>
          </g>
        );
      })}
      <line
        x1={0}
        x2={width}
        y1={top + plot + 0.5}
        y2={top + plot + 0.5}
        className={styles.baseline}
      />
    </svg>
  );
}

/**
 * The cards due on each of the next days as an SVG bar chart: the first bar is today with the
 * overdue cards. Screen readers get a summary as the image's name and every figure in a table.
 */
export function ForecastChart({ days }: { days: ForecastDay[] }) {
  const { t } = useLingui();
  // Drawn at its box's width, known once the page is laid out: until then its place is kept at
  // the chart's height (the stylesheet's placeholder), so nothing moves when it comes. Drawn at a
  // guessed width first and again at once, it was laid out twice in the task that shows the
  // dashboard, its longest on a phone (decision 0031, ninth pass).
  const { ref, width } = useBoxWidth(null);
  const dayCount = days.length;
  const total = days.reduce((sum, day) => sum + day.due, 0);
  let summary: string;
  if (total === 0) {
    summary = t`No card is due in ${plural(dayCount, { one: 'the next day', other: 'the next # days' })}.`;
  } else {
    const busiest = days.reduce((best, day) => (day.due > best.due ? day : best));
    const most = busiest.due;
    const busiestDay = formatForecastDay(busiest.date);
    summary = t`${plural(total, { one: '# card due', other: '# cards due' })} over ${plural(dayCount, { one: 'the next day', other: 'the next # days' })}, the most (${most}) on ${busiestDay}.`;
  }

  return (
    <figure className={styles.chart}>
      <div ref={ref} className={styles.chartArea}>
        {width === null ? (
          <div className={styles.chartPlaceholder} />
        ) : (
          <ForecastBars days={days} width={width} summary={summary} />
        )}
      </div>
      <figcaption className={styles.caption}>
        <Trans>
          The first bar is today, with the cards already overdue. Each day starts at the hour set in
          settings (“Your day starts at”, in your time zone), like the daily limits.
        </Trans>
      </figcaption>
      {/* A table takes at least its content's width: its hidden box is the wrapper. */}
      <div className={styles.visuallyHidden}>
        <table>
          <caption>
            {t`Cards due on each of ${plural(dayCount, { one: 'the next day', other: 'the next # days' })}`}
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Day</Trans>
              </th>
              <th scope="col">
                <Trans>Cards due</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map((day, index) => {
              const date = formatForecastDay(day.date);
              return (
                <tr key={day.date}>
                  <th scope="row">{index === 0 ? t`Today, ${date}, overdue included` : date}</th>
                  <td>{day.due}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
