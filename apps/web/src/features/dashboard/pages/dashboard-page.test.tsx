import { api, type StudySummary } from '@glossa/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppStateForTests } from '../../../lib/app-state';
import { activateLocale, loadedFeatureCatalogs, loadFeatureCatalogs } from '../../../lib/i18n';
import { resourceKeys } from '../../../lib/resource-keys';
import { saveSession } from '../../../lib/session';
import { failure, fakeApi, ok, type FakeHandler } from '../../../test/fake-api';
import { fakeToken, renderPage, stubResizeObserver, userFixture } from '../../../test/render';
import DashboardPage from './dashboard-page';

const forecast = Array.from({ length: 14 }, (_, day) => ({
  date: new Date(Date.UTC(2026, 2, 10 + day)).toISOString().slice(0, 10),
  due: [12, 3, 0, 7, 0, 0, 1, 0, 0, 0, 0, 0, 2, 0][day] ?? 0,
}));

const summary: StudySummary = {
  today: '2026-03-10',
  hasCards: true,
  dueNow: 9,
  dueToday: 12,
  newToday: 20,
  answeredToday: { total: 8, successes: 6, failures: 2 },
  combo: { current: 4, best: 27, bestAt: '2026-03-01T10:00:00.000Z' },
  forecast,
};

const emptyActivity = {
  today: '2026-03-10',
  from: '2025-03-11',
  days: [],
  currentStreak: 0,
  bestStreak: 0,
  totals: { reviews: 0, timeMs: 0, activeDays: 0 },
  bestCombos: [],
};

beforeEach(() => {
  stubResizeObserver(640);
  saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAppStateForTests();
});

function stubServer(answer: FakeHandler<typeof api.study.summary>) {
  return (
    fakeApi()
      .on(api.user.info, () => ok(userFixture))
      .on(api.invitations.list, () => ok({ items: [] }))
      .on(api.study.summary, answer)
      // The statistics below the forecast (their own tests are statistics-section.test.tsx).
      .on(api.stats.activity, () => ok(emptyActivity))
      .on(api.stats.retention, () => ok({ today: '2026-03-10', days: [], weeks: [], months: [] }))
      .on(api.stats.categories, () => ok({ categories: [], more: 0 })).fetch
  );
}

describe('dashboard', () => {
  it('shows today’s figures as tiles and a way into study', async () => {
    stubServer(() => ok(summary));
    renderPage('/app/dashboard', '/app/dashboard', <DashboardPage />);

    expect(await screen.findByText('29 cards are ready to study.')).toBeTruthy();
    const tiles = screen.getByRole('region', { name: 'Today' });
    const tile = (term: string) => {
      const element = within(tiles).getByText(term).parentElement;
      if (!element) throw new Error(`no tile ${term}`);
      return element.textContent;
    };
    expect(tile('Due today')).toBe('Due today129 due now, 3 later today');
    expect(tile('New today')).toBe('New today20New cards left for today');
    expect(tile('Answered today')).toBe('Answered today875% right: 6 right, 2 wrong');
    expect(tile('Combo')).toBe('Combo4Best: 27 in a row');
    const study = screen.getByRole('link', { name: 'Study now' });
    expect(study.getAttribute('href')).toBe('/app/study');
    expect(await screen.findByText(/^Welcome, ada\./)).toBeTruthy();
  });

  it('draws its statistics in the learner’s language: their catalog loads with their code', async () => {
    stubServer(() => ok(summary));
    await activateLocale('de');
    try {
      await loadFeatureCatalogs('dashboard');
      renderPage('/app/dashboard', '/app/dashboard', <DashboardPage />);
      // The statistics' panel title, from their own German catalog (lingui.config.ts).
      expect(
        await screen.findByRole('heading', { name: 'Aktivität' }, { timeout: 8000 }),
      ).toBeTruthy();
      expect(loadedFeatureCatalogs()).toContain('statistics');
    } finally {
      await activateLocale('en');
    }
  });

  it('draws the forecast as an SVG with a summary and every figure in a table', async () => {
    stubServer(() => ok(summary));
    renderPage('/app/dashboard', '/app/dashboard', <DashboardPage />);

    const chart = await screen.findByRole('img', { name: /^25 cards due over the next 14 days/ });
    expect(chart.tagName.toLowerCase()).toBe('svg');
    expect(chart.querySelectorAll('rect')).toHaveLength(5);
    const table = screen.getByRole('table', { name: 'Cards due on each of the next 14 days' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(14);
    expect(rows[0]?.textContent).toMatch(/^Today, .*overdue included12$/);
    expect(within(rows[3] as HTMLElement).getByRole('cell').textContent).toBe('7');
  });

  it('welcomes an account without cards with the first steps', async () => {
    stubServer(() =>
      ok({
        ...summary,
        hasCards: false,
        dueNow: 0,
        dueToday: 0,
        newToday: 0,
        answeredToday: { total: 0, successes: 0, failures: 0 },
        combo: { current: 0, best: 0, bestAt: null },
        forecast: forecast.map((day) => ({ ...day, due: 0 })),
      }),
    );
    renderPage('/app/dashboard', '/app/dashboard', <DashboardPage />);

    expect(await screen.findByRole('heading', { name: 'Add your first cards' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Add or import cards' }).getAttribute('href')).toBe(
      '/app/browse',
    );
    expect(screen.queryByRole('link', { name: 'Study now' })).toBeNull();
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('says when everything is done for today', async () => {
    stubServer(() =>
      ok({
        ...summary,
        dueNow: 0,
        dueToday: 0,
        newToday: 0,
        forecast: forecast.map((day, index) => ({ ...day, due: index === 0 ? 0 : day.due })),
      }),
    );
    renderPage('/app/dashboard', '/app/dashboard', <DashboardPage />);
    expect(await screen.findByText('All caught up for today. Come back tomorrow.')).toBeTruthy();
    expect(screen.getByText('Nothing waiting')).toBeTruthy();
    expect(screen.getByText('No new card left for today')).toBeTruthy();
  });

  it('offers to try again when the figures cannot be loaded', async () => {
    let fail = true;
    const fetch = stubServer(() =>
      fail ? failure(500, 'internal_error', 'Something went wrong on our side') : ok(summary),
    );
    const user = userEvent.setup();
    renderPage('/app/dashboard', '/app/dashboard', <DashboardPage />);

    expect(
      await screen.findByRole('heading', { name: 'Your figures could not be loaded' }),
    ).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('29 cards are ready to study.')).toBeTruthy();
    const calls = fetch.mock.calls.filter(([url]) => url === '/api/study/summary');
    expect(calls.length).toBeGreaterThanOrEqual(2);
  });

  it('reads the figures again after a review and on every visit', async () => {
    const fetch = stubServer(() => ok(summary));
    const { queryClient } = renderPage('/app/dashboard', '/app/dashboard', <DashboardPage />);
    await screen.findByText('29 cards are ready to study.');
    const summaryCalls = () =>
      fetch.mock.calls.filter(([url]) => url === '/api/study/summary').length;
    const before = summaryCalls();
    // Stale at once: coming back from the study screen mounts the page and fetches again.
    const query = queryClient
      .getQueryCache()
      .find({ queryKey: [...resourceKeys.study, 'summary'] });
    expect(query?.isStale()).toBe(true);
    // A review invalidates the study resource, which the summary lives under.
    await queryClient.invalidateQueries({ queryKey: resourceKeys.study });
    await waitFor(() => expect(summaryCalls()).toBe(before + 1));
  });
});
