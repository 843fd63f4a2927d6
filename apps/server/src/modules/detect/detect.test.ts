import { detectionShowConfidence, detectResultSchema, languages } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { caller } from '../categories/sharing.test-support';
import fixture from './detect.fixture.json' with { type: 'json' };
import { detectAmong } from './detect.service';
import { neighbourPairs, shortTerms } from './short-terms.test-support';

interface Tally {
  total: number;
  right: number;
  /** Right and confident enough for the app to show it. */
  shown: number;
  /** Wrong and confident enough to be shown. */
  shownWrong: number;
}

const percent = (part: number, total: number) => `${((100 * part) / total).toFixed(1)} %`;

/** Detects every term of `language` against the pair and counts the outcomes into `tally`. */
async function measure(language: string, pair: string[], tally: Tally, misses: string[]) {
  for (const text of shortTerms[language] ?? []) {
    const { code, confidence } = await detectAmong(text, pair);
    tally.total++;
    if (code === language) tally.right++;
    else misses.push(`${text} (${language}) → ${code ?? 'none'}`);
    if (confidence >= detectionShowConfidence) {
      if (code === language) tally.shown++;
      else tally.shownWrong++;
    }
  }
}

const emptyTally = (): Tally => ({ total: 0, right: 0, shown: 0, shownWrong: 0 });

describe('language detection', () => {
  it('labels the fixture set (two candidates each) with at least 85 % accuracy', async () => {
    const misses: string[] = [];
    for (const item of fixture.items) {
      const { code } = await detectAmong(item.text, item.candidates);
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

  it('tells short terms of every language from English, confidently enough to be shown', async () => {
    // Each language's terms and the English ones, against the pair (language, English).
    const tally = emptyTally();
    const misses: string[] = [];
    const rows: string[] = [];
    for (const { code } of languages) {
      if (code === 'en') continue;
      const own = emptyTally();
      await measure(code, [code, 'en'], own, misses);
      await measure('en', [code, 'en'], own, misses);
      rows.push(`${code} ${own.right}/${own.total}`);
      for (const key of ['total', 'right', 'shown', 'shownWrong'] as const) tally[key] += own[key];
    }
    console.info(
      `short terms against English: ${tally.right}/${tally.total} right ` +
        `(${percent(tally.right, tally.total)}), shown and right ${percent(tally.shown, tally.total)}, ` +
        `shown and wrong ${percent(tally.shownWrong, tally.total)} (confidence ≥ ${detectionShowConfidence}); ` +
        `per pair: ${rows.join(', ')}; misses: ${misses.join(', ')}`,
    );
    expect(Object.keys(shortTerms)).toHaveLength(languages.length);
    expect(tally.right / tally.total).toBeGreaterThanOrEqual(0.93);
    expect(tally.shown / tally.total).toBeGreaterThanOrEqual(0.85);
    expect(tally.shownWrong / tally.total).toBeLessThanOrEqual(0.05);
  });

  it('tells close languages apart on the same terms less surely, and rarely shows a wrong one', async () => {
    const tally = emptyTally();
    const misses: string[] = [];
    for (const pair of neighbourPairs) {
      for (const language of pair) await measure(language, pair, tally, misses);
    }
    console.info(
      `short terms of close languages: ${tally.right}/${tally.total} right ` +
        `(${percent(tally.right, tally.total)}), shown and right ${percent(tally.shown, tally.total)}, ` +
        `shown and wrong ${percent(tally.shownWrong, tally.total)}; misses: ${misses.join(', ')}`,
    );
    expect(tally.right / tally.total).toBeGreaterThanOrEqual(0.8);
    expect(tally.shownWrong / tally.total).toBeLessThanOrEqual(0.06);
  });

  it('is sure of "the dog" and "the cat is sleeping on the sofa" against Spanish', async () => {
    for (const text of ['the dog', 'the cat is sleeping on the sofa', 'tree']) {
      const result = await detectAmong(text, ['es', 'en']);
      expect(result.code).toBe('en');
      expect(result.confidence).toBeGreaterThanOrEqual(detectionShowConfidence);
    }
    expect(await detectAmong('el perro', ['es', 'en'])).toMatchObject({ code: 'es' });
    expect(await detectAmong('12345', ['es', 'en'])).toEqual({ code: null, confidence: 0 });
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
