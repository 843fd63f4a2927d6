import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { testDatabaseKind } from '../../../test/test-database';
import { addMember, createCard, createCategory, must } from '../../../test/world';
import { buildApp } from '../../app';
import { maxNotifyBytes } from './live-bus';
import type { LiveEvents } from './live.service';
import { wireMessages } from './live-wire';
import { socketAddress, TestSocket } from './live.test-support';

// Several instances on one PostgreSQL database: every event goes through LISTEN/NOTIFY, so a
// change made through one instance reaches the sockets of every other.

describe.runIf(testDatabaseKind() === 'postgres')('two instances on one database', () => {
  let t: TestApp;
  let b: FastifyInstance;
  let addressA: string;
  let addressB: string;
  let owner: TestUser;
  let member: TestUser;
  let category: string;
  beforeAll(async () => {
    t = await createTestApp();
    // A second app on the same database, as a second server process would be.
    b = await buildApp(t.config, { passwordCost: { memoryCost: 1024, timeCost: 1 } });
    addressA = await socketAddress(t.app);
    addressB = await socketAddress(b);
    [owner, member] = await Promise.all([createUser(t), createUser(t)]);
    category = await createCategory(t, owner, { visibility: 'shared' });
    await addMember(t, owner, category, member, 'viewer');
  });
  afterAll(async () => {
    await b.close();
    await t.close();
  });

  it('a change made through instance A reaches a socket connected to instance B', async () => {
    const onB = await TestSocket.open(addressB, member.access);
    const ownerOnA = await TestSocket.open(addressA, owner.access);
    const card = await createCard(t, owner, category);
    const seen = await onB.next((e) => e.type === 'card.created' && e.data.id === card);
    expect(seen.data).toEqual({ id: card, categoryId: category });
    await ownerOnA.next((e) => e.type === 'card.created' && e.data.id === card);
    onB.close();
    ownerOnA.close();
  });

  it('signing out through A closes that session’s socket on B within a second', async () => {
    const user = await createUser(t);
    const onB = await TestSocket.open(addressB, user.access);
    const started = Date.now();
    await must(t, 'POST', '/api/auth/logout', user);
    expect((await onB.closed).code).toBe(4401);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('listens again after its listening connection drops', async () => {
    const bus = (b.deps.live as LiveEvents).listener;
    if (!bus) throw new Error('instance B has no listener');
    await bus.dropListener();
    await expect.poll(() => bus.listening(), { timeout: 5000 }).toBe(false);
    await expect.poll(() => bus.listening(), { timeout: 10_000 }).toBe(true);
    const onB = await TestSocket.open(addressB, member.access);
    const card = await createCard(t, owner, category);
    await onB.next((e) => e.type === 'card.created' && e.data.id === card);
    onB.close();
  });
});

describe('the size of a notification', () => {
  it('stays under PostgreSQL’s 8,000 bytes, a long list of readers split over several', () => {
    const users = Array.from(
      { length: 600 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    const messages = wireMessages(
      { v: 1, type: 'category.deleted', data: { id: 'c1' } },
      { kind: 'category', categoryId: 'c1', users },
    );
    expect(messages.length).toBeGreaterThan(2);
    for (const message of messages)
      expect(Buffer.byteLength(message)).toBeLessThanOrEqual(maxNotifyBytes);
    const told = messages.flatMap((message) => {
      const { audience } = JSON.parse(message) as { audience: { userIds?: string[] } };
      return audience.userIds ?? [];
    });
    expect(told.sort()).toEqual([...users].sort());
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('rate limits across two instances', () => {
  let t: TestApp;
  let b: FastifyInstance;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '4' } });
    b = await buildApp(t.config, { passwordCost: { memoryCost: 1024, timeCost: 1 } });
  });
  afterAll(async () => {
    await b.close();
    await t.close();
  });

  it('count one client address’s calls on both together, not each its own', async () => {
    // A refresh with a token that is none: refused 401 while the address has calls left (no
    // sign-in back-off is involved).
    const login = { method: 'POST' as const, url: '/api/auth/refresh' };
    const payload = { refresh: 'not.a.token' };
    const statuses: number[] = [];
    for (const app of [t.app, b, t.app, b, t.app, b]) {
      statuses.push((await app.inject({ ...login, payload })).statusCode);
    }
    // Four allowed a minute from one address, whichever instance answers.
    expect(statuses.slice(0, 4).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(4)).toEqual([429, 429]);
  });
});
