import type { InterfaceLocale } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser, type TestUser } from '../../test/factories';
import { cardBody, uniqueLabel } from '../modules/categories/sharing.test-support';

// Representative error envelopes in each interface language (decision 0037): a contract message
// with a field label, one with a limit, a service's 404 and 409, and an unknown field. The code
// and the path never change; English is byte for byte what the services and schemas say.

const expected: Record<
  InterfaceLocale,
  {
    frontMissing: string;
    usernameLong: string;
    cardGone: string;
    nameTaken: string;
    unknown: string;
  }
> = {
  en: {
    frontMissing: 'Front is required',
    usernameLong: 'Username must be at most 32 characters',
    cardGone: 'Card not found',
    nameTaken: 'A category with this name already exists here',
    unknown: 'Unknown field colour',
  },
  es: {
    frontMissing: 'Anverso es un campo obligatorio',
    usernameLong: 'Nombre de usuario debe tener como máximo 32 caracteres',
    cardGone: 'Tarjeta no encontrada',
    nameTaken: 'Ya existe aquí una categoría con este nombre',
    unknown: 'Campo desconocido: colour',
  },
  fr: {
    frontMissing: 'Recto est un champ obligatoire',
    usernameLong: 'Nom d’utilisateur doit comporter au plus 32 caractères',
    cardGone: 'Carte introuvable',
    nameTaken: 'Une catégorie de ce nom existe déjà ici',
    unknown: 'Champ inconnu : colour',
  },
  de: {
    frontMissing: 'Vorderseite ist ein Pflichtfeld',
    usernameLong: 'Benutzername darf höchstens 32 Zeichen lang sein',
    cardGone: 'Karte nicht gefunden',
    nameTaken: 'Hier gibt es schon eine Kategorie mit diesem Namen',
    unknown: 'Unbekanntes Feld: colour',
  },
};

describe.each<InterfaceLocale>(['en', 'es', 'fr', 'de'])('error envelopes in %s', (locale) => {
  let t: TestApp;
  let user: TestUser;
  const words = expected[locale];
  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t);
    const res = await t.call({
      method: 'POST',
      url: '/api/user/edit',
      token: user.access,
      payload: { locale },
    });
    expect(res.status).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  const signedIn = (method: 'POST' | 'GET', url: string, payload?: Record<string, unknown>) =>
    t.call({ method, url, token: user.access, ...(payload ? { payload } : {}) });

  it('a contract message with a field label (400)', async () => {
    const res = await signedIn('POST', '/api/cards', cardBody({ front: null }));
    expect(res.status).toBe(400);
    expect(res.code).toBe('invalid_input');
    expect(res.headers['content-language']).toBe(locale);
    expect(res.payload.issues?.[0]).toEqual({ path: 'front', message: words.frontMissing });
    expect(res.payload.message).toBe(`front: ${words.frontMissing}`);
  });

  it('a limit with its number, for an anonymous caller in its Accept-Language (400)', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/user/create',
      headers: { 'accept-language': locale },
      payload: { username: 'x'.repeat(33), email: 'long@example.com', password: 'long enough 1' },
    });
    expect(res.status).toBe(400);
    expect(res.payload.issues).toContainEqual({ path: 'username', message: words.usernameLong });
  });

  it('a service’s 404 and 409', async () => {
    const gone = await signedIn('GET', '/api/cards/00000000-0000-7000-8000-000000000000');
    expect(gone.status).toBe(404);
    expect(gone.payload.message).toBe(words.cardGone);

    const name = uniqueLabel('Verbs');
    expect((await signedIn('POST', '/api/categories', { name })).status).toBe(201);
    const twice = await signedIn('POST', '/api/categories', { name });
    expect(twice.status).toBe(409);
    expect(twice.code).toBe('conflict');
    expect(twice.payload.message).toBe(words.nameTaken);
  });

  it('an unknown field, named as sent', async () => {
    const res = await signedIn('POST', '/api/categories', { name: 'Nouns', colour: 'red' });
    expect(res.status).toBe(400);
    expect(res.payload.issues).toContainEqual({ path: 'colour', message: words.unknown });
  });
});
