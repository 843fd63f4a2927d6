import { api, type TokenPair } from '@glossa/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { failure, fakeApi, ok, type FakeApi } from '../test/fake-api';
import { makeTokenPair } from '../test/tokens';
import { apiRequest, refreshSession } from './api-client';
import { expired, testRoute } from './api-client-test-support';
import { readSession, saveSession } from './session';

// The server answers a refresh token presented again within its grace with the session's current
// pair (decision 0017); the client, one refresh at a time across tabs, keeps working with it.

let fake: FakeApi;
const thing = testRoute('GET', '/api/thing', z.string());

beforeEach(() => {
  fake = fakeApi();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('refreshing within the server’s grace', () => {
  it('sends the same refresh token again after a lost answer, and goes on with the pair it gets', async () => {
    const first = saveSession(makeTokenPair());
    const current = makeTokenPair();
    const sent: string[] = [];
    let answered = 0;
    fake
      .on(api.auth.refresh, ({ body }) => {
        sent.push(body.refresh);
        answered += 1;
        // The first answer is lost on the way back; the server had rotated all the same.
        return answered === 1 ? { kind: 'unreachable' } : ok(current);
      })
      .on(thing, ({ headers }) =>
        headers.authorization === `Bearer ${btoa(current.access)}` ? ok('done') : expired(),
      );
    await expect(apiRequest(thing)).rejects.toMatchObject({ code: 'network_error' });
    expect(readSession()?.encodedRefreshToken).toBe(first.encodedRefreshToken);

    expect(await apiRequest(thing)).toBe('done');
    expect(sent).toEqual([first.encodedRefreshToken, first.encodedRefreshToken]);
    expect(readSession()?.encodedRefreshToken).toBe(current.refresh);
  });

  it('keeps a session another tab signed in with while its refresh was refused', async () => {
    saveSession(makeTokenPair());
    let other: TokenPair | undefined;
    fake.on(api.auth.refresh, () => {
      other = makeTokenPair();
      saveSession(other);
      return failure(401, 'unauthorized', 'This sign-in has ended');
    });
    const session = await refreshSession();
    expect(session?.encodedRefreshToken).toBe(other?.refresh);
    expect(readSession()?.encodedRefreshToken).toBe(other?.refresh);
  });

  it('clears the session when the refresh is refused and nothing else was stored', async () => {
    saveSession(makeTokenPair());
    fake.on(api.auth.refresh, () => failure(401, 'unauthorized', 'This sign-in has ended'));
    expect(await refreshSession()).toBeNull();
    expect(readSession()).toBeNull();
  });
});
