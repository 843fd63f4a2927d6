import { studyFitProgressSchema, type StudyFitProgress } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { writeFitHistory } from '../src/modules/fit/fit.test-support';
import { socketCredential } from '../src/modules/live/live.test-support';
import { createTestApp, type TestApp } from './app';
import { createUser, uniqueName } from './factories';
import { startRoundRobinProxy } from './round-robin-proxy';
import { startServer, type ServerProcess } from './server-process';
import { testDatabaseKind } from './test-database';

/**
 * Two instances of the built server on one PostgreSQL database behind a round-robin proxy
 * (issue 18; docs/decisions/0032-live-updates.md), and a journey through the proxy: signed in on
 * one, refreshed on the other, a change made through one seen live on a socket of the other, a
 * per-address limit counted across both; a fit run by one whose progress is polled through the
 * other.
 */
describe.runIf(testDatabaseKind() === 'postgres')('two instances behind one proxy', () => {
  let t: TestApp;
  let instances: ServerProcess[] = [];
  let proxy: Awaited<ReturnType<typeof startRoundRobinProxy>>;
  const authLimit = 8;
  beforeAll(async () => {
    // The database: a fresh copy of the migrated template. The in-process app only writes the
    // data of the fit's learner; its secret is the instances', so its tokens pass there.
    t = await createTestApp();
    const databaseUrl = t.config.database.kind === 'postgres' ? t.config.database.url : '';
    const env = {
      DATABASE_URL: databaseUrl,
      JWT_SECRET: t.config.jwtSecret ?? '',
      PUBLIC_URL: 'http://glossa.test',
      DATA_DIR: t.config.dataDir,
      WEB_DIST: t.config.webDist,
      AUTH_RATE_LIMIT: String(authLimit),
      LOG_LEVEL: 'warn',
    };
    instances = await Promise.all([startServer(env), startServer(env)]);
    proxy = await startRoundRobinProxy(instances.map((instance) => instance.url));
  }, 120_000);
  afterAll(async () => {
    await proxy.close();
    await Promise.all(instances.map((instance) => instance.stop('SIGTERM')));
    await t.close();
  });

  const post = async (path: string, body: unknown, access?: string) => {
    const response = await fetch(`${proxy.url}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(access ? { authorization: socketCredential(access) } : {}),
      },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      payload: ((await response.json()) as { payload: Record<string, unknown> }).payload,
    };
  };

  it('signs in on one, refreshes on the other, sees a change live across them, limits both as one', async () => {
    const username = uniqueName('twin');
    const password = `pw-${uniqueName()}`;
    const created = await post('/api/user/create', {
      username,
      email: `${username}@example.com`,
      password,
    });
    expect(created.status).toBe(201);
    const signedIn = await post('/api/auth/login', { login: username, password });
    expect(signedIn.status).toBe(200);
    const refreshed = await post('/api/auth/refresh', { refresh: signedIn.payload['refresh'] });
    expect(refreshed.status).toBe(200);
    // Sign-in and refresh were answered by different instances.
    expect(proxy.served.slice(1, 3).sort()).toEqual([0, 1]);
    const access = String(refreshed.payload['access']);

    const address = `${proxy.url.replace('http', 'ws')}/api/socket`;
    const ws = new WebSocket(
      `${address}?Authorization=${encodeURIComponent(socketCredential(access))}`,
    );
    const events: { type: string; data: Record<string, unknown> }[] = [];
    const hello = new Promise<void>((resolve, reject) => {
      ws.on('message', (data: WebSocket.RawData) => {
        const event = JSON.parse(String(data)) as (typeof events)[number];
        events.push(event);
        if (event.type === 'hello') resolve();
      });
      ws.once('error', reject);
    });
    await hello;
    const socketInstance = proxy.served.at(-1);
    const card = await post(
      '/api/cards',
      { front: 'la casa', answers: ['the house'], fromLanguageCode: 'es', toLanguageCode: 'en' },
      access,
    );
    expect(card.status).toBe(201);
    // The card was written through the other instance than the socket's.
    expect(proxy.served.at(-1)).not.toBe(socketInstance);
    await expect
      .poll(() =>
        events.some((e) => e.type === 'card.created' && e.data['id'] === card.payload['id']),
      )
      .toBe(true);
    ws.close();

    // The refresh limit per address: `authLimit` a minute whichever instance answers (one was
    // used above), so the calls past it are refused although each instance saw half of them.
    const statuses: number[] = [];
    for (let i = 0; i < authLimit + 1; i += 1) {
      statuses.push((await post('/api/auth/refresh', { refresh: 'not.a.token' })).status);
    }
    expect(statuses.filter((status) => status === 429).length).toBe(2);
  });

  it('shows a fit running on one instance to a progress poll answered by the other', async () => {
    const user = await createUser(t);
    await writeFitHistory(t, user, 40, 9, Date.now());
    const call = async (method: 'GET' | 'POST', path: string) => {
      const response = await fetch(`${proxy.url}${path}`, {
        method,
        headers: { authorization: socketCredential(user.access) },
      });
      return {
        status: response.status,
        payload: ((await response.json()) as { payload: Record<string, unknown> }).payload,
        instance: proxy.served.at(-1),
      };
    };
    const progress = async () => {
      const answer = await call('GET', '/api/study/fit/progress');
      expect(answer.status).toBe(200);
      return { ...answer, progress: studyFitProgressSchema.parse(answer.payload) };
    };

    const sent = proxy.served.length;
    let done = false;
    const fitting = call('POST', '/api/study/fit').finally(() => (done = true));
    await expect.poll(() => proxy.served.length).toBe(sent + 1);
    const fitInstance = proxy.served[sent];
    let seen: StudyFitProgress | undefined;
    while (!done && !seen) {
      const answer = await progress();
      if (answer.instance !== fitInstance && answer.progress.running) seen = answer.progress;
    }
    const fit = await fitting;
    expect(fit.status).toBe(200);
    expect(fit.payload['enoughHistory']).toBe(true);
    expect(seen?.startedAt).toEqual(expect.any(String));

    // Once it answered, neither instance has it running.
    const after = [await progress(), await progress()];
    expect(after.map((answer) => answer.instance).sort()).toEqual([0, 1]);
    for (const answer of after) {
      expect(answer.progress).toEqual({ running: false, evaluations: 0, startedAt: null });
    }
  });
});
