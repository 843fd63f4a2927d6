import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, signIn, type TestUser } from '../../../test/factories';
import { must } from '../../../test/world';
import { signToken, verifyToken } from '../../security/tokens';
import { refusedStatus, socketAddress, socketCredential, TestSocket } from './live.test-support';

// GET /api/socket: the credential is checked on the upgrade exactly as the bearer header is, and
// a socket lives no longer than its session.

describe('the socket’s credential', () => {
  let t: TestApp;
  let address: string;
  let user: TestUser;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'debug' },
      logStream: { write: (line) => void lines.push(line) },
    });
    address = await socketAddress(t.app);
    user = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('opens with the seed’s `Bearer <base64>` query value, or the bare base64, and says hello', async () => {
    const socket = await TestSocket.open(address, user.access);
    expect(socket.events[0]).toMatchObject({ v: 1, type: 'hello', data: { userId: user.id } });
    socket.close();
    const bare = await TestSocket.open(
      `${address}?Authorization=${encodeURIComponent(Buffer.from(user.access).toString('base64'))}`,
      undefined,
    );
    expect(bare.events[0]?.type).toBe('hello');
    bare.close();
  });

  it('refuses a missing, bad, tampered, expired, refresh or revoked credential with 401 before the upgrade', async () => {
    const { keys } = t.app.deps;
    const claims = verifyToken(keys, 'access', user.access, Date.now());
    const hourAgo = Date.now() - 3_600_000;
    const expired = await signToken(keys, 'access', claims.payload, hourAgo, hourAgo + 60_000);
    const other = await createUser(t);
    await must(t, 'POST', '/api/auth/logout', other);
    const [header = '', body = ''] = user.access.split('.');
    const values = [
      '',
      '?Authorization=',
      '?Authorization=not-base64!',
      `?Authorization=${encodeURIComponent(socketCredential(`${header}.${body}.AAAA`))}`,
      `?Authorization=${encodeURIComponent(socketCredential(expired))}`,
      `?Authorization=${encodeURIComponent(socketCredential(user.refresh))}`,
      `?Authorization=${encodeURIComponent(socketCredential(other.access))}`,
    ];
    for (const query of values) expect(await refusedStatus(address, query), query).toBe(401);
  });

  it('answers 400 to a plain GET, and 401 without a credential', async () => {
    const anonymous = await t.call({ method: 'GET', url: '/api/socket' });
    expect([anonymous.status, anonymous.code]).toEqual([401, 'unauthorized']);
    const plain = await t.call({ method: 'GET', url: '/api/socket', token: user.access });
    expect([plain.status, plain.code]).toEqual([400, 'invalid_input']);
    expect(plain.payload.issues?.[0]?.path).toBe('upgrade');
  });

  it('never writes the credential to the log, accepted or refused', async () => {
    const fresh = await signIn(t, user.username, user.password);
    const socket = await TestSocket.open(address, fresh.access);
    socket.close();
    await refusedStatus(address, `?Authorization=${encodeURIComponent(socketCredential('x.y.z'))}`);
    const log = lines.join('');
    expect(log).toContain('/api/socket?Authorization=[REDACTED]');
    expect(log).not.toContain(fresh.access);
    expect(log).not.toContain(Buffer.from(fresh.access).toString('base64').slice(0, 40));
    expect(log).not.toContain(encodeURIComponent(socketCredential(fresh.access)).slice(0, 40));
  });
});

describe('closing a learner’s sockets when their sessions end', () => {
  let t: TestApp;
  let address: string;
  beforeAll(async () => {
    t = await createTestApp();
    address = await socketAddress(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  /** Resolves how the socket closed, failing past a second. */
  const closedWithin = async (socket: TestSocket, ms = 1000) => {
    const started = Date.now();
    const closed = await Promise.race([
      socket.closed,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('still open')), ms)),
    ]);
    return { ...closed, ms: Date.now() - started };
  };

  it('signing out closes that session’s socket (4401, session.revoked), not the others', async () => {
    const user = await createUser(t);
    const second = await signIn(t, user.username, user.password);
    const mine = await TestSocket.open(address, user.access);
    const other = await TestSocket.open(address, second.access);
    await must(t, 'POST', '/api/auth/logout', user);
    const closed = await closedWithin(mine);
    expect(closed.code).toBe(4401);
    expect(mine.ofType('session.revoked')).toHaveLength(1);
    await createCardOf(t, { ...user, access: second.access });
    await other.next((event) => event.type === 'card.created');
    other.close();
  });

  it('revoking another session closes its socket', async () => {
    const user = await createUser(t);
    const second = await signIn(t, user.username, user.password);
    const target = await TestSocket.open(address, second.access);
    const { tokenId } = verifyToken(t.app.deps.keys, 'access', second.access, Date.now()).payload;
    await must(t, 'DELETE', `/api/auth/sessions/${tokenId}`, user);
    expect((await closedWithin(target)).code).toBe(4401);
  });

  it('signing out everywhere and a new password close every other socket (4403, account.signedOut)', async () => {
    const user = await createUser(t);
    const second = await signIn(t, user.username, user.password);
    const third = await signIn(t, user.username, user.password);
    const a = await TestSocket.open(address, second.access);
    const b = await TestSocket.open(address, third.access);
    await must(t, 'POST', '/api/auth/sessions/revoke-others', user);
    expect((await closedWithin(a)).code).toBe(4403);
    expect(a.ofType('account.signedOut')).toEqual([
      { v: 1, type: 'account.signedOut', data: { reason: 'credentials' } },
    ]);
    expect((await closedWithin(b)).code).toBe(4403);

    const other = await createUser(t);
    const elsewhere = await signIn(t, other.username, other.password);
    const c = await TestSocket.open(address, elsewhere.access);
    const own = await TestSocket.open(address, other.access);
    await must(t, 'POST', '/api/user/edit', other, {
      currentPassword: other.password,
      password: `pw-new-${other.password}-x`,
    });
    expect((await closedWithin(c)).code).toBe(4403);
    // The session that changed the password goes on: its socket is only told to reconnect with
    // the new tokens (4401, refresh first), never that it was signed out.
    expect((await closedWithin(own)).code).toBe(4401);
    expect(own.ofType('account.signedOut')).toEqual([]);
    expect(own.ofType('session.revoked')).toEqual([]);
  });

  it('disabling an account closes its sockets at the next check', async () => {
    const user = await createUser(t);
    const socket = await TestSocket.open(address, user.access);
    await t.app.deps.db
      .updateTable('users')
      .set({ disabled: 1 })
      .where('id', '=', user.id)
      .execute();
    t.app.deps.live.sessionsChanged(user.id);
    expect((await closedWithin(socket)).code).toBe(4403);
    expect(socket.ofType('account.signedOut')[0]?.data).toEqual({ reason: 'disabled' });
  });
});

async function createCardOf(t: TestApp, user: TestUser): Promise<void> {
  await must(t, 'POST', '/api/cards', user, {
    front: 'la casa',
    answers: ['the house'],
    fromLanguageCode: 'es',
    toLanguageCode: 'en',
  });
}
