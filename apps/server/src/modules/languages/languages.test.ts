import { languageListSchema, languages } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';

describe('GET /api/languages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers every supported language to anyone, signed in or not', async () => {
    const user = await createUser(t);
    for (const token of [undefined, user.access]) {
      const res = await t.call({
        method: 'GET',
        url: '/api/languages',
        ...(token ? { token } : {}),
      });
      expect(res.status).toBe(200);
      const { items } = languageListSchema.parse(res.payload);
      expect(items).toEqual(languages);
      expect(items.find((language) => language.code === 'ar')).toEqual({
        code: 'ar',
        englishName: 'Arabic',
        nativeName: 'العربية',
        direction: 'rtl',
      });
    }
  });

  it('refuses other methods with the envelope', async () => {
    const res = await t.call({ method: 'POST', url: '/api/languages', payload: {} });
    expect(res.status).toBe(404);
    expect(res.code).toBe('not_found');
  });
});
