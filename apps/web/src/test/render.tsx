import { QueryClientProvider } from '@tanstack/react-query';
import { act, configure, render } from '@testing-library/react';
import type { CategoryTree, CategoryTreeItem } from '@glossa/contract';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { vi } from 'vitest';
import { bindUserModel } from '../lib/app-state';
import { createQueryClient } from '../lib/query-client';

// Pages load lazily and validate whole forms; give slow CI machines time before failing.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

/** A JWT whose claims match the contract (the signature is not checked by the browser). */
export function fakeToken(kind: 'access' | 'refresh', digest: string = kind): string {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    iat: now,
    nbf: now,
    exp: now + (kind === 'access' ? 900 : 2_592_000),
    payload: { userId: 'user-1', tokenId: 'token-1', digest },
  };
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

const withProbe = (element: ReactElement) => (
  <>
    {element}
    <LocationProbe />
  </>
);

/**
 * Renders a page at a URL, with a query client and a router that shows where it navigated: a
 * data router, as the app's (what only a data router offers, such as blocking a navigation,
 * works as in the app).
 */
export function renderPage(path: string, url: string, page: ReactElement) {
  // The app's own client, without its retries (a test's failure is meant at once).
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  // As in the app, the app state's user model is this client's user info.
  bindUserModel(queryClient);
  const router = createMemoryRouter(
    [
      { path, element: withProbe(page) },
      { path: '*', element: withProbe(<p>Elsewhere</p>) },
    ],
    { initialEntries: [url] },
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, queryClient, router };
}

/** A UserInfo as GET /api/user/info answers it. */
export const userFixture = {
  id: 'user-1',
  isFreeloaded: false,
  username: 'ada',
  email: 'ada@example.com',
  isAutodetectLanguageEnabled: true,
  isReflowAbsolute: false,
  reflowValue: 0.05,
  interceptElevationGain: 0.3,
  amplitudeElevationGain: 2.5,
  decayRateElevationGain: 1.25,
  checkpointAmplitudeCoefficientElevationGain: 0.45,
  checkpointSpanElevationGain: 2,
  interceptElevationDepreciation: 0.12,
  amplitudeElevationDepreciation: 0.12,
  decayRateElevationDepreciation: 0.4,
  checkpointAmplitudeCoefficientElevationDepreciation: 1.35,
  checkpointSpanElevationDepreciation: 2,
  checkpointAmplitudeCoefficientPeriodGain: 1,
  checkpointSpanPeriodGain: 4,
  checkpointAmplitudeCoefficientPeriodDepreciation: 0.7,
  checkpointSpanPeriodDepreciation: 2,
  guessSuccessMinimumScore: 0.85,
  defaultFromLanguageCode: 'fr',
  toLanguageCode: 'en',
};

/** The learner's daily study as GET /api/study/settings answers it (time zone already set). */
export const studySettingsFixture = {
  newCardsPerDay: 20,
  reviewsPerDay: 200,
  dayStartHour: 4,
  timeZone: 'Europe/Paris',
  timeZoneSet: true,
};

/**
 * jsdom has no ResizeObserver; Radix switches measure themselves with it. Given a `width`, each
 * observed box reports that width once, as a browser's observer does after the box's first layout
 * (jsdom lays nothing out): what draws at its box's width (lib/use-box-width.ts) then draws.
 */
export function stubResizeObserver(width?: number) {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      private readonly report: ResizeObserverCallback;
      constructor(report: ResizeObserverCallback) {
        this.report = report;
      }
      observe(target: Element) {
        if (width === undefined) return;
        const entry = { target, contentRect: { width } } as unknown as ResizeObserverEntry;
        queueMicrotask(() => act(() => this.report([entry], this as unknown as ResizeObserver)));
      }
      unobserve() {}
      disconnect() {}
    },
  );
}

/** A category of the tree as the server lists it: the signed-in user's own, private, empty. */
export function categoryFixture(
  overrides: Partial<CategoryTreeItem> & { id: string; name: string },
): CategoryTreeItem {
  const time = '2026-01-01T00:00:00.000Z';
  return {
    parentId: null,
    owner: { id: 'user-1', username: 'ada' },
    description: '',
    visibility: 'private',
    fromLanguageCode: null,
    toLanguageCode: null,
    reverseDefault: false,
    depth: 1,
    version: 1,
    createdAt: time,
    updatedAt: time,
    role: 'owner',
    cardCount: 0,
    memberCount: 0,
    ...overrides,
  };
}

/** GET /api/categories as the server answers it for these categories (none left out). */
export function categoryTree(items: readonly CategoryTreeItem[], omitted = 0): CategoryTree {
  return {
    items: items.map((item) => ({
      id: item.id,
      parentId: item.parentId,
      name: item.name,
      visibility: item.visibility,
      depth: item.depth,
      reverseDefault: item.reverseDefault,
      role: item.role ?? 'viewer',
      cardCount: item.cardCount,
      version: item.version,
      ...(item.role === 'owner' ? {} : { owner: item.owner }),
    })),
    omitted,
  };
}
