import { api, userInfoSchema, defaultSchedulerSettings } from '@glossa/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { failure, fakeApi, ok, unreachable, type FakeApi } from '../test/fake-api';
import { makeTokenPair } from '../test/tokens';
import { ApiError, apiRequest, createUser, getUserInfo } from './api-client';
import { bearerOf, inTurn, json, testRoute } from './api-client-test-support';
import { saveSession } from './session';

let fake: FakeApi;
let fetchMock: FakeApi['fetch'];

beforeEach(() => {
  fake = fakeApi();
  fetchMock = fake.fetch;
});

describe('apiRequest', () => {
  it('sends the bearer as base64 of the stored access token and returns the payload', async () => {
    const pair = saveSession(makeTokenPair());
    const thing = testRoute('GET', '/api/thing', z.strictObject({ hello: z.string() }));
    fake.on(thing, () => ok({ hello: 'world' }));
    const payload = await apiRequest(thing);
    expect(payload).toEqual({ hello: 'world' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/thing');
    expect(bearerOf(init)).toBe(`Bearer ${btoa(pair.encodedAccessToken)}`);
  });

  it('sends no bearer on a public call', async () => {
    saveSession(makeTokenPair());
    const open = testRoute('POST', '/api/open', z.null(), 'public');
    fake.on(open, () => ok(null));
    await apiRequest(open, { body: { a: 1 } });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(bearerOf(init)).toBeUndefined();
    expect(init?.body).toBe('{"a":1}');
  });

  it('turns an error envelope into an ApiError naming the fields', async () => {
    const x = testRoute('POST', '/api/x', z.null());
    fake.on(x, () =>
      failure(409, 'conflict', 'Username taken', [{ path: 'username', message: 'Username taken' }]),
    );
    const error = await apiRequest(x).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'conflict',
      message: 'Username taken',
      issues: [{ path: 'username', message: 'Username taken' }],
    });
  });

  it('reports a network failure as network_error with status -1', async () => {
    const x = testRoute('GET', '/api/x', z.null());
    fake.on(x, unreachable);
    await expect(apiRequest(x)).rejects.toMatchObject({
      status: -1,
      code: 'network_error',
    });
  });

  it('refuses a payload that does not match the schema', async () => {
    const x = testRoute('GET', '/api/x', z.strictObject({}));
    fake.on(x, () => json(200, { code: 'ok', payload: { extra: true } }));
    await expect(apiRequest(x)).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });
});

describe('seed calls', () => {
  it('createUser returns only the status, -1 on network failure', async () => {
    fake.on(api.user.create, inTurn(ok(null, 201), failure(409, 'conflict', 'x'), unreachable()));
    expect(
      await createUser({ username: 'ana', email: 'ana@example.com', password: 'long enough' }),
    ).toBe(201);
    expect(
      await createUser({ username: 'ana', email: 'ana@example.com', password: 'long enough' }),
    ).toBe(409);
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
    fake.on(
      api.user.info,
      inTurn(
        ok(info),
        json(200, { code: 'ok', payload: { ...info, role: 'admin' } }),
        failure(500, 'internal_error', 'x'),
        unreachable(),
      ),
    );
    expect(await getUserInfo()).toEqual({ code: 'ok', payload: info });
    expect(await getUserInfo()).toBeNull();
    expect(await getUserInfo()).toBeNull();
    expect(await getUserInfo()).toBeNull();
  });
});
