import { translateResultSchema } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { caller, cardBody, uniqueLabel } from '../categories/sharing.test-support';
import {
  deadUrl,
  startFakeLibreTranslate,
  type FakeLibreTranslate,
} from './libretranslate.test-support';

describe('POST /api/translate', () => {
  let fake: FakeLibreTranslate;
  let t: TestApp;
  let down: TestApp;
  let noProvider: TestApp;
  beforeAll(async () => {
    fake = await startFakeLibreTranslate({ 'el perro': 'the dog', 'la casa': 'the house' });
    [t, down, noProvider] = await Promise.all([
      createTestApp({ env: { TRANSLATE_URL: fake.url } }),
      createTestApp({ env: { TRANSLATE_URL: await deadUrl() } }),
      createTestApp(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([t.close(), down.close(), noProvider.close()]);
    await fake.close();
  });

  const translate = (app: TestApp, user: TestUser | undefined, body: unknown) =>
    caller(app).call('POST', '/api/translate', user, body);

  /** A learner with a card "El Perro" → dog, and someone else's public and private cards. */
  async function world(app: TestApp) {
    const { must } = caller(app);
    const [learner, publisher] = await Promise.all([createUser(app), createUser(app)]);
    await must('POST', '/api/cards', learner, cardBody({ front: 'El Perro', answers: ['dog'] }));
    const pub = await must('POST', '/api/categories', publisher, {
      name: uniqueLabel('Public'),
      visibility: 'public',
    });
    const priv = await must('POST', '/api/categories', publisher, { name: uniqueLabel('Mine') });
    await must(
      'POST',
      '/api/cards',
      publisher,
      cardBody({ front: 'el perro', answers: ['hound', 'Dog'], categoryId: pub['id'] }),
    );
    await must(
      'POST',
      '/api/cards',
      publisher,
      cardBody({ front: 'el perro', answers: ['secret'], categoryId: priv['id'] }),
    );
    await must(
      'POST',
      '/api/cards',
      publisher,
      cardBody({
        front: 'el perro',
        answers: ['le chien'],
        toLanguageCode: 'fr',
        categoryId: pub['id'],
      }),
    );
    return learner;
  }

  it('answers own and public card answers (same front, case-blind, same pair), then the provider', async () => {
    const learner = await world(t);
    const res = await translate(t, learner, { text: '  EL PERRO ', from: 'es', to: 'en' });
    expect(res.status).toBe(200);
    expect(translateResultSchema.parse(res.payload).suggestions).toEqual([
      { text: 'dog', source: 'cards' },
      { text: 'hound', source: 'cards' },
      { text: 'the dog', source: 'provider' },
    ]);
    expect(fake.requests.at(-1)).toEqual({
      q: 'EL PERRO',
      source: 'es',
      target: 'en',
      format: 'text',
    });
  });

  it('without TRANSLATE_URL answers the card suggestions only', async () => {
    const learner = await world(noProvider);
    const res = await translate(noProvider, learner, { text: 'el perro', from: 'es', to: 'en' });
    expect(res.payload['suggestions']).toEqual([
      { text: 'dog', source: 'cards' },
      { text: 'hound', source: 'cards' },
    ]);
  });

  it('answers the card suggestions when the provider is down', async () => {
    const learner = await world(down);
    const res = await translate(down, learner, { text: 'el perro', from: 'es', to: 'en' });
    expect(res.status).toBe(200);
    expect(res.payload['suggestions']).toHaveLength(2);
  });

  it('answers the card suggestions within 2 s when the provider is slow or failing', async () => {
    const learner = await world(t);
    fake.mode = 'slow';
    try {
      const started = Date.now();
      const res = await translate(t, learner, { text: 'el perro', from: 'es', to: 'en' });
      const elapsed = Date.now() - started;
      expect(res.status).toBe(200);
      expect(res.payload['suggestions']).toEqual([
        { text: 'dog', source: 'cards' },
        { text: 'hound', source: 'cards' },
      ]);
      expect(elapsed).toBeLessThan(2000);
      fake.mode = 'error';
      const failing = await translate(t, learner, { text: 'el perro', from: 'es', to: 'en' });
      expect(failing.payload['suggestions']).toHaveLength(2);
    } finally {
      fake.mode = 'ok';
    }
  });

  it('the fake server speaks the documented /detect and /languages shapes', async () => {
    const detect = await fetch(`${fake.url}/detect`, { method: 'POST', body: '{"q":"hola"}' });
    expect(await detect.json()).toEqual([{ confidence: 90, language: 'es' }]);
    const languages = await fetch(`${fake.url}/languages`);
    expect(await languages.json()).toEqual([expect.objectContaining({ code: 'en' })]);
  });

  it.each([
    ['text', { text: '', from: 'es', to: 'en' }],
    ['from', { text: 'x', from: 'xx', to: 'en' }],
    ['to', { text: 'x', from: 'es' }],
    ['extra', { text: 'x', from: 'es', to: 'en', extra: 1 }],
  ])('answers 400 naming %s', async (path, body) => {
    const user = await createUser(t);
    const res = await translate(t, user, body);
    expect(res.status).toBe(400);
    expect(res.payload.issues?.map((issue) => issue.path)).toContain(path);
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await translate(t, undefined, { text: 'x', from: 'es', to: 'en' });
    expect(res.status).toBe(401);
  });
});
