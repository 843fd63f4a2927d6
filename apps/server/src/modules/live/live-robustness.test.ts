import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WebSocket } from 'ws';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, signIn } from '../../../test/factories';
import { LiveHub, liveLimits, type LiveClient } from './live-hub';
import type { LiveEvents } from './live.service';
import { socketAddress, TestSocket } from './live.test-support';

// What keeps the sockets bounded: heartbeats, a cap per learner, a bound on unsent bytes, the
// client's messages checked and limited, the access token's end, and a clean shutdown.

describe('the bounds of the sockets', () => {
  let t: TestApp;
  let address: string;
  let clock = 0;
  beforeAll(async () => {
    // A heartbeat of a second: short enough for the test, long enough that a socket which
    // answers is never taken for dead when CI's other suites hold the event loop.
    t = await createTestApp({
      liveLimits: { heartbeatMs: 1000, socketsPerUser: 3, messagesPerMinute: 5 },
      now: () => Date.now() + clock,
    });
    address = await socketAddress(t.app);
  });
  afterAll(async () => {
    await t.close();
  });
  const hub = () => (t.app.deps.live as LiveEvents).hub;

  it('terminates a socket that answers no ping, keeps one that does', async () => {
    const user = await createUser(t);
    const dead = await TestSocket.open(address, user.access, { autoPong: false });
    const alive = await TestSocket.open(address, user.access);
    const closed = await dead.closed;
    expect(closed.code).toBe(1006);
    expect(alive.ws.readyState).toBe(alive.ws.OPEN);
    expect(hub().clientsOf(user.id)).toHaveLength(1);
    alive.close();
  });

  it('closes the oldest socket of a learner past the cap (4429)', async () => {
    const user = await createUser(t);
    const sockets: TestSocket[] = [];
    for (let i = 0; i < 4; i++) sockets.push(await TestSocket.open(address, user.access));
    expect((await sockets[0]?.closed)?.code).toBe(4429);
    expect(hub().clientsOf(user.id)).toHaveLength(3);
    for (const socket of sockets) socket.close();
  });

  it('answers a ping, closes on an unknown message (4400) and past the rate (4429)', async () => {
    const user = await createUser(t);
    const socket = await TestSocket.open(address, user.access);
    socket.ws.send(JSON.stringify({ type: 'ping' }));
    await socket.next((event) => event.type === 'pong');
    const bad = await TestSocket.open(address, user.access);
    bad.ws.send(JSON.stringify({ type: 'subscribe', to: 'everything' }));
    expect((await bad.closed).code).toBe(4400);
    for (let i = 0; i < 6; i++) socket.ws.send(JSON.stringify({ type: 'ping' }));
    expect((await socket.closed).code).toBe(4429);
  });

  it('closes a socket when its access token expires (4401), so the client refreshes', async () => {
    const user = await createUser(t);
    const { access } = await signIn(t, user.username, user.password);
    // Token times are whole seconds: a second and a half before the end.
    clock = 15 * 60_000 - 1500;
    try {
      const socket = await TestSocket.open(address, access);
      expect((await socket.closed).code).toBe(4401);
    } finally {
      clock = 0;
    }
  });
});

describe('a slow consumer', () => {
  const fakeClient = (bufferedAmount: number) => {
    const socket = {
      readyState: 1,
      bufferedAmount,
      send: vi.fn(),
      terminate: vi.fn(),
      close: vi.fn(),
    };
    const client: LiveClient = {
      socket: socket as unknown as WebSocket,
      userId: 'u1',
      tokenId: 't1',
      role: 'user',
      digest: 'd',
      alive: true,
      messages: { count: 0, since: 0 },
      timers: [],
    };
    return { socket, client };
  };

  it('is dropped rather than buffered past the bound', () => {
    const hub = new LiveHub(liveLimits);
    const slow = fakeClient(liveLimits.maxBufferedBytes);
    const quick = fakeClient(0);
    hub.add(slow.client);
    hub.add(quick.client);
    expect(hub.send(slow.client, '{"v":1}')).toBe(false);
    expect(slow.socket.terminate).toHaveBeenCalled();
    expect(slow.socket.send).not.toHaveBeenCalled();
    expect(hub.send(quick.client, '{"v":1}')).toBe(true);
    expect(hub.size).toBe(1);
  });
});

describe('shutting down', () => {
  it('closes every socket with 1001 "going away"', async () => {
    const t = await createTestApp();
    try {
      const user = await createUser(t);
      const socket = await TestSocket.open(await socketAddress(t.app), user.access);
      await t.app.close();
      expect(await socket.closed).toEqual({ code: 1001, reason: 'Server going away' });
    } finally {
      await t.close();
    }
  });
});
