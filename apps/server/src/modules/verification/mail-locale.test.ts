import type { InterfaceLocale } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, uniqueName, type TestUser } from '../../../test/factories';
import { mailTexts } from '../../mail/mail-text';
import { caller, cardBody, uniqueLabel } from '../categories/sharing.test-support';
import { tokenOf } from './mail.test-support';

// Every mail the server sends is written in its recipient's stored language (decision 0037),
// whatever the language of the request that caused it. The first words of each are checked
// literally below, so that a mail falling back to English, or to another table, fails.

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const exactly = (text: string) => new RegExp(`^${escapeRegExp(text)}$`);

const greetings: Record<InterfaceLocale, (name: string) => string> = {
  en: (name) => `Hello ${name},`,
  es: (name) => `Hola, ${name}:`,
  fr: (name) => `Bonjour ${name},`,
  de: (name) => `Hallo ${name},`,
};

/** One language other than `locale`, sent as Accept-Language: the mail must not follow it. */
const otherLanguage = (locale: InterfaceLocale) => (locale === 'de' ? 'fr' : 'de');

describe.each<InterfaceLocale>(['en', 'es', 'fr', 'de'])('mails in %s', (locale) => {
  let t: TestApp;
  const words = mailTexts[locale];
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (user: TestUser | undefined, method: 'POST', url: string, payload: object) =>
    t.call({
      method,
      url,
      payload,
      ...(user ? { token: user.access } : {}),
      headers: { 'accept-language': otherLanguage(locale) },
    });
  const learner = async (verified = true) => {
    const user = await createUser(t, { verified });
    const res = await call(user, 'POST', '/api/user/edit', { locale });
    expect(res.status).toBe(200);
    return user;
  };
  const expectLanguage = (mail: { text: string; html: string }, name: string) => {
    expect(mail.text.startsWith(`${greetings[locale](name)}\n\n`)).toBe(true);
    expect(mail.html).toContain(`<div lang="${locale}"`);
    expect(mail.text.endsWith(words.signature)).toBe(true);
  };

  it('verification: a resent link', async () => {
    const user = await learner(false);
    expect((await call(user, 'POST', '/api/user/verify-email/resend', {})).status).toBe(200);
    const mail = await t.inbox.waitFor(user.email, exactly(words.verify.subject));
    expectLanguage(mail, user.username);
    expect(mail.text).toContain(`${words.verify.button}: `);
  });

  it('password reset', async () => {
    const user = await learner();
    const res = await call(undefined, 'POST', '/api/user/forget-password', { email: user.email });
    expect(res.status).toBe(200);
    const mail = await t.inbox.waitFor(user.email, exactly(words.reset.subject));
    expectLanguage(mail, user.username);
    expect(mail.text).toContain(words.reset.ignore);
  });

  it('e-mail change: the link to the new address, the word to the current one, then the change', async () => {
    const user = await learner();
    const address = `${uniqueName('moved')}@example.com`;
    const res = await call(user, 'POST', '/api/user/edit', {
      email: address,
      currentPassword: user.password,
    });
    expect(res.status).toBe(200);
    const link = await t.inbox.waitFor(address, exactly(words.confirmChange.subject));
    expectLanguage(link, user.username);
    expect(link.text).toContain(words.confirmChange.body(address));
    const asked = await t.inbox.waitFor(user.email, exactly(words.changeRequested.subject));
    expectLanguage(asked, user.username);
    expect(asked.text).toContain(words.changeRequested.body(address));

    const token = tokenOf(t, link, '/app/verify-email');
    expect((await call(undefined, 'POST', '/api/user/verify-email', { token })).status).toBe(200);
    const changed = await t.inbox.waitFor(user.email, exactly(words.changed.subject));
    expectLanguage(changed, user.username);
    expect(changed.text).toContain(words.changed.body(address));
  });

  it('address in use: in its owner’s language, for a sign-up and for an e-mail change', async () => {
    const owner = await learner();
    const signUp = await call(undefined, 'POST', '/api/user/create', {
      username: uniqueName('taker'),
      email: owner.email,
      password: 'correct horse battery 42',
    });
    expect(signUp.status).toBe(201);
    const notice = await t.inbox.waitFor(owner.email, exactly(words.emailInUse.subject));
    expect(notice.text.startsWith(`${words.emailInUse.body}\n\n`)).toBe(true);
    expect(notice.html).toContain(`<div lang="${locale}"`);

    // Someone of another language asks to move their account to the owner's address.
    const mover = await createUser(t, { verified: true });
    await t.call({
      method: 'POST',
      url: '/api/user/edit',
      token: mover.access,
      payload: { locale: otherLanguage(locale) },
    });
    const before = t.inbox.messages.length;
    const change = await call(mover, 'POST', '/api/user/edit', {
      email: owner.email,
      currentPassword: mover.password,
    });
    expect(change.status).toBe(200);
    const second = await t.inbox.waitFor(owner.email, exactly(words.emailInUse.subject));
    expect(t.inbox.messages.indexOf(second)).toBeGreaterThanOrEqual(before);
  });

  it('invitation: in the invitee’s language, not the owner’s', async () => {
    const api = caller(t);
    const owner = await createUser(t);
    await api.must('POST', '/api/user/edit', owner, { locale: otherLanguage(locale) });
    const name = uniqueLabel('Deck');
    const categoryId = String(
      (await api.must('POST', '/api/categories', owner, { name, visibility: 'shared' }))['id'],
    );
    await api.must('POST', '/api/cards', owner, cardBody({ categoryId }));
    const invitee = await learner();
    await api.must('POST', `/api/categories/${categoryId}/members`, owner, {
      username: invitee.username,
      role: 'viewer',
    });
    const mail = await t.inbox.waitFor(
      invitee.email.toLowerCase(),
      exactly(words.invitation.subject(owner.username, name)),
    );
    expectLanguage(mail, invitee.username);
    expect(mail.text).toContain(words.invitation.nothingYet);
    expect(mail.text).toContain(`${words.invitation.button}: `);
  });
});
