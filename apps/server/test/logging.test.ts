import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/http/logging';
import { createTestApp, type TestApp } from './app';

describe('log redaction', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('removes the Authorization query parameter from URLs', () => {
    expect(redactUrl('/api/socket?Authorization=abc.def&x=1')).toBe(
      '/api/socket?Authorization=[REDACTED]&x=1',
    );
    expect(redactUrl('/api/socket?a=1&authorization=zzz')).toBe(
      '/api/socket?a=1&authorization=[REDACTED]',
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
