import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/http/logging';
import type { Mailer } from '../src/mail/mailer';
import { newSignUp } from '../src/modules/verification/mail.test-support';
import { createTestApp, type TestApp } from './app';

interface LogEntry {
  level: number;
  msg?: string;
  req?: { method: string; url: string };
  res?: { statusCode: number };
}

/** pino's numbers for the levels these tests read. */
const levels = { debug: 20, info: 30, error: 50 } as const;

/** An app whose log lines (JSON, one per line) the test reads. */
async function appWithLog(level: 'info' | 'debug', options: { mailer?: Mailer } = {}) {
  const lines: string[] = [];
  const t = await createTestApp({
    env: { LOG_LEVEL: level },
    logStream: { write: (line) => void lines.push(line) },
    ...options,
  });
  const entries = () =>
    lines
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as LogEntry);
  return { t, lines, entries };
}

describe('log redaction', () => {
  let t: TestApp;
  let lines: string[];
  beforeAll(async () => {
    // At debug, where every request is logged with its URL.
    ({ t, lines } = await appWithLog('debug'));
  });
  afterAll(async () => {
    await t.close();
  });

  it('removes the Authorization and token query parameters from URLs', () => {
    expect(redactUrl('/api/socket?Authorization=abc.def&x=1')).toBe(
      '/api/socket?Authorization=[REDACTED]&x=1',
    );
    expect(redactUrl('/api/socket?a=1&authorization=zzz')).toBe(
      '/api/socket?a=1&authorization=[REDACTED]',
    );
    expect(redactUrl('/app/reset-password?token=abc-_1&x=2')).toBe(
      '/app/reset-password?token=[REDACTED]&x=2',
    );
  });

  it('never writes the bearer of a header or of the query to the log', async () => {
    const secret = 'c2VjcmV0LWJlYXJlci10b2tlbi12YWx1ZQ';
    await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { authorization: `Bearer ${secret}` },
    });
    await t.app.inject({ method: 'GET', url: `/api/socket?Authorization=${secret}` });
    const log = lines.join('');
    expect(log).toContain('/api/socket?Authorization=[REDACTED]');
    expect(log).not.toContain(secret);
  });
});

describe('what each level keeps', () => {
  it('logs each request and its answer at debug', async () => {
    const { t, entries } = await appWithLog('debug');
    try {
      await t.app.inject({ method: 'GET', url: '/api/health' });
      const mine = entries().filter(
        (entry) => entry.req?.url === '/api/health' || entry.res?.statusCode === 200,
      );
      expect(mine.map((entry) => [entry.level, entry.msg])).toEqual([
        [levels.debug, 'incoming request'],
        [levels.debug, 'request completed'],
      ]);
    } finally {
      await t.close();
    }
  });

  it('writes no line for a request at info, and an error for a failure', async () => {
    const { t, entries } = await appWithLog('info', {
      mailer: {
        send: () => Promise.reject(new Error('the mail server is down (this test)')),
        close: () => undefined,
      },
    });
    try {
      await t.app.inject({ method: 'GET', url: '/api/health' });
      await t.app.inject({ method: 'GET', url: '/api/user/info' });
      await t.app.inject({ method: 'GET', url: '/api/nowhere' });
      expect(entries()).toEqual([]);

      // Sign-up answers 201 and logs that its verification mail failed.
      const created = await t.call({
        method: 'POST',
        url: '/api/user/create',
        payload: newSignUp(),
      });
      expect(created.status).toBe(201);
      await t.idle();
      expect(entries()).toEqual([
        expect.objectContaining({
          level: levels.error,
          msg: 'could not send the verification mail',
        }),
      ]);
    } finally {
      await t.close();
    }
  });
});
