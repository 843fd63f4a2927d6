import { userInfoSchema, defaultSchedulerSettings, type TokenPair } from '@glossa/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { makeTokenPair } from '../test/tokens';
import {
  ApiError,
  apiRequest,
  createUser,
  getUserInfo,
  refreshSession,
  scheduleTokenRefresh,
} from './api-client';
import { readSession, saveSession } from './session';

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const expired = () => json(401, { code: 'token_expired', payload: { message: 'Token expired' } });
const ok = (payload: unknown) => json(200, { code: 'ok', payload });
const unauthorized = () =>
  json(401, { code: 'unauthorized', payload: { message: 'Sign in again' } });

function bearerOf(init: RequestInit | undefined): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.Authorization;
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends the bearer as base64 of the stored access token and returns the payload', async () => {
    const pair = saveSession(makeTokenPair());
    fetchMock.mockResolvedValueOnce(ok({ hello: 'world' }));
    const payload = await apiRequest('GET', '/api/thing', {
      schema: z.strictObject({ hello: z.string() }),
    });
    expect(payload).toEqual({ hello: 'world' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/thing');
    expect(bearerOf(init)).toBe(`Bearer ${btoa(pair.encodedAccessToken)}`);
  });

  it('sends no bearer when auth is false', async () => {
    saveSession(makeTokenPair());
    fetchMock.mockResolvedValueOnce(ok(null));
    await apiRequest('POST', '/api/open', { schema: z.null(), body: { a: 1 }, auth: false });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(bearerOf(init)).toBeUndefined();
    expect(init?.body).toBe('{"a":1}');
  });

  it('turns an error envelope into an ApiError naming the fields', async () => {
    fetchMock.mockResolvedValueOnce(
      json(409, {
        code: 'conflict',
        payload: {
          message: 'Username taken',
          issues: [{ path: 'username', message: 'Username taken' }],
        },
      }),
    );
    const error = await apiRequest('POST', '/api/x', { schema: z.null() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'Username taken',
      issues: [{ path: 'username', message: 'Username taken' }],
    });
  });

  it('reports a network failure as network_error with status -1', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('GET', '/api/x', { schema: z.null() })).rejects.toMatchObject({
      status: -1,
      code: 'network_error',
    });
  });

  it('refuses a payload that does not match the schema', async () => {
    fetchMock.mockResolvedValueOnce(ok({ extra: true }));
    await expect(apiRequest('GET', '/api/x', { schema: z.strictObject({}) })).rejects.toMatchObject(
      { code: 'invalid_response' },
    );
  });

  it('on token_expired refreshes once, then retries with the new token', async () => {
    saveSession(makeTokenPair());
    const fresh = makeTokenPair();
    fetchMock
      .mockResolvedValueOnce(expired())
      .mockResolvedValueOnce(ok(fresh))
      .mockResolvedValueOnce(ok('done'));
    const result = await apiRequest('GET', '/api/thing', { schema: z.string() });
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
    await expect(apiRequest('GET', '/api/thing', { schema: z.string() })).rejects.toMatchObject({
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
      apiRequest('GET', '/api/a', { schema: z.string() }),
      apiRequest('GET', '/api/b', { schema: z.string() }),
      apiRequest('GET', '/api/c', { schema: z.string() }),
    ]);
    expect(results).toEqual(['/api/a', '/api/b', '/api/c']);
    expect(refreshes).toBe(1);
  });

  it('clears the session when the refresh is refused', async () => {
    saveSession(makeTokenPair());
    fetchMock
      .mockResolvedValueOnce(expired())
      .mockResolvedValueOnce(json(401, { code: 'unauthorized', payload: { message: 'Revoked' } }));
    await expect(apiRequest('GET', '/api/thing', { schema: z.string() })).rejects.toMatchObject({
      status: 401,
    });
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('encodedAccessToken')).toBeNull();
  });

  it('clears the session when a call made with the bearer is answered 401 unauthorized', async () => {
    saveSession(makeTokenPair());
    fetchMock.mockResolvedValueOnce(unauthorized());
    await expect(apiRequest('GET', '/api/thing', { schema: z.string() })).rejects.toMatchObject({
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
    await expect(apiRequest('GET', '/api/thing', { schema: z.string() })).rejects.toMatchObject({
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
      apiRequest('POST', '/api/auth/login', {
        schema: z.unknown(),
        body: { login: 'ana', password: 'wrong one' },
        auth: false,
      }),
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
    await expect(
      apiRequest('POST', '/api/user/edit', { schema: z.unknown(), body: { email: 'b@c.d' } }),
    ).rejects.toMatchObject({ status: 400 });
    expect(readSession()).not.toBeNull();
  });

  it('keeps tokens that another tab stored while the refused call was in flight', async () => {
    saveSession(makeTokenPair());
    const rotated = makeTokenPair();
    fetchMock.mockImplementationOnce(async () => {
      saveSession(rotated);
      return unauthorized();
    });
    await expect(apiRequest('GET', '/api/thing', { schema: z.string() })).rejects.toMatchObject({
      status: 401,
    });
    expect(readSession()?.encodedAccessToken).toBe(rotated.access);
  });

  it('keeps the session when the refresh fails on the network', async () => {
    saveSession(makeTokenPair());
    fetchMock.mockResolvedValueOnce(expired()).mockRejectedValueOnce(new TypeError('offline'));
    await expect(apiRequest('GET', '/api/thing', { schema: z.string() })).rejects.toMatchObject({
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

describe('seed calls', () => {
  it('createUser returns only the status, -1 on network failure', async () => {
    fetchMock.mockResolvedValueOnce(json(201, { code: 'ok', payload: null }));
    expect(
      await createUser({ username: 'ana', email: 'ana@example.com', password: 'long enough' }),
    ).toBe(201);
    fetchMock.mockResolvedValueOnce(json(409, { code: 'conflict', payload: { message: 'x' } }));
    expect(
      await createUser({ username: 'ana', email: 'ana@example.com', password: 'long enough' }),
    ).toBe(409);
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    expect(
      await createUser({ username: 'ana', email: 'ana@example.com', password: 'long enough' }),
    ).toBe(-1);
  });

  it('getUserInfo returns the envelope on 200, null otherwise or on extra keys', async () => {
    saveSession(makeTokenPair());
    const info = userInfoSchema.parse({
      id: 'u1',
      isFreeloaded: false,
      username: 'ana',
      email: 'ana@example.com',
      isAutodetectLanguageEnabled: true,
      defaultFromLanguageCode: 'es',
      toLanguageCode: 'en',
      ...defaultSchedulerSettings,
    });
    fetchMock.mockResolvedValueOnce(ok(info));
    expect(await getUserInfo()).toEqual({ code: 'ok', payload: info });
    fetchMock.mockResolvedValueOnce(ok({ ...info, role: 'admin' }));
    expect(await getUserInfo()).toBeNull();
    fetchMock.mockResolvedValueOnce(
      json(500, { code: 'internal_error', payload: { message: 'x' } }),
    );
    expect(await getUserInfo()).toBeNull();
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    expect(await getUserInfo()).toBeNull();
  });
});
