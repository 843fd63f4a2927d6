import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';

// The learner's interface language (decision 0037): stored with the account, changed through
// POST /api/user/edit, and the language of the server's mails and error messages.
describe('interface locale', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const info = (token: string) => t.call({ method: 'GET', url: '/api/user/info', token });
  const edit = (
    token: string,
    payload: Record<string, unknown>,
    headers?: Record<string, string>,
  ) => t.call({ method: 'POST', url: '/api/user/edit', token, payload, headers });

  it('is English for an account made without a language, and changes to a supported one', async () => {
    const user = await createUser(t);
    expect((await info(user.access)).payload).toMatchObject({ locale: 'en' });
    const res = await edit(user.access, { locale: 'fr' });
    expect(res.status).toBe(200);
    expect((await info(user.access)).payload).toMatchObject({ locale: 'fr' });
  });

  it.each([['pt'], ['EN'], [''], [42], [null], ['ar-XB']])(
    'refuses %j with a 400 naming locale, and changes nothing',
    async (locale) => {
      const user = await createUser(t);
      const res = await edit(user.access, { locale });
      expect(res.status).toBe(400);
      expect(res.code).toBe('invalid_input');
      expect(res.payload.issues?.[0]?.path).toBe('locale');
      expect((await info(user.access)).payload).toMatchObject({ locale: 'en' });
    },
  );

  it('is changed only by its learner: without a session the call is refused', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    const anonymous = await t.call({
      method: 'POST',
      url: '/api/user/edit',
      payload: { locale: 'de' },
    });
    expect(anonymous.status).toBe(401);
    // Another learner's edit changes their own account, never this one.
    expect((await edit(other.access, { locale: 'de' })).status).toBe(200);
    expect((await info(user.access)).payload).toMatchObject({ locale: 'en' });
    expect((await info(other.access)).payload).toMatchObject({ locale: 'de' });
  });

  it('answers errors in the stored language of a signed-in learner, whatever the header says', async () => {
    const user = await createUser(t);
    await edit(user.access, { locale: 'es' });
    const res = await edit(user.access, { locale: 'xx' }, { 'accept-language': 'de' });
    expect(res.status).toBe(400);
    expect(res.headers['content-language']).toBe('es');
    expect(res.payload.message).toBe('locale: El idioma debe ser uno de en, es, fr, de');
    expect(res.payload.issues?.[0]).toEqual({
      path: 'locale',
      message: 'El idioma debe ser uno de en, es, fr, de',
    });
  });

  it('answers an anonymous caller in its Accept-Language, English when none is supported', async () => {
    const german = await t.call({
      method: 'GET',
      url: '/api/user/info',
      headers: { 'accept-language': 'de-CH, fr;q=0.8' },
    });
    expect(german.status).toBe(401);
    expect(german.payload.message).toBe('Melde dich an, um fortzufahren');
    const unknown = await t.call({
      method: 'GET',
      url: '/api/user/info',
      headers: { 'accept-language': 'pt-BR, ja;q=0.5' },
    });
    expect(unknown.payload.message).toBe('Sign in to continue');
  });

  it('signs up in the language of the sign-up request and mails the verification in it', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/user/create',
      headers: { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.5' },
      payload: {
        username: 'amelie_fr',
        email: 'amelie@example.com',
        password: 'long enough pass 1',
      },
    });
    expect(res.status).toBe(201);
    const mail = await t.inbox.waitFor('amelie@example.com', /Confirmez votre adresse e-mail/);
    expect(mail.text).toContain('Bonjour amelie_fr,');
    expect(mail.text).toContain('Confirmer mon e-mail');
  });

  it('mails a password reset in the account’s stored language', async () => {
    const user = await createUser(t);
    await edit(user.access, { locale: 'de' });
    const res = await t.call({
      method: 'POST',
      url: '/api/user/forget-password',
      // The request's own language does not matter: the mail is for the account's learner.
      headers: { 'accept-language': 'es' },
      payload: { email: user.email },
    });
    expect(res.status).toBe(200);
    const mail = await t.inbox.waitFor(user.email, /Setze dein Glossa-Passwort zurück/);
    expect(mail.text).toContain(`Hallo ${user.username},`);
    expect(mail.text).toContain('Neues Passwort wählen');
  });
});
