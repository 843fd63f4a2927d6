import { api, type TokenPair } from '@glossa/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { failure, fakeApi, ok, unreachable, type FakeApi } from '../test/fake-api';
import { makeTokenPair } from '../test/tokens';
import { apiRequest, refreshSession, scheduleTokenRefresh } from './api-client';
import { bearerOf, expired, inTurn, testRoute, unauthorized } from './api-client-test-support';
import { readSession, saveSession } from './session';

let fake: FakeApi;
let fetchMock: FakeApi['fetch'];
const thing = testRoute('GET', '/api/thing', z.string());

beforeEach(() => {
  fake = fakeApi();
  fetchMock = fake.fetch;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('on token_expired refreshes once, then retries with the new token', async () => {
    saveSession(makeTokenPair());
    const fresh = makeTokenPair();
    fake.on(thing, inTurn(expired(), ok('done'))).on(api.auth.refresh, () => ok(fresh));
    const result = await apiRequest(thing);
    expect(result).toBe('done');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/thing',
      '/api/auth/refresh',
      '/api/thing',
    ]);
    expect(bearerOf(fetchMock.mock.calls[2]?.[1])).toBe(`Bearer ${btoa(fresh.access)}`);
    expect(readSession()?.encodedRefreshToken).toBe(fresh.refresh);
  });

  it('sends the call’s own body again after the refresh, not the refusal', async () => {
    saveSession(makeTokenPair());
    const post = testRoute('POST', '/api/post-thing', z.string());
    const bodies: unknown[] = [];
    fake
      .on(post, ({ body }) => {
        bodies.push(body);
        return bodies.length === 1 ? expired() : ok('done');
      })
      .on(api.auth.refresh, () => ok(makeTokenPair()));
    expect(await apiRequest(post, { body: { front: 'la casa' } })).toBe('done');
    expect(bodies).toEqual([{ front: 'la casa' }, { front: 'la casa' }]);
  });

  it('tells how much of a body has gone when asked (through XMLHttpRequest), then answers as fetch', async () => {
    saveSession(makeTokenPair());
    const post = testRoute('POST', '/api/post-thing', z.string());
    fake.on(post, ({ body }) => ok(JSON.stringify(body)));
    const progress: [number, number][] = [];
    const result = await apiRequest(post, {
      body: { file: 'UEsDBA==' },
      onUploadProgress: (sent, total) => progress.push([sent, total]),
    });
    expect(result).toBe('{"file":"UEsDBA=="}');
    const size = JSON.stringify({ file: 'UEsDBA==' }).length;
    expect(progress.at(-1)).toEqual([size, size]);
    expect(progress.length).toBeGreaterThan(1);
    const refused = testRoute('POST', '/api/refused-thing', z.string());
    fake.on(refused, () => failure(400, 'invalid_input', 'The file is empty'));
    await expect(
      apiRequest(refused, { body: {}, onUploadProgress: () => undefined }),
    ).rejects.toMatchObject({ code: 'invalid_input', message: 'The file is empty' });
  });

  it('does not retry a second time when the retry is refused too', async () => {
    saveSession(makeTokenPair());
    fake.on(thing, inTurn(expired(), expired())).on(api.auth.refresh, () => ok(makeTokenPair()));
    await expect(apiRequest(thing)).rejects.toMatchObject({
      code: 'token_expired',
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('shares one refresh between concurrent calls', async () => {
    const stale = saveSession(makeTokenPair());
    const fresh = makeTokenPair();
    let refreshes = 0;
    fake.on(api.auth.refresh, async () => {
      refreshes += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return ok(fresh);
    });
    const calls = ['/api/a', '/api/b', '/api/c'] as const;
    const routes = calls.map((path) => testRoute('GET', path, z.string()));
    for (const route of routes) {
      fake.on(route, ({ url, headers }) =>
        headers.authorization === `Bearer ${btoa(stale.encodedAccessToken)}` ? expired() : ok(url),
      );
    }
    const results = await Promise.all(routes.map((route) => apiRequest(route)));
    expect(results).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(refreshes).toBe(1);
  });

  it('clears the session when the refresh is refused', async () => {
    saveSession(makeTokenPair());
    fake.on(thing, expired).on(api.auth.refresh, () => failure(401, 'unauthorized', 'Revoked'));
    await expect(apiRequest(thing)).rejects.toMatchObject({
      status: 401,
    });
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('encodedAccessToken')).toBeNull();
  });

  it('clears the session when a call made with the bearer is answered 401 unauthorized', async () => {
    saveSession(makeTokenPair());
    fake.on(thing, unauthorized);
    await expect(apiRequest(thing)).rejects.toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
    // No refresh is tried: only token_expired asks for one.
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('encodedAccessToken')).toBeNull();
  });

  it('clears the session when the retry after a refresh is still refused', async () => {
    saveSession(makeTokenPair());
    fake
      .on(thing, inTurn(expired(), unauthorized()))
      .on(api.auth.refresh, () => ok(makeTokenPair()));
    await expect(apiRequest(thing)).rejects.toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(readSession()).toBeNull();
  });

  it('keeps the session on a 401 to a call made without the bearer (a failed sign-in)', async () => {
    saveSession(makeTokenPair());
    fake.on(api.auth.login, unauthorized);
    await expect(
      apiRequest(api.auth.login, { body: { login: 'ana', password: 'wrong one' } }),
    ).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(readSession()).not.toBeNull();
  });

  it('keeps the session on a 400 (a wrong current password)', async () => {
    saveSession(makeTokenPair());
    fake.on(api.user.edit, () =>
      failure(400, 'invalid_input', 'Wrong password', [
        { path: 'currentPassword', message: 'Wrong password' },
      ]),
    );
    await expect(
      apiRequest(api.user.edit, {
        body: { email: 'b@example.com', currentPassword: 'not my password' },
      }),
    ).rejects.toMatchObject({
      status: 400,
    });
    expect(readSession()).not.toBeNull();
  });

  it('keeps tokens that another tab stored while the refused call was in flight', async () => {
    saveSession(makeTokenPair());
    const rotated = makeTokenPair();
    fake.on(thing, () => {
      saveSession(rotated);
      return unauthorized();
    });
    await expect(apiRequest(thing)).rejects.toMatchObject({
      status: 401,
    });
    expect(readSession()?.encodedAccessToken).toBe(rotated.access);
  });

  it('keeps the session when the refresh fails on the network', async () => {
    saveSession(makeTokenPair());
    fake.on(thing, expired).on(api.auth.refresh, unreachable);
    await expect(apiRequest(thing)).rejects.toMatchObject({
      code: 'network_error',
    });
    expect(readSession()).not.toBeNull();
  });
});

