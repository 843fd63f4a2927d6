import { api, defaultSchedulerSettings, type Combo, type UserInfo } from '@glossa/contract';
import type { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok, unreachable, type FakeAnswer, type FakeApi } from '../test/fake-api';
import { makeTokenPair } from '../test/tokens';
import {
  addSocketHandler,
  bindUserModel,
  clearInfoState,
  clearStorage,
  dispatchSocketMessage,
  getAppState,
  initAppState,
  resetAppStateForTests,
  setCardCombo,
} from './app-state';
import { createQueryClient } from './query-client';
import { userQueryKey } from './queries/user-info';
import { saveSession } from './session';

const info: UserInfo = {
  id: 'u1',
  isFreeloaded: false,
  username: 'ana',
  email: 'ana@example.com',
  isAutodetectLanguageEnabled: true,
  defaultFromLanguageCode: 'es',
  toLanguageCode: 'en',
  ...defaultSchedulerSettings,
};

const combo: Combo = { current: 7, best: 9, bestAt: null };

let fake: FakeApi;
let fetchMock: FakeApi['fetch'];
let queryClient: QueryClient;

/** The server: the user info, and a combo of 7 in a row (or `comboAnswer`). */
function respond(
  comboAnswer: () =>
    FakeAnswer<typeof api.study.combo> | Promise<FakeAnswer<typeof api.study.combo>> = () =>
    ok(combo),
) {
  fake.on(api.user.info, () => ok(info)).on(api.study.combo, comboAnswer);
}

beforeEach(() => {
  resetAppStateForTests();
  fake = fakeApi();
  fetchMock = fake.fetch;
  queryClient = createQueryClient();
});

describe('app state startup', () => {
  it('loads the theme, then the session, then the user info', async () => {
    localStorage.setItem('isDark', 'true');
    saveSession(makeTokenPair());
    respond();
    initAppState(queryClient);
    expect(getAppState().isDark).toBe(true);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(getAppState().session).not.toBeNull();
    await vi.waitFor(() => expect(getAppState().user).toEqual(info));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/user/info');
  });

  it('loads the current combo for the app header at start, without waiting for a review', async () => {
    saveSession(makeTokenPair());
    respond();
    initAppState(queryClient);
    await vi.waitFor(() => expect(getAppState().cardCombo).toBe(7));
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain('/api/study/combo');
  });

  it('never lets a slow combo answer overwrite the combo of a newer answer', async () => {
    saveSession(makeTokenPair());
    let answerCombo: (() => void) | undefined;
    respond(
      () =>
        new Promise((resolve) => {
          answerCombo = () => resolve(ok(combo));
        }),
    );
    initAppState(queryClient);
    await vi.waitFor(() => expect(answerCombo).toBeDefined());
    setCardCombo(3);
    answerCombo?.();
    await vi.waitFor(() => expect(getAppState().user).toEqual(info));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(getAppState().cardCombo).toBe(3);
  });

  it('loads the combo when a learner signs in and drops it when they sign out', async () => {
    respond();
    initAppState(queryClient);
    expect(getAppState().cardCombo).toBe(0);
    saveSession(makeTokenPair());
    await vi.waitFor(() => expect(getAppState().cardCombo).toBe(7));
    clearStorage();
    expect(getAppState().cardCombo).toBe(0);
  });

  it('keeps the combo when it cannot be loaded (offline)', async () => {
    saveSession(makeTokenPair());
    fake.on(api.user.info, unreachable).on(api.study.combo, unreachable);
    setCardCombo(4);
    initAppState(queryClient);
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain('/api/study/combo'),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(getAppState().cardCombo).toBe(4);
  });

  it('does not call the server without a complete session', () => {
    localStorage.setItem('encodedAccessToken', 'only-one-item');
    initAppState(queryClient);
    expect(getAppState().session).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(localStorage.getItem('encodedAccessToken')).toBeNull();
  });

  it('clearing info state empties the user and the session; clearing storage the tokens', () => {
    respond();
    saveSession(makeTokenPair());
    initAppState(queryClient);
    queryClient.setQueryData(userQueryKey, info);
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

  it('the user model is a view of the query cache: fetched, refetched, cleared there', async () => {
    saveSession(makeTokenPair());
    respond();
    initAppState(queryClient);
    await vi.waitFor(() => expect(getAppState().user).toEqual(info));
    expect(getAppState().user).toBe(queryClient.getQueryData(userQueryKey));

    // Saving the settings refetches the user info: the state shows the new one.
    const renamed = { ...info, username: 'ana2' };
    fake.on(api.user.info, () => ok(renamed));
    await queryClient.refetchQueries({ queryKey: userQueryKey });
    expect(getAppState().user).toEqual(renamed);

    // Clearing the info state empties the cache's user too, so the two never disagree.
    clearInfoState();
    expect(queryClient.getQueryData(userQueryKey)).toBeUndefined();
    queryClient.setQueryData(userQueryKey, info);
    expect(getAppState().user).toEqual(info);
    // Signing out clears the whole cache, the user model with it.
    queryClient.clear();
    expect(getAppState().user).toBeNull();
  });

  it('keeps the user model on pages that show no user (never garbage-collected)', async () => {
    vi.useFakeTimers();
    bindUserModel(queryClient);
    queryClient.setQueryData(userQueryKey, info);
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(getAppState().user).toEqual(info);
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
