import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newSignUp,
  subjects,
  tokenOf,
  waitForMails,
} from '../src/modules/verification/mail.test-support';
import { createTestApp, type TestApp } from './app';

/**
 * The app with a captured log: with SMTP at debug (where each request is logged with its URL),
 * without (mail to the outbox folder) at the default level, info.
 */
async function appWithLog(smtp: boolean) {
  const lines: string[] = [];
  const t = await createTestApp({
    env: smtp ? { LOG_LEVEL: 'debug' } : { LOG_LEVEL: 'info', SMTP_URL: '' },
    logStream: { write: (line) => void lines.push(line) },
  });
  return { t, log: () => lines.join('') };
}

/** Follows a mailed link as a learner does: opens its page, then the page posts its token. */
async function followLinks(t: TestApp, verifyToken: string, resetToken: string) {
  for (const url of [
    `/app/verify-email?token=${verifyToken}`,
    `/app/reset-password?token=${encodeURIComponent(resetToken)}`,
  ]) {
    await t.app.inject({ method: 'GET', url });
  }
  expect(
    (
      await t.call({
        method: 'POST',
        url: '/api/user/verify-email',
        payload: { token: verifyToken },
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await t.call({
        method: 'POST',
        url: '/api/user/reset-password',
        payload: { token: resetToken, password: 'another horse battery 43' },
      })
    ).status,
  ).toBe(200);
}

describe('mail links in the log', () => {
  describe('with SMTP_URL set', () => {
    let t: TestApp;
    let log: () => string;
    beforeAll(async () => {
      ({ t, log } = await appWithLog(true));
    });
    afterAll(async () => {
      await t.close();
    });

    it('never writes a verification or reset token to the log, even as links are followed', async () => {
      const body = newSignUp();
      expect(
        (await t.call({ method: 'POST', url: '/api/user/create', payload: body })).status,
      ).toBe(201);
      const verifyToken = tokenOf(
        t,
        await waitForMails(t, body.email, subjects.verify, 1),
        '/app/verify-email',
      );
      await t.call({
        method: 'POST',
        url: '/api/user/forget-password',
        payload: { email: body.email },
      });
      const resetToken = tokenOf(
        t,
        await waitForMails(t, body.email, subjects.reset, 1),
        '/app/reset-password',
      );
      await followLinks(t, verifyToken, resetToken);
      await t.idle();

      const written = log();
      expect(written).not.toContain(verifyToken);
      expect(written).not.toContain(resetToken);
      expect(written).not.toContain(encodeURIComponent(resetToken));
      // The requests themselves are logged, their token replaced.
      expect(written).toContain('/app/reset-password?token=[REDACTED]');
    });
  });

  describe('without SMTP_URL (mail to the outbox folder)', () => {
    let t: TestApp;
    let log: () => string;
    beforeAll(async () => {
      ({ t, log } = await appWithLog(false));
    });
    afterAll(async () => {
      await t.close();
    });

    it('logs each message with its link, the only place a self-hoster finds it', async () => {
      const body = newSignUp();
      expect(
        (await t.call({ method: 'POST', url: '/api/user/create', payload: body })).status,
      ).toBe(201);
      await t.idle();
      const entries = log()
        .split('\n')
        .filter(Boolean)
        .map(
          (line) => JSON.parse(line) as { msg?: string; link?: string; file?: string; to?: string },
        );
      const written = entries.find((entry) => entry.msg === 'mail written to the outbox');
      expect(written?.to).toBe(body.email);
      expect(written?.link).toMatch(/^http:\/\/glossa\.test\/app\/verify-email\?token=[\w-]{43}$/);
      const file = fs.readFileSync(String(written?.file), 'utf8');
      expect(path.dirname(String(written?.file))).toBe(path.join(t.config.dataDir, 'outbox'));
      // The file holds the same link (quoted-printable may fold it: compare its token).
      const token = new URL(String(written?.link)).searchParams.get('token') ?? '';
      expect(file.replace(/=\r?\n/g, '')).toContain(token);
    });
  });
});
