import { api, type TokenPair } from '@glossa/contract';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { makeTokenPair } from '../test/tokens';
import { apiRequest, refreshSession, scheduleTokenRefresh } from './api-client';
import {
  bearerOf,
  expired,
  json,
  mockFetch,
  ok,
  testRoute,
  unauthorized,
} from './api-client-test-support';
import { readSession, saveSession } from './session';

const fetchMock = mockFetch();

describe('apiRequest', () => {
  it('on token_expired refreshes once, then retries with the new token', async () => {
    saveSession(makeTokenPair());
    const fresh = makeTokenPair();
    fetchMock
      .mockResolvedValueOnce(expired())
      .mockResolvedValueOnce(ok(fresh))
      .mockResolvedValueOnce(ok('done'));
    const result = await apiRequest(testRoute('GET', '/api/thing', z.string()));
    expect(result).toBe('done');
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/thing',
      '/api/auth/refresh',
      '/api/thing',
    ]);
    expect(bearerOf(fetchMock.mock.calls[2]?.[1])).toBe(`Bearer ${btoa(fresh.access)}`);
    expect(readSession()?.encodedRefreshToken).toBe(fresh.refresh);
  });

  it('does not retry a second time when the retry is refused too', async () => {
    saveSession(makeTokenPair());
    fetchMock
      .mockResolvedValueOnce(expired())
      .mockResolvedValueOnce(ok(makeTokenPair()))
      .mockResolvedValueOnce(expired());
    await expect(apiRequest(testRoute('GET', '/api/thing', z.string()))).rejects.toMatchObject({
      code: 'token_expired',
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('shares one refresh between concurrent calls', async () => {
    const stale = saveSession(makeTokenPair());
    const fresh = makeTokenPair();
    let refreshes = 0;
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/auth/refresh') {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 10));
        return ok(fresh);
      }
      return bearerOf(init) === `Bearer ${btoa(stale.encodedAccessToken)}`
        ? expired()
        : ok(String(url));
    });
    const results = await Promise.all([
      apiRequest(testRoute('GET', '/api/a', z.string())),
      apiRequest(testRoute('GET', '/api/b', z.string())),
      apiRequest(testRoute('GET', '/api/c', z.string())),
    ]);
    expect(results).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(refreshes).toBe(1);
  });

  it('clears the session when the refresh is refused', async () => {
    saveSession(makeTokenPair());
    fetchMock
      .mockResolvedValueOnce(expired())
      .mockResolvedValueOnce(json(401, { code: 'unauthorized', payload: { message: 'Revoked' } }));
    await expect(apiRequest(testRoute('GET', '/api/thing', z.string()))).rejects.toMatchObject({
      status: 401,
    });
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('encodedAccessToken')).toBeNull();
  });

  it('clears the session when a call made with the bearer is answered 401 unauthorized', async () => {
    saveSession(makeTokenPair());
    fetchMock.mockResolvedValueOnce(unauthorized());
    await expect(apiRequest(testRoute('GET', '/api/thing', z.string()))).rejects.toMatchObject({
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
    fetchMock
      .mockResolvedValueOnce(expired())
      .mockResolvedValueOnce(ok(makeTokenPair()))
      .mockResolvedValueOnce(unauthorized());
    await expect(apiRequest(testRoute('GET', '/api/thing', z.string()))).rejects.toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(readSession()).toBeNull();
  });

  it('keeps the session on a 401 to a call made without the bearer (a failed sign-in)', async () => {
    saveSession(makeTokenPair());
    fetchMock.mockResolvedValueOnce(unauthorized());
    await expect(
      apiRequest(api.auth.login, { body: { login: 'ana', password: 'wrong one' } }),
    ).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(readSession()).not.toBeNull();
  });

  it('keeps the session on a 400 (a wrong current password)', async () => {
    saveSession(makeTokenPair());
    fetchMock.mockResolvedValueOnce(
      json(400, {
        code: 'invalid_input',
        payload: {
          message: 'Wrong password',
          issues: [{ path: 'currentPassword', message: 'Wrong password' }],
        },
      }),
    );
    await expect(apiRequest(api.user.edit, { body: { email: 'b@c.d' } })).rejects.toMatchObject({
      status: 400,
    });
    expect(readSession()).not.toBeNull();
  });

  it('keeps tokens that another tab stored while the refused call was in flight', async () => {
    saveSession(makeTokenPair());
    const rotated = makeTokenPair();
    fetchMock.mockImplementationOnce(async () => {
      saveSession(rotated);
      return unauthorized();
    });
    await expect(apiRequest(testRoute('GET', '/api/thing', z.string()))).rejects.toMatchObject({
      status: 401,
    });
    expect(readSession()?.encodedAccessToken).toBe(rotated.access);
  });

  it('keeps the session when the refresh fails on the network', async () => {
    saveSession(makeTokenPair());
    fetchMock.mockResolvedValueOnce(expired()).mockRejectedValueOnce(new TypeError('offline'));
    await expect(apiRequest(testRoute('GET', '/api/thing', z.string()))).rejects.toMatchObject({
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
    fetchMock.mockResolvedValueOnce(ok(makeTokenPair()));
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
    fetchMock.mockResolvedValue(ok(makeTokenPair()));
    const stop = scheduleTokenRefresh();
    await vi.advanceTimersByTimeAsync(58_000);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/refresh');
    stop();
  });
});
