import {
  api,
  type StatsActivity,
  type StatsCategories,
  type StatsRetention,
} from '@glossa/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppStateForTests } from '../../../lib/app-state';
import { saveSession } from '../../../lib/session';
import { fakeApi, ok } from '../../../test/fake-api';
import { fakeToken, renderPage, stubResizeObserver } from '../../../test/render';
import StatisticsSection from './statistics-section';

// The charts draw on a canvas, which jsdom has not: their tables are what is tested here.

const activity: StatsActivity = {
  today: '2026-03-18',
  from: '2025-03-19',
  days: [
    { date: '2026-02-27', reviews: 40, timeMs: 600_000 },
    { date: '2026-03-16', reviews: 10, timeMs: 120_000 },
    { date: '2026-03-17', reviews: 20, timeMs: 300_000 },
    { date: '2026-03-18', reviews: 5, timeMs: 60_000 },
  ],
  currentStreak: 3,
  bestStreak: 3,
  totals: { reviews: 75, timeMs: 1_080_000, activeDays: 4 },
  bestCombos: [
    { date: '2026-03-17', combo: 14 },
    { date: '2026-02-27', combo: 9 },
  ],
};

const period = (start: string, values: number[] = [0, 0, 0, 0]) => ({
  start,
  youngPassed: values[0] ?? 0,
  youngFailed: values[1] ?? 0,
  maturePassed: values[2] ?? 0,
  matureFailed: values[3] ?? 0,
});

const retention: StatsRetention = {
  today: '2026-03-18',
  days: Array.from({ length: 30 }, (_, i) =>
    period(
      new Date(Date.UTC(2026, 1, 17 + i)).toISOString().slice(0, 10),
      i === 29 ? [9, 1, 3, 1] : i === 28 ? [1, 1, 0, 0] : [0, 0, 0, 0],
    ),
  ),
  weeks: Array.from({ length: 12 }, (_, i) =>
    period(
      new Date(Date.UTC(2025, 11, 29 + 7 * i)).toISOString().slice(0, 10),
      i === 11 ? [10, 2, 3, 1] : undefined,
    ),
  ),
  months: Array.from({ length: 12 }, (_, i) =>
    period(
      new Date(Date.UTC(2025, 3 + i, 1)).toISOString().slice(0, 10),
      i === 11 ? [10, 2, 3, 1] : undefined,
    ),
  ),
};

const categories: StatsCategories = {
  categories: [
    { categoryId: 'c1', name: 'Verbs', new: 3, learning: 5, known: 2 },
    { categoryId: null, name: null, new: 1, learning: 0, known: 0 },
  ],
  more: 0,
};

beforeEach(() => {
  stubResizeObserver();
  saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
  fakeApi()
    .on(api.stats.activity, () => ok(activity))
    .on(api.stats.retention, () => ok(retention))
    .on(api.stats.categories, () => ok(categories));
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAppStateForTests();
});

describe('dashboard statistics', () => {
  it('shows the streak and the year as a heatmap, with a table of the months', async () => {
    renderPage('/app/dashboard', '/app/dashboard', <StatisticsSection />);
    const heatmap = await screen.findByRole('img', {
      name: '75 answers on 4 of the last 365 days.',
    });
    expect(heatmap.querySelectorAll('[data-level="4"]')).toHaveLength(1);
    expect(heatmap.querySelectorAll('[data-level]')).toHaveLength(365);
    const streak = screen.getByText('Streak').parentElement;
    expect(streak?.textContent).toBe('Streak3 days');
    const months = screen.getByRole('table', { name: 'Answers per month over the last year' });
    const rows = within(months).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(13);
    expect(rows.at(-2)?.textContent).toMatch(/^February 2026 ?1 ?40 ?10 min$/);
    expect(rows.at(-1)?.textContent).toMatch(/^March 2026 ?3 ?35 ?8 min$/);
  });

  it('names a day of the heatmap once the pointer is over it', async () => {
    renderPage('/app/dashboard', '/app/dashboard', <StatisticsSection />);
    const heatmap = await screen.findByRole('img', {
      name: '75 answers on 4 of the last 365 days.',
    });
    const busiest = heatmap.querySelector<HTMLElement>('[data-level="4"]');
    const quiet = heatmap.querySelector<HTMLElement>('[data-date="2026-03-15"]');
    if (!busiest || !quiet) throw new Error('no such days in the heatmap');
    await userEvent.hover(busiest);
    expect(busiest.title).toBe('February 27, 2026: 40 answers');
    await userEvent.hover(quiet);
    expect(quiet.title).toBe('March 15, 2026: 0 answers');
  });

  it('shows true retention, young and mature apart, and switches the chart’s periods', async () => {
    renderPage('/app/dashboard', '/app/dashboard', <StatisticsSection />);
    const table = await screen.findByRole('table', {
      name: 'True retention: the share of due cards answered right',
    });
    const row = (name: string) =>
      within(table).getByRole('rowheader', { name }).parentElement?.textContent;
    expect(row('Today')).toBe('Today90% of 1075% of 486% of 14');
    expect(row('Last 7 days')).toBe('Last 7 days83% of 1275% of 481% of 16');
    expect(
      within(screen.getByRole('table', { name: 'True retention per week' })).getAllByRole('row'),
    ).toHaveLength(13);
    await userEvent.click(screen.getByRole('button', { name: 'Months' }));
    expect(screen.getByRole('button', { name: 'Months' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const months = screen.getByRole('table', { name: 'True retention per month' });
    expect(within(months).getAllByRole('row').at(-1)?.textContent).toBe(
      'March 202683% of 1275% of 4',
    );
  });

  it('shows time spent, the cards per category and the best combos', async () => {
    renderPage('/app/dashboard', '/app/dashboard', <StatisticsSection />);
    const time = await screen.findByRole('table', {
      name: 'Time spent answering on each of the last 30 days',
    });
    expect(within(time).getAllByRole('row')).toHaveLength(31);
    expect(within(time).getAllByRole('row').at(-2)?.textContent).toMatch(/5 min20$/);
    const perCategory = await screen.findByRole('table', { name: 'Your cards per category' });
    expect(
      within(perCategory).getByRole('rowheader', { name: 'Verbs' }).parentElement?.textContent,
    ).toBe('Verbs253');
    expect(within(perCategory).getByRole('rowheader', { name: 'No category' })).toBeTruthy();
    const combos = screen.getByRole('region', { name: 'Best combos' });
    expect(
      within(combos)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['14 in a row on March 17, 2026', '9 in a row on February 27, 2026']);
  });
});
