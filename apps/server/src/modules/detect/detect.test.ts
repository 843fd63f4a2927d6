import { detectResultSchema } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { caller } from '../categories/sharing.test-support';
import fixture from './detect.fixture.json' with { type: 'json' };
import { detectAmong } from './detect.service';

describe('language detection', () => {
  it('labels the fixture set (two candidates each) with at least 85 % accuracy', () => {
    const misses: string[] = [];
    for (const item of fixture.items) {
      const { code } = detectAmong(item.text, item.candidates);
      if (code !== item.language) misses.push(`${item.text} (${item.language}) → ${code}`);
    }
    const total = fixture.items.length;
    const accuracy = (total - misses.length) / total;
    const languages = new Set(fixture.items.map((item) => item.language));
    console.info(
      `language detection: ${total - misses.length}/${total} correct ` +
        `(${(accuracy * 100).toFixed(1)} %) over ${languages.size} languages; misses: ` +
        misses.join(', '),
    );
    expect(total).toBeGreaterThanOrEqual(200);
    expect(languages.size).toBeGreaterThanOrEqual(10);
    expect(accuracy).toBeGreaterThanOrEqual(0.85);
  });

  describe('POST /api/languages/detect', () => {
    let t: TestApp;
    let api: ReturnType<typeof caller>;
    beforeAll(async () => {
      t = await createTestApp();
      api = caller(t);
    });
    afterAll(async () => {
      await t.close();
    });

    it("picks among the learner's languages by default, or the given candidates", async () => {
      const user = await createUser(t, { defaultFromLanguageCode: 'de', toLanguageCode: 'en' });
      const res = await api.call('POST', '/api/languages/detect', user, {
        text: 'Wo ist der Bahnhof?',
      });
      expect(res.status).toBe(200);
      expect(detectResultSchema.parse(res.payload).code).toBe('de');
      const ja = await api.call('POST', '/api/languages/detect', user, {
        text: 'ありがとう',
        candidates: ['ja', 'en'],
      });
      expect(ja.payload).toMatchObject({ code: 'ja' });
      const digits = await api.call('POST', '/api/languages/detect', user, { text: '12345' });
      expect(digits.payload).toEqual({ code: null, confidence: 0 });
    });

    it('answers 409 naming the setting when the learner turned detection off', async () => {
      const user = await createUser(t);
      await api.must('POST', '/api/user/edit', user, { isAutodetectLanguageEnabled: false });
      const res = await api.call('POST', '/api/languages/detect', user, { text: 'hola' });
      expect(res.status).toBe(409);
      expect(res.payload.issues?.[0]?.path).toBe('isAutodetectLanguageEnabled');
    });

    it.each([
      ['text', { text: '   ' }],
      ['text', { text: 'x'.repeat(501) }],
      ['candidates', { text: 'hola', candidates: [] }],
      ['candidates.0', { text: 'hola', candidates: ['xx'] }],
      ['extra', { text: 'hola', extra: 1 }],
    ])('answers 400 naming %s', async (path, body) => {
      const user = await createUser(t);
      const res = await api.call('POST', '/api/languages/detect', user, body);
      expect(res.status).toBe(400);
      expect(res.payload.issues?.map((issue) => issue.path)).toContain(path);
    });

    it('answers 401 to an anonymous caller', async () => {
      const res = await api.call('POST', '/api/languages/detect', undefined, { text: 'hola' });
      expect(res.status).toBe(401);
    });
  });
});
