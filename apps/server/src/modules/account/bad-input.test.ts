import { errorEnvelopeSchema } from '@glossa/contract';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';

type Method = 'POST' | 'GET';
const endpoints: { method: Method; url: string; auth: boolean }[] = [
  { method: 'POST', url: '/api/user/verify-email', auth: false },
  { method: 'POST', url: '/api/user/verify-email/resend', auth: true },
  { method: 'POST', url: '/api/user/forget-password', auth: false },
  { method: 'POST', url: '/api/user/reset-password', auth: false },
  { method: 'POST', url: '/api/user/delete', auth: true },
  { method: 'GET', url: '/api/user/export', auth: true },
  { method: 'POST', url: '/api/feedback', auth: true },
];

describe('bad input to the verification, reset, account and feedback calls', () => {
  let t: TestApp;
  let access: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ access } = await createUser(t));
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['/api/user/verify-email', {}, 'token'],
    ['/api/user/verify-email', { token: 5 }, 'token'],
    ['/api/user/verify-email', { token: '' }, 'token'],
    ['/api/user/verify-email', { token: 'x'.repeat(513) }, 'token'],
    ['/api/user/verify-email', { token: 'abc', extra: true }, 'extra'],
    ['/api/user/verify-email/resend', { again: true }, 'again'],
    ['/api/user/forget-password', {}, 'email'],
    ['/api/user/forget-password', { email: 'not an address' }, 'email'],
    ['/api/user/forget-password', { email: ['a@example.com'] }, 'email'],
    ['/api/user/forget-password', { email: 'a@example.com', username: 'a' }, 'username'],
    ['/api/user/reset-password', { password: 'long enough pass' }, 'token'],
    ['/api/user/reset-password', { token: 'abc', password: 'short' }, 'password'],
    ['/api/user/reset-password', { token: 'abc', password: 'p'.repeat(129) }, 'password'],
    ['/api/user/reset-password', { token: 'abc', password: 12345678 }, 'password'],
    ['/api/user/reset-password', { token: 'abc', password: 'long enough pass', x: 1 }, 'x'],
    ['/api/user/delete', {}, 'currentPassword'],
    ['/api/user/delete', { currentPassword: 123 }, 'currentPassword'],
    ['/api/user/delete', { currentPassword: 'secret', confirm: true }, 'confirm'],
    ['/api/feedback', { kind: 1, message: 'hi', page: '/' }, 'kind'],
  ])('%s with %j answers 400 naming %s', async (url, payload, field) => {
    const res = await t.call({ method: 'POST', url, payload, token: access });
    expect(res.status).toBe(400);
    expect(res.code).toBe('invalid_input');
    expect(res.payload.issues?.map((issue) => issue.path)).toContain(field);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/user/forget-password',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.status).toBe(400);
    expect(res.code).toBe('invalid_input');
  });

  it('never answers 5xx and always the envelope, whatever the body (property)', async () => {
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          token: fc.oneof(fc.string(), fc.base64String(), fc.integer()),
          email: fc.oneof(fc.emailAddress(), fc.string()),
          password: fc.oneof(fc.string({ maxLength: 140 }), fc.constant(null)),
          currentPassword: fc.string({ maxLength: 140 }),
          kind: fc.constantFrom('bug', 'idea', 'other', 'praise'),
          message: fc.string({ maxLength: 50 }),
          page: fc.string({ maxLength: 20 }),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        body,
        fc.boolean(),
        fc.boolean(),
        async (endpoint, payload, signedIn, raw) => {
          const options: InjectOptions & { token?: string } = {
            method: endpoint.method,
            url: endpoint.url,
            ...(signedIn ? { token: access } : {}),
          };
          if (endpoint.method === 'POST') {
            options.headers = { 'content-type': 'application/json' };
            options.payload = raw ? JSON.stringify(payload).slice(1) : JSON.stringify(payload);
          }
          const res = await t.call(options);
          expect(res.status).toBeLessThan(500);
          const json: unknown = JSON.parse(res.raw.body);
          if (res.code === 'ok') {
            expect(json).toMatchObject({ code: 'ok' });
            expect(json).toHaveProperty('payload');
          } else {
            expect(errorEnvelopeSchema.safeParse(json).success).toBe(true);
          }
          if (endpoint.auth && !signedIn) expect([400, 401]).toContain(res.status);
        },
      ),
      { numRuns: 150 },
    );
  });
});
