import { createSecretKey } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { signToken } from '../../security/tokens';

const minute = 60 * 1000;

describe('access and refresh tokens', () => {
  let t: TestApp;
  let clock = Date.now();
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    user = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const info = (token: string) => t.call({ method: 'GET', url: '/api/user/info', token });
  const claimsOf = (token: string) => decodeJwt(token) as { payload: Record<string, string> };

  it('carries exactly iat, nbf, exp and payload { userId, tokenId, digest }, HS256', () => {
    for (const token of [user.access, user.refresh]) {
      expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256' });
      const claims = decodeJwt(token);
      expect(Object.keys(claims).sort()).toEqual(['exp', 'iat', 'nbf', 'payload']);
      expect(Object.keys(claimsOf(token).payload).sort()).toEqual(['digest', 'tokenId', 'userId']);
      expect(claimsOf(token).payload['userId']).toBe(user.id);
    }
    const access = decodeJwt(user.access);
    const refresh = decodeJwt(user.refresh);
    expect((access.exp ?? 0) - (access.iat ?? 0)).toBe(15 * 60);
    expect((refresh.exp ?? 0) - (refresh.iat ?? 0)).toBe(30 * 24 * 60 * 60);
    expect(claimsOf(user.access).payload['tokenId']).toBe(
      claimsOf(user.refresh).payload['tokenId'],
    );
  });

  it('accepts a fresh access token', async () => {
    const res = await info(user.access);
    expect(res.status).toBe(200);
    expect(res.payload['id']).toBe(user.id);
  });

  it('answers 401 token_expired once the access token has expired', async () => {
    const start = clock;
    try {
      clock = start + 15 * minute + 1000;
      const res = await info(user.access);
      expect(res.status).toBe(401);
      expect(res.code).toBe('token_expired');
    } finally {
      clock = start;
    }
  });

  it('answers 401 unauthorized for a token that is not valid yet (nbf in the future)', async () => {
    const start = clock;
    try {
      clock = start - 5 * minute;
      const res = await info(user.access);
      expect(res.status).toBe(401);
      expect(res.code).toBe('unauthorized');
    } finally {
      clock = start;
    }
  });

  it('refuses a token whose payload was tampered with', async () => {
    const [header, , signature] = user.access.split('.');
    const claims = claimsOf(user.access);
    const forged = { ...claims, payload: { ...claims.payload, userId: 'someone-else' } };
    const body = Buffer.from(JSON.stringify(forged)).toString('base64url');
    const res = await info(`${header ?? ''}.${body}.${signature ?? ''}`);
    expect(res.status).toBe(401);
    expect(res.code).toBe('unauthorized');
  });

  it('refuses a token signed with another key, and a refresh token used as access', async () => {
    const claims = claimsOf(user.access);
    const foreign = await signToken(
      { ...t.app.deps.keys, access: createSecretKey(Buffer.from('x'.repeat(32))) },
      'access',
      {
        userId: user.id,
        tokenId: claims.payload['tokenId'] ?? '',
        digest: claims.payload['digest'] ?? '',
      },
      clock,
      clock + 10 * minute,
    );
    for (const token of [foreign, user.refresh]) {
      const res = await info(token);
      expect(res.status).toBe(401);
      expect(res.code).toBe('unauthorized');
    }
  });

  it('refuses an access token used as a refresh token', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh: user.access },
    });
    expect(res.status).toBe(401);
    expect(res.code).toBe('unauthorized');
    expect((await info(user.access)).status).toBe(200);
  });

  it('refuses a token with an extra claim, even correctly signed', async () => {
    const claims = claimsOf(user.access);
    const iat = Math.floor(clock / 1000);
    const withSub = await new SignJWT({ payload: claims.payload, sub: user.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(iat)
      .setNotBefore(iat)
      .setExpirationTime(iat + 600)
      .sign(t.app.deps.keys.access);
    const withRole = await new SignJWT({ payload: { ...claims.payload, role: 'admin' } })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(iat)
      .setNotBefore(iat)
      .setExpirationTime(iat + 600)
      .sign(t.app.deps.keys.access);
    for (const token of [withSub, withRole]) {
      const res = await info(token);
      expect(res.status).toBe(401);
      expect(res.code).toBe('unauthorized');
    }
  });

  it('refuses an unsigned token (alg none)', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const body = user.access.split('.')[1] ?? '';
    const res = await info(`${header}.${body}.`);
    expect(res.status).toBe(401);
  });

  it('refuses another algorithm, a critical header extension and a re-encoded signature', async () => {
    const claims = claimsOf(user.access);
    const iat = Math.floor(clock / 1000);
    const signed = (header: { alg: string; crit?: string[]; [key: string]: unknown }) =>
      new SignJWT({ payload: claims.payload })
        .setProtectedHeader(header)
        .setIssuedAt(iat)
        .setNotBefore(iat)
        .setExpirationTime(iat + 600)
        .sign(t.app.deps.keys.access);
    const hs512 = await signed({ alg: 'HS512' });
    const crit = await signed({ alg: 'HS256', crit: ['b64'], b64: true });
    const [header, body, signature = ''] = user.access.split('.');
    // The same bytes with a padded (non-canonical) encoding, and one character changed.
    const padded = `${header ?? ''}.${body ?? ''}.${signature}=`;
    const flipped = `${header ?? ''}.${body ?? ''}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [hs512, crit, padded, flipped, `${user.access}.x`]) {
      const res = await info(token);
      expect(res.status, token.slice(0, 24)).toBe(401);
      expect(res.code).toBe('unauthorized');
    }
    expect((await info(user.access)).status).toBe(200);
  });

  it('needs the bearer to be the base64 of the JWT', async () => {
    const headers = [
      `Bearer ${user.access}`,
      user.access,
      `Bearer ${Buffer.from(user.access).toString('base64')}x`,
      `Bearer ${Buffer.from('not a jwt').toString('base64')}`,
      'Bearer ',
      `Basic ${Buffer.from(user.access).toString('base64')}`,
    ];
    for (const authorization of headers) {
      const res = await t.call({
        method: 'GET',
        url: '/api/user/info',
        headers: { authorization },
      });
      expect(res.status, authorization.slice(0, 20)).toBe(401);
      expect(res.code).toBe('unauthorized');
    }
    const missing = await t.call({ method: 'GET', url: '/api/user/info' });
    expect(missing.status).toBe(401);
    expect(missing.code).toBe('unauthorized');
  });

  it('refuses an access token whose security stamp digest is old', async () => {
    const other = await createUser(t);
    await t.app.deps.db
      .updateTable('users')
      .set({ security_stamp: 'rotated' })
      .where('id', '=', other.id)
      .execute();
    const res = await info(other.access);
    expect(res.status).toBe(401);
    expect(res.code).toBe('unauthorized');
  });

  it('refuses the tokens of a disabled user', async () => {
    const other = await createUser(t, { disabled: true });
    expect((await info(other.access)).status).toBe(401);
    const refreshed = await t.call({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh: other.refresh },
    });
    expect(refreshed.status).toBe(401);
  });

  it('updates last_used_at at most once a minute', async () => {
    const other = await createUser(t);
    const { tokenId } = claimsOf(other.access).payload;
    const lastUsed = async () =>
      (
        await t.app.deps.db
          .selectFrom('sessions')
          .select('last_used_at')
          .where('token_id', '=', tokenId ?? '')
          .executeTakeFirstOrThrow()
      ).last_used_at;
    const before = await lastUsed();
    const start = clock;
    try {
      clock = start + 30 * 1000;
      await info(other.access);
      expect(await lastUsed()).toBe(before);
      clock = start + 61 * 1000;
      await info(other.access);
      expect(await lastUsed()).toBe(start + 61 * 1000);
    } finally {
      clock = start;
    }
  });
});
