import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import styles from './uplot-chart.module.css';

export interface ChartSeries {
  label: string;
  /** A colour token of the theme (`--color-primary`), read when drawing. */
  color: string;
  kind: 'line' | 'bars';
  values: (number | null)[];
}

interface UplotChartProps {
  /** One label per point of the x axis. */
  labels: string[];
  series: ChartSeries[];
  height: number;
  /** The y axis's fixed range, or from 0 to the data's top. */
  yRange?: [number, number];
  formatY: (value: number) => string;
}

const token = (name: string) =>
  getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';

/**
 * A chart drawn by uPlot (a canvas), in the theme's colours: drawn again when the theme or the
 * width changes. The chart is an image to screen readers: each use gives a table beside it.
 */
export function UplotChart({ labels, series, height, yRange, formatY }: UplotChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let chart: uPlot | null = null;
    let Plot: typeof uPlot | null = null;
    let gone = false;
    const draw = () => {
      chart?.destroy();
      if (!Plot) return;
      const muted = token('--color-text-muted');
      const grid = token('--color-border');
      const width = Math.max(200, element.clientWidth);
      const bars = Plot.paths.bars?.({ size: [0.7, 24] });
      const every = Math.max(1, Math.ceil(labels.length / Math.max(2, Math.floor(width / 70))));
      chart = new Plot(
        {
          width,
          height,
          legend: { show: false },
          cursor: { drag: { x: false, y: false } },
          scales: {
            x: { time: false, range: [-0.5, labels.length - 0.5] },
            y: yRange ? { range: yRange } : { range: (_u, _min, max) => [0, Math.max(1, max)] },
          },
          axes: [
            {
              stroke: muted,
              grid: { show: false },
              ticks: { stroke: grid },
              splits: () =>
                labels.map((_, i) => i).filter((i) => (labels.length - 1 - i) % every === 0),
              values: (_u, splits) => splits.map((i) => labels[i] ?? ''),
            },
            {
              stroke: muted,
              grid: { stroke: grid, width: 1 },
              ticks: { stroke: grid },
              size: 48,
              values: (_u, splits) => splits.map((v) => formatY(v)),
            },
          ],
          series: [
            {},
            ...series.map((s) => {
              const color = token(s.color);
              return s.kind === 'bars'
                ? {
                    label: s.label,
                    stroke: color,
                    fill: color,
                    width: 0,
                    ...(bars ? { paths: bars } : {}),
                    points: { show: false },
                  }
                : {
                    label: s.label,
                    stroke: color,
                    width: 2,
                    points: { show: true, size: 6, fill: color },
                    spanGaps: false,
                  };
            }),
          ],
        },
        [labels.map((_, i) => i), ...series.map((s) => s.values)],
        element,
      );
    };
    // The library (about 22 kB gzipped) is read when a chart is first drawn, not with the page,
    // and a chart is drawn when it comes near the screen: below the fold on a phone, drawing them
    // all at once was a long task of the dashboard's first seconds (decision 0031, fourth pass).
    // uPlot reads the pixel ratio through matchMedia when loaded (jsdom, in tests, has none).
    if (typeof window.matchMedia !== 'function') return;
    const load = () =>
      void import('uplot').then((module) => {
        if (gone) return;
        Plot = module.default;
        draw();
      });
    let near: IntersectionObserver | null = null;
    if (typeof IntersectionObserver === 'function') {
      near = new IntersectionObserver(
        (entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          near?.disconnect();
          load();
        },
        // Half a screen above and below: drawn before it scrolls in. (A CSS length, no words.)
        // eslint-disable-next-line lingui/no-unlocalized-strings
        { rootMargin: '50% 0px' },
      );
      near.observe(element);
    } else {
      load();
    }
    // The width the chart was drawn at, from the observer's first report (after a layout the
    // browser does anyway): read as the chart mounts, it made the browser lay out and style the
    // whole page at once, the statistics panels off screen included (a forced reflow, the
    // dashboard's longest task on a phone; decision 0031, ninth pass).
    let width: number | null = null;
    const resized = new ResizeObserver(() => {
      const now = element.clientWidth;
      if (width !== null && now !== width) draw();
      width = now;
    });
    resized.observe(element);
    const themed = new MutationObserver(draw);
    themed.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => {
      gone = true;
      near?.disconnect();
      resized.disconnect();
      themed.disconnect();
      chart?.destroy();
    };
  }, [labels, series, height, yRange, formatY]);
  return <div ref={ref} className={styles.uplot} style={{ height }} aria-hidden="true" />;
}
