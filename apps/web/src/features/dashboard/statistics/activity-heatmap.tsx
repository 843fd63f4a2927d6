import type { StatsActivity } from '@glossa/contract';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, type PointerEvent } from 'react';
import { addDays, formatDate, formatDuration, formatMonth, weekday } from './calendar';
import styles from './statistics.module.css';

interface Cell {
  date: string;
  reviews: number;
  level: number;
}

/** Levels 1–4 of the days with answers, by quarters of the busiest day. */
const levelOf = (reviews: number, max: number) =>
  reviews === 0 ? 0 : Math.min(4, Math.ceil((reviews / Math.max(1, max)) * 4));

/** The year as weeks (Monday first), with empty places before the first day and after today. */
function weeksOf(activity: StatsActivity): (Cell | null)[][] {
  const byDate = new Map(activity.days.map((day) => [day.date, day.reviews]));
  const max = Math.max(0, ...activity.days.map((day) => day.reviews));
  const weeks: (Cell | null)[][] = [];
  let week: (Cell | null)[] = Array.from({ length: weekday(activity.from) }, () => null);
  for (let date = activity.from; date <= activity.today; date = addDays(date, 1)) {
    const reviews = byDate.get(date) ?? 0;
    week.push({ date, reviews, level: levelOf(reviews, max) });
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length > 0)
    weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  return weeks;
}

/** Months of the range: days with answers, answers and time, for the table. */
function monthsOf(activity: StatsActivity) {
  const months = new Map<string, { active: number; reviews: number; timeMs: number }>();
  for (let date = activity.from; date <= activity.today; date = addDays(date, 1)) {
    const key = `${date.slice(0, 7)}-01`;
    if (!months.has(key)) months.set(key, { active: 0, reviews: 0, timeMs: 0 });
  }
  for (const day of activity.days) {
    const month = months.get(`${day.date.slice(0, 7)}-01`);
    if (!month) continue;
    month.active += 1;
    month.reviews += day.reviews;
    month.timeMs += day.timeMs;
  }
  return [...months.entries()];
}

/**
 * A year of answers as a calendar heatmap (a CSS grid: a column per week, a row per weekday);
 * screen readers get its summary and a table of the months.
 */
export function ActivityHeatmap({ activity }: { activity: StatsActivity }) {
  const { t } = useLingui();
  const weeks = useMemo(() => weeksOf(activity), [activity]);
  const months = useMemo(() => monthsOf(activity), [activity]);
  const { reviews, activeDays } = activity.totals;
  const dayCount = weeks.flat().filter(Boolean).length;
  const summary =
    reviews === 0
      ? t`No answers in the last ${dayCount} days yet.`
      : t`${plural(reviews, {
          one: `# answer on ${activeDays} of the last ${dayCount} days.`,
          other: `# answers on ${activeDays} of the last ${dayCount} days.`,
        })}`;
  const cellTitle = (date: string, count: number) => {
    const day = formatDate(date);
    return t`${plural(count, { one: `${day}: # answer`, other: `${day}: # answers` })}`;
  };
  // A day's tooltip is written when the pointer comes over it, not for the year's 365 days as
  // the dashboard first draws (a tenth of its first render on a phone; decision 0031). The grid
  // is an image to screen readers, which read the summary and the table instead.
  const showTitle = (event: PointerEvent<HTMLDivElement>) => {
    const cell = event.target;
    if (!(cell instanceof HTMLElement) || cell.dataset['date'] === undefined) return;
    cell.title = cellTitle(cell.dataset['date'], Number(cell.dataset['reviews']));
  };
  return (
    <figure className={styles.heatmapFigure}>
      <div className={styles.heatmapScroll}>
        <div className={styles.heatmap} role="img" aria-label={summary} onPointerOver={showTitle}>
          {weeks.map((week, column) =>
            week.map((cell, row) =>
              cell ? (
                <span
                  key={cell.date}
                  className={styles.heatCell}
                  data-level={cell.level}
                  data-date={cell.date}
                  data-reviews={cell.reviews}
                  style={{ gridColumn: column + 1, gridRow: row + 1 }}
                />
              ) : null,
            ),
          )}
        </div>
      </div>
      <figcaption className={styles.legend} aria-hidden="true">
        <span>{formatMonth(activity.from, 'short')}</span>
        <span className={styles.legendScale}>
          <Trans>Less</Trans>
          {[0, 1, 2, 3, 4].map((level) => (
            <span key={level} className={styles.heatCell} data-level={level} />
          ))}
          <Trans>More</Trans>
        </span>
        <span>{formatMonth(activity.today, 'short')}</span>
      </figcaption>
      <div className={styles.visuallyHidden}>
        <table>
          <caption>
            <Trans>Answers per month over the last year</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Month</Trans>
              </th>
              <th scope="col">
                <Trans>Days with answers</Trans>
              </th>
              <th scope="col">
                <Trans>Answers</Trans>
              </th>
              <th scope="col">
                <Trans>Time spent</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {months.map(([month, figures]) => (
              <tr key={month}>
                <th scope="row">{formatMonth(month)}</th>
                <td>{figures.active}</td>
                <td>{figures.reviews}</td>
                <td>{formatDuration(figures.timeMs)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
