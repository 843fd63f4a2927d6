import { defaultSchedulerSettings } from '@glossa/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTokenPair } from '../test/tokens';
import {
  addSocketHandler,
  clearInfoState,
  clearStorage,
  dispatchSocketMessage,
  getAppState,
  initAppState,
  resetAppStateForTests,
  setCardCombo,
  setUser,
} from './app-state';
import { saveSession } from './session';

const info = {
  id: 'u1',
  isFreeloaded: false,
  username: 'ana',
  email: 'ana@example.com',
  isAutodetectLanguageEnabled: true,
  defaultFromLanguageCode: 'es',
  toLanguageCode: 'en',
  ...defaultSchedulerSettings,
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

/** The server: the user info, and a combo of 7 in a row. */
function respond(input: RequestInfo | URL): Promise<Response> {
  const payload =
    String(input) === '/api/study/combo' ? { current: 7, best: 9, bestAt: null } : info;
  return Promise.resolve(new Response(JSON.stringify({ code: 'ok', payload }), { status: 200 }));
}

beforeEach(() => {
  resetAppStateForTests();
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('app state startup', () => {
  it('loads the theme, then the session, then the user info', async () => {
    localStorage.setItem('isDark', 'true');
    saveSession(makeTokenPair());
    fetchMock.mockImplementation(respond);
    initAppState();
    expect(getAppState().isDark).toBe(true);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(getAppState().session).not.toBeNull();
    await vi.waitFor(() => expect(getAppState().user).toEqual(info));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user/info');
  });

  it('loads the current combo for the app header at start, without waiting for a review', async () => {
    saveSession(makeTokenPair());
    fetchMock.mockImplementation(respond);
    initAppState();
    await vi.waitFor(() => expect(getAppState().cardCombo).toBe(7));
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain('/api/study/combo');
  });

  it('never lets a slow combo answer overwrite the combo of a newer answer', async () => {
    saveSession(makeTokenPair());
    let answerCombo: (() => void) | undefined;
    fetchMock.mockImplementation((input) =>
      String(input) === '/api/study/combo'
        ? new Promise((resolve) => {
            answerCombo = () => resolve(respond(input));
          })
        : respond(input),
    );
    initAppState();
    await vi.waitFor(() => expect(answerCombo).toBeDefined());
    setCardCombo(3);
    answerCombo?.();
    await vi.waitFor(() => expect(getAppState().user).toEqual(info));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(getAppState().cardCombo).toBe(3);
  });

  it('loads the combo when a learner signs in and drops it when they sign out', async () => {
    fetchMock.mockImplementation(respond);
    initAppState();
    expect(getAppState().cardCombo).toBe(0);
    saveSession(makeTokenPair());
    await vi.waitFor(() => expect(getAppState().cardCombo).toBe(7));
    clearStorage();
    expect(getAppState().cardCombo).toBe(0);
  });

  it('keeps the combo when it cannot be loaded (offline)', async () => {
    saveSession(makeTokenPair());
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    setCardCombo(4);
    initAppState();
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain('/api/study/combo'),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(getAppState().cardCombo).toBe(4);
  });

  it('does not call the server without a complete session', () => {
    localStorage.setItem('encodedAccessToken', 'only-one-item');
    initAppState();
    expect(getAppState().session).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('encodedAccessToken')).toBeNull();
  });

  it('clearing info state empties the user and the session; clearing storage the tokens', () => {
    saveSession(makeTokenPair());
    initAppState();
    setUser(info);
    clearInfoState();
    expect(getAppState().user).toBeNull();
    expect(getAppState().session).toBeNull();
    expect(localStorage.getItem('encodedAccessToken')).not.toBeNull();
    clearStorage();
    for (const key of [
      'encodedAccessToken',
      'encodedRefreshToken',
      'decodedAccessToken',
      'decodedRefreshToken',
    ]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
  });

  it('routes socket messages to the handlers of their type', () => {
    const handler = vi.fn();
    const remove = addSocketHandler('card.updated', handler);
    dispatchSocketMessage({ type: 'card.updated', payload: { id: 'c1' } });
    dispatchSocketMessage({ type: 'other', payload: null });
    expect(handler).toHaveBeenCalledTimes(1);
    remove();
    dispatchSocketMessage({ type: 'card.updated', payload: { id: 'c1' } });
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
