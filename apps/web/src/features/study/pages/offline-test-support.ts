import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetAppStateForTests } from '../../../lib/app-state';
import { saveSession } from '../../../lib/session';
import { fakeToken } from '../../../test/render';
import { reviewOutbox } from '../api/review-outbox';

/**
 * For the study page's offline tests: a signed-in learner, the browser's online state under the
 * test's control (`setOnline` goes on or off line as the page runs, `startOffline` has the page
 * open without a network), and everything reset after each test.
 */
export function offlineStudyHarness(userId: string): {
  setOnline(value: boolean): void;
  startOffline(): void;
} {
  let online = true;
  const setOnline = (value: boolean) => {
    online = value;
    act(() => {
      window.dispatchEvent(new Event(value ? 'online' : 'offline'));
    });
  };
  beforeEach(() => {
    online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
  });
  afterEach(() => {
    // Back online for the next test (TanStack Query pauses queries while the browser is offline).
    setOnline(true);
    reviewOutbox.stop(userId);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    resetAppStateForTests();
  });
  return {
    setOnline,
    startOffline: () => {
      online = false;
    },
  };
}
