import { sessionStorageKeys } from '@glossa/contract';
import { describe, expect, it, vi } from 'vitest';
import { makeClaims, makeJwt, makeTokenPair } from '../test/tokens';
import {
  beginSignOut,
  clearSession,
  decodeToken,
  readSession,
  saveSession,
  sessionEndedByLearner,
  subscribeSession,
} from './session';

describe('session storage', () => {
  it('stores the four items: encoded tokens and decoded claims with dates as seconds', () => {
    const claims = makeClaims();
    const pair = { access: makeJwt(claims), refresh: makeJwt(makeClaims()) };
    saveSession(pair);
    expect(localStorage.getItem('encodedAccessToken')).toBe(pair.access);
    expect(localStorage.getItem('encodedRefreshToken')).toBe(pair.refresh);
    expect(JSON.parse(localStorage.getItem('decodedAccessToken') ?? '')).toEqual(claims);
    expect(typeof JSON.parse(localStorage.getItem('decodedRefreshToken') ?? '').exp).toBe('number');
    expect(readSession()?.decodedAccessToken).toEqual(claims);
  });

  it('refuses a token whose claims have an extra key', () => {
    const bad = makeJwt({ ...makeClaims(), sub: 'someone' });
    expect(() => decodeToken(bad)).toThrow();
    expect(() => saveSession({ access: bad, refresh: makeJwt(makeClaims()) })).toThrow();
    expect(localStorage.getItem('encodedAccessToken')).toBeNull();
  });

  it.each(sessionStorageKeys)('clears everything when %s is missing', (key) => {
    saveSession(makeTokenPair());
    localStorage.removeItem(key);
    expect(readSession()).toBeNull();
    for (const each of sessionStorageKeys) expect(localStorage.getItem(each)).toBeNull();
  });

  it('clears everything when a decoded token has an extra key', () => {
    saveSession(makeTokenPair());
    const decoded = JSON.parse(localStorage.getItem('decodedRefreshToken') ?? '{}') as object;
    localStorage.setItem('decodedRefreshToken', JSON.stringify({ ...decoded, role: 'admin' }));
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('encodedAccessToken')).toBeNull();
  });

  it('clears everything when a decoded token is not JSON', () => {
    saveSession(makeTokenPair());
    localStorage.setItem('decodedAccessToken', '{not json');
    expect(readSession()).toBeNull();
    expect(localStorage.getItem('encodedRefreshToken')).toBeNull();
  });

  it('tells listeners about changes here and in other tabs', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    saveSession(makeTokenPair());
    expect(listener).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent('storage', { key: 'encodedAccessToken' }));
    expect(listener).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new StorageEvent('storage', { key: 'isDark' }));
    expect(listener).toHaveBeenCalledTimes(2);
    clearSession();
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
  });

  it('remembers whether the learner ended the session here, until the next sign-in', () => {
    saveSession(makeTokenPair());
    clearSession({ byLearner: true });
    expect(sessionEndedByLearner()).toBe(true);
    saveSession(makeTokenPair());
    expect(sessionEndedByLearner()).toBe(false);
    clearSession();
    expect(sessionEndedByLearner()).toBe(false);
  });

  it('counts a session ended while the learner’s sign-out is underway as theirs', () => {
    saveSession(makeTokenPair());
    beginSignOut();
    // The live connection hears that the session is revoked before the sign-out has finished.
    clearSession();
    expect(sessionEndedByLearner()).toBe(true);
    // The sign-out itself, then a later session ended elsewhere.
    clearSession({ byLearner: true });
    saveSession(makeTokenPair());
    clearSession();
    expect(sessionEndedByLearner()).toBe(false);
  });
});
