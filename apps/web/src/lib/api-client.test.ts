import { userInfoSchema, defaultSchedulerSettings } from '@glossa/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeTokenPair } from '../test/tokens';
import { ApiError, apiRequest, createUser, getUserInfo } from './api-client';
import { bearerOf, json, mockFetch, ok, testRoute } from './api-client-test-support';
import { saveSession } from './session';

const fetchMock = mockFetch();

describe('apiRequest', () => {
  it('sends the bearer as base64 of the stored access token and returns the payload', async () => {
    const pair = saveSession(makeTokenPair());
    fetchMock.mockResolvedValueOnce(ok({ hello: 'world' }));
    const payload = await apiRequest(
      testRoute('GET', '/api/thing', z.strictObject({ hello: z.string() })),
    );
    expect(payload).toEqual({ hello: 'world' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/thing');
    expect(bearerOf(init)).toBe(`Bearer ${btoa(pair.encodedAccessToken)}`);
  });

  it('sends no bearer on a public call', async () => {
    saveSession(makeTokenPair());
    fetchMock.mockResolvedValueOnce(ok(null));
    await apiRequest(testRoute('POST', '/api/open', z.null(), 'public'), { body: { a: 1 } });
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
    const error = await apiRequest(testRoute('POST', '/api/x', z.null())).catch((e: unknown) => e);
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
    await expect(apiRequest(testRoute('GET', '/api/x', z.null()))).rejects.toMatchObject({
      status: -1,
      code: 'network_error',
    });
  });

  it('refuses a payload that does not match the schema', async () => {
    fetchMock.mockResolvedValueOnce(ok({ extra: true }));
    await expect(apiRequest(testRoute('GET', '/api/x', z.strictObject({})))).rejects.toMatchObject({
      code: 'invalid_response',
    });
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