describe('refreshSession across tabs', () => {
  function fakeLocks(beforeGrant: () => void) {
    const request = vi.fn(async (_name: string, callback: () => Promise<unknown>) => {
      beforeGrant();
      return callback();
    });
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    return request;
  }

  it('takes the glossa-refresh Web Lock', async () => {
    saveSession(makeTokenPair());
    const request = fakeLocks(() => undefined);
    fake.on(api.auth.refresh, () => ok(makeTokenPair()));
    await refreshSession();
    expect(request).toHaveBeenCalledWith('glossa-refresh', expect.any(Function));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('uses the tokens another tab rotated while it waited for the lock', async () => {
    const mine = saveSession(makeTokenPair());
    let rotated: TokenPair | undefined;
    fakeLocks(() => {
      // The other tab refreshed first and stored its new pair.
      rotated = makeTokenPair();
      saveSession(rotated);
    });
    const session = await refreshSession(mine.encodedAccessToken);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(session?.encodedRefreshToken).toBe(rotated?.refresh);
  });
});

describe('scheduled refresh', () => {
  it('refreshes about 60 s before the access token expires', async () => {
    vi.useFakeTimers();
    saveSession(makeTokenPair(120));
    fake.on(api.auth.refresh, () => ok(makeTokenPair()));
    const stop = scheduleTokenRefresh();
    await vi.advanceTimersByTimeAsync(58_000);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/refresh');
    stop();
  });
});
