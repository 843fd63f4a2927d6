import { QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import type { CategoryTreeItem } from '@glossa/contract';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
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

/** Renders a page at a URL, with a query client and a router that shows where it navigated. */
export function renderPage(path: string, url: string, page: ReactElement) {
  // The app's own client, without its retries (a test's failure is meant at once).
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  // As in the app, the app state's user model is this client's user info.
  bindUserModel(queryClient);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
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

/** jsdom has no ResizeObserver; Radix switches measure themselves with it. */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
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
    depth: 1,
    createdAt: time,
    updatedAt: time,
    role: 'owner',
    cardCount: 0,
    memberCount: 0,
    ...overrides,
  };
}
