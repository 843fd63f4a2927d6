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
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ code: 'ok', payload: info }), { status: 200 }),
    );
    initAppState();
    expect(getAppState().isDark).toBe(true);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(getAppState().session).not.toBeNull();
    await vi.waitFor(() => expect(getAppState().user).toEqual(info));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user/info');
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
