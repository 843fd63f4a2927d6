import type { I18n } from '@lingui/core';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import plotStyles from '../../../components/interval-plot.module.css';
import { VisuallyHidden } from '../../../components/visually-hidden';
import { useBoxWidth } from '../../../lib/use-box-width';
import { recallCurve, type CardAfter } from '../content/curves';
import styles from './widgets.module.css';

const margin = { top: 34, right: 14, bottom: 46, left: 50 };
/** The rows of the screen readers' table. */
const tableSteps = 6;

/** A number of days: one decimal below ten ("2.5", "2,5"), else whole. */
const dayLabel = (i18n: I18n, day: number) =>
  day < 10
    ? i18n.number(day, { minimumFractionDigits: 1, maximumFractionDigits: 1 })
    : i18n.number(Math.round(day));

/** A chance of recall as a whole percentage ("90%", "90 %"). */
const percentLabel = (i18n: I18n, recall: number) =>
  i18n.number(recall, { style: 'percent', maximumFractionDigits: 0 });

/**
 * The forgetting curve of one card: the predicted chance of recall from its last review until
 * twice its planned wait, the due day marked (recall near 90 % when the wait is the card's
 * stability). An SVG for the eye, the same numbers in a table for screen readers.
 */
export function ForgettingCurve({ card }: { card: CardAfter }) {
  const { t, i18n } = useLingui();
  const titleId = useId();
  const { ref, width } = useBoxWidth(560);
  const height = Math.round(Math.min(300, Math.max(220, width * 0.45)));
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
  const days = Math.max(2, card.period * 2);
  const points = recallCurve(card.elevation, days);
  // The scale ends a little below the curve's lowest point, so its fall is seen at any wait.
  const lowest = Math.min(0.8, Math.floor(Math.min(...points.map((p) => p.recall)) * 10) / 10);
  const tickStep = 1 - lowest <= 0.3 ? 0.05 : 0.1;
  const recallTicks = Array.from(
    { length: Math.round((1 - lowest) / tickStep) + 1 },
    (_, i) => Math.round((1 - i * tickStep) * 100) / 100,
  );
  const x = (day: number) => margin.left + (day / days) * innerWidth;
  const y = (recall: number) =>
    margin.top + ((1 - Math.max(lowest, recall)) / (1 - lowest)) * innerHeight;
  const path = points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.day).toFixed(1)},${y(p.recall).toFixed(1)}`)
    .join(' ');
  const dueRecall = recallCurve(card.elevation, card.period, 1)[1]?.recall ?? 0.9;
  const dayTicks = [0, days / 4, days / 2, (3 * days) / 4, days];
  const rows = recallCurve(card.elevation, days, tableSteps);
  const answer = card.answers;
  const period = card.period;
  const dueChance = percentLabel(i18n, dueRecall);
  const elevation = i18n.number(card.elevation, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  const stability = dayLabel(i18n, card.stabilityDays);

  return (
    <figure className={plotStyles.figure}>
      <div ref={ref} className={plotStyles.box}>
        <svg
          className={plotStyles.svg}
          width={width}
          height={height}
          viewBox={`0 0 ${width} ${height}`}
          role="img"
          aria-labelledby={titleId}
          data-testid="forgetting-curve"
          data-period={card.period}
        >
          <title id={titleId}>
            {t`Chance of remembering the card in the days after answer ${answer}`}
          </title>
          <text className={plotStyles.axisTitle} x={margin.left} y={14}>
            <Trans>Chance of remembering</Trans>
          </text>
          {recallTicks.map((tick) => (
            <g key={tick}>
              <line
                className={plotStyles.grid}
                x1={margin.left}
                x2={width - margin.right}
                y1={y(tick)}
                y2={y(tick)}
              />
              <text
                className={plotStyles.tickLabel}
                x={margin.left - 8}
                y={y(tick)}
                textAnchor="end"
                dominantBaseline="middle"
              >
                {percentLabel(i18n, tick)}
              </text>
            </g>
          ))}
          {dayTicks.map((day) => (
            <text
              key={day}
              className={plotStyles.tickLabel}
              x={x(day)}
              y={height - margin.bottom + 18}
              textAnchor="middle"
            >
              {dayLabel(i18n, day)}
            </text>
          ))}
          <text
            className={plotStyles.axisTitle}
            x={margin.left + innerWidth / 2}
            y={height - 8}
            textAnchor="middle"
          >
            <Trans>Days since the review</Trans>
          </text>
          <line
            className={plotStyles.missGuide}
            x1={x(card.period)}
            x2={x(card.period)}
            y1={margin.top}
            y2={height - margin.bottom}
          />
          <line
            className={plotStyles.axis}
            x1={margin.left}
            x2={width - margin.right}
            y1={height - margin.bottom}
            y2={height - margin.bottom}
          />
          <path className={plotStyles.correctLine} d={path} data-series="recall" />
          <circle className={plotStyles.correctPoint} cx={x(card.period)} cy={y(dueRecall)} r={5} />
          <text
            className={styles.plotNote}
            x={Math.min(x(card.period) + 8, width - margin.right - 4)}
            y={margin.top + 14}
            textAnchor={x(card.period) + 120 > width ? 'end' : 'start'}
          >
            <Trans>due: day {period}</Trans>
          </text>
        </svg>
      </div>
      <figcaption className={plotStyles.caption}>
        <p className={plotStyles.summary} data-testid="forgetting-summary">
          {t`After answer ${answer}, the card comes back in ${plural(period, { one: '# day', other: '# days' })}, when the chance of remembering it has fallen to ${dueChance}. Its height is ${elevation}: about ${stability} days to reach 90%.`}
        </p>
      </figcaption>
      <VisuallyHidden>
        <table>
          <caption>
            <Trans>Chance of remembering the card, by days since answer {answer}</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>Days</Trans>
              </th>
              <th scope="col">
                <Trans>Chance</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.day}>
                <th scope="row">{dayLabel(i18n, row.day)}</th>
                <td>{percentLabel(i18n, row.recall)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}
