import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import type { Mailer, MailMessage } from '../../mail/mailer';
import { newSignUp } from './mail.test-support';

/** A mailer whose server is down: every send fails. */
function brokenMailer(attempts: MailMessage[]): Mailer {
  return {
    async send(message) {
      attempts.push(message);
      throw new Error('connect ECONNREFUSED 127.0.0.1:25');
    },
    close() {},
  };
}

describe('when the mail server is down', () => {
  let t: TestApp;
  const lines: { level: number; msg: string }[] = [];
  const attempts: MailMessage[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'error' },
      mailer: brokenMailer(attempts),
      logStream: {
        write: (line) => void lines.push(JSON.parse(line) as { level: number; msg: string }),
      },
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('still signs the learner up and logs the failure at error level', async () => {
    const body = newSignUp('down');
    const res = await t.call({ method: 'POST', url: '/api/user/create', payload: body });
    expect(res.status).toBe(201);
    expect(attempts.some((m) => m.to === body.email)).toBe(true);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'could not send the verification mail' }),
    );
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: body.username, password: body.password },
    });
    expect(login.status).toBe(200);
  });

  it('answers a taken address like a fresh one and logs the failed notice', async () => {
    const owner = newSignUp('own');
    await t.call({ method: 'POST', url: '/api/user/create', payload: owner });
    const res = await t.call({
      method: 'POST',
      url: '/api/user/create',
      payload: { ...newSignUp('dup'), email: owner.email },
    });
    expect(res.status).toBe(201);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'could not send the address-in-use notice' }),
    );
  });

  it('answers forget-password with the usual 200 and logs the failure', async () => {
    const body = newSignUp('fp');
    await t.call({ method: 'POST', url: '/api/user/create', payload: body });
    const res = await t.call({
      method: 'POST',
      url: '/api/user/forget-password',
      payload: { email: body.email },
    });
    expect(res.status).toBe(200);
    expect(res.raw.json()).toEqual({ code: 'ok', payload: null });
    await t.idle();
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 50, msg: 'could not mail a reset link' }),
    );
  });

  it('answers 500 to an explicit resend, hiding the details', async () => {
    const body = newSignUp('rs');
    await t.call({ method: 'POST', url: '/api/user/create', payload: body });
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { login: body.username, password: body.password },
    });
    const res = await t.call({
      method: 'POST',
      url: '/api/user/verify-email/resend',
      token: String(login.payload['access']),
    });
    expect(res.status).toBe(500);
    expect(res.code).toBe('internal_error');
    expect(res.raw.body).not.toContain('ECONNREFUSED');
  });
});

describe('closing the app', () => {
  it('finishes the reset mail still being sent after the answer', async () => {
    const lines: string[] = [];
    const t = await createTestApp({
      env: { LOG_LEVEL: 'error' },
      logStream: { write: (line) => void lines.push(line) },
    });
    const body = newSignUp('cl');
    await t.call({ method: 'POST', url: '/api/user/create', payload: body });
    await t.call({
      method: 'POST',
      url: '/api/user/forget-password',
      payload: { email: body.email },
    });
    await t.call({
      method: 'POST',
      url: '/api/user/forget-password',
      payload: { email: 'no@example.com' },
    });
    await t.app.close();
    expect(t.inbox.messages.some((m) => m.to === body.email && /Reset/.test(m.subject))).toBe(true);
    expect(lines).toEqual([]);
    await t.close();
  });
});
