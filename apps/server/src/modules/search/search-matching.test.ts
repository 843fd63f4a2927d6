import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { uniqueLabel } from '../categories/sharing.test-support';
import { searchCalls } from './search.test-support';

/**
 * Matching as a learner expects in every script (docs/decisions/0021-search.md): case and accents
 * aside, prefixes while typing, substrings (inside words of 3 characters or more, and anywhere in
 * scripts written without spaces), whole words before starts of words before insides, the newest
 * first within each; FTS syntax in a query is text. On the database the tests run on (TEST_DB).
 */
describe('search: matching', () => {
  let t: TestApp;
  let s: ReturnType<typeof searchCalls>;
  let learner: TestUser;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    s = searchCalls(t);
    learner = await createUser(t);
    const cards: [string, Record<string, unknown>][] = [
      ['cafe', { front: 'el café', answers: ['the coffee'] }],
      ['athens', { front: 'Αθήνα', answers: ['Athens'], fromLanguageCode: 'el' }],
      ['library', { front: '图书馆', answers: ['library'], fromLanguageCode: 'zh' }],
      [
        'cat',
        { front: 'わたしはねこがすきです。', answers: ['I like cats'], fromLanguageCode: 'ja' },
      ],
      ['moscow', { front: 'Москва', answers: ['Moscow'], fromLanguageCode: 'ru' }],
      ['book', { front: 'كِتَاب', answers: ['book'], fromLanguageCode: 'ar' }],
      ['peace', { front: 'שָׁלוֹם', answers: ['peace'], fromLanguageCode: 'he' }],
      ['note', { front: 'la mesa', answers: ['the table'], notes: 'Femenino: la mesa redonda' }],
      ['biblioteca', { front: 'la biblioteca', answers: ['the library'] }],
      ['straße', { front: 'die Straße', answers: ['the street'], fromLanguageCode: 'de' }],
    ];
    for (const [name, body] of cards) ids[name] = await s.addCard(learner, body);
  });
  afterAll(async () => {
    await t.close();
  });

  it('is blind to case and accents in Latin, Greek, Cyrillic, Arabic and Hebrew', async () => {
    expect(await s.cardIds(learner, 'cafe')).toEqual([ids['cafe']]);
    expect(await s.cardIds(learner, 'CAFÉ')).toEqual([ids['cafe']]);
    expect(await s.cardIds(learner, 'ΑΘΗΝΑ')).toEqual([ids['athens']]);
    expect(await s.cardIds(learner, 'αθηνα')).toEqual([ids['athens']]);
    expect(await s.cardIds(learner, 'МОСКВА')).toEqual([ids['moscow']]);
    expect(await s.cardIds(learner, 'моск')).toEqual([ids['moscow']]);
    expect(await s.cardIds(learner, 'كتاب')).toEqual([ids['book']]);
    expect(await s.cardIds(learner, 'שלום')).toEqual([ids['peace']]);
    expect(await s.cardIds(learner, 'strasse')).toEqual([ids['straße']]);
  });

  it('finds substrings in scripts written without spaces', async () => {
    expect(await s.cardIds(learner, '图书')).toEqual([ids['library']]);
    expect(await s.cardIds(learner, '书馆')).toEqual([ids['library']]);
    expect(await s.cardIds(learner, 'ねこ')).toEqual([ids['cat']]);
    expect(await s.cardIds(learner, 'ネコ')).toEqual([]);
  });

  it('finds prefixes while typing and substrings of 3 characters or more, in notes too', async () => {
    expect(await s.cardIds(learner, 'bibl')).toEqual([ids['biblioteca']]);
    expect(await s.cardIds(learner, 'blioteca')).toEqual([ids['biblioteca']]);
    expect(await s.cardIds(learner, 'redonda')).toEqual([ids['note']]);
    const hits = (await s.search(learner, 'blio')).cards.items;
    expect(hits.map((hit) => [hit.id, hit.match])).toEqual([[ids['biblioteca'], 'substring']]);
  });

  it('ranks whole words before starts of words before insides, then the newest first', async () => {
    const label = uniqueLabel('rank').replace(/\W/g, '').slice(-6);
    const word = `zq${label}`;
    const older = await s.addCard(learner, { front: `${word}`, answers: ['one'] });
    const inside = await s.addCard(learner, { front: `xx${word}yy`, answers: ['two'] });
    const prefix = await s.addCard(learner, { front: `${word}ing`, answers: ['three'] });
    const newer = await s.addCard(learner, { front: `le ${word}`, answers: ['four'] });
    const hits = (await s.search(learner, word)).cards.items;
    expect(hits.map((hit) => [hit.id, hit.match])).toEqual([
      [newer, 'word'],
      [older, 'word'],
      [prefix, 'prefix'],
      [inside, 'substring'],
    ]);
    // A page is full when more match, and says so.
    const page = await s.search(learner, word, '&limit=3');
    expect(page.cards.items.map((hit) => hit.id)).toEqual([newer, older, prefix]);
    expect(page.cards.more).toBe(true);
  });

  it('finds categories by name and description, and follows edits of cards and categories', async () => {
    const category = await s.addCategory(learner, {
      name: 'Verbos irregulares',
      description: 'Los más difíciles',
    });
    expect(await s.categoryIds(learner, 'dificiles')).toEqual([category]);
    expect(await s.categoryIds(learner, 'irreg')).toEqual([category]);
    await s.must('PATCH', `/api/categories/${category}`, learner, { name: 'Sustantivos' });
    expect(await s.categoryIds(learner, 'irreg')).toEqual([]);
    expect(await s.categoryIds(learner, 'sustantivos')).toEqual([category]);
    const card = await s.addCard(learner, { front: 'el perro', answers: ['the dog'] });
    expect(await s.cardIds(learner, 'perro')).toEqual([card]);
    const read = await s.must('GET', `/api/cards/${card}`, learner);
    await s.must('PATCH', `/api/cards/${card}`, learner, {
      notes: 'un animal doméstico',
      expectedVersion: read['version'],
    });
    expect(await s.cardIds(learner, 'domestico')).toEqual([card]);
    await s.must('DELETE', `/api/cards/${card}`, learner);
    expect(await s.cardIds(learner, 'perro')).toEqual([]);
  });

  it('filters by language and by category', async () => {
    expect(await s.cardIds(learner, 'like', '&language=ja')).toEqual([ids['cat']]);
    expect(await s.cardIds(learner, 'like', '&language=es')).toEqual([]);
    const category = await s.addCategory(learner, { name: uniqueLabel('Filter') });
    const inside = await s.addCard(learner, { front: 'el gato', categoryId: category });
    await s.addCard(learner, { front: 'el gato negro' });
    expect(await s.cardIds(learner, 'gato', `&categoryId=${category}`)).toEqual([inside]);
  });

  it('reads FTS operators, quotes and control characters as text, never failing', async () => {
    const queries = [
      '"',
      '"unbalanced',
      'caf*',
      '*',
      'NEAR(a b)',
      'a OR b',
      '-cafe',
      'doc:cafe',
      'scope:kcard',
      '(cafe',
      ')',
      'AND',
      'NOT cafe',
      '\u0001\u001f\u007f',
      "'; drop table cards; --",
      '%_\\',
      '^cafe',
      '{doc}: cafe',
    ];
    for (const q of queries) {
      const res = await s.call('GET', `/api/search?q=${encodeURIComponent(q)}`, learner);
      expect(res.status, q).toBe(200);
    }
    // NUL is refused in every query string, naming the parameter.
    const nul = await s.call('GET', `/api/search?q=${encodeURIComponent('a\u0000b')}`, learner);
    expect(nul.status).toBe(400);
    expect(JSON.stringify(nul.payload)).toContain('"q"');
    expect(await s.cardIds(learner, 'caf*')).toEqual([ids['cafe']]);
    expect(await s.cardIds(learner, '"café"')).toEqual([ids['cafe']]);
    const long = await s.call('GET', `/api/search?q=${'a'.repeat(10_000)}`, learner);
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.payload)).toContain('q must be at most 200 characters');
    const bad = await s.call('GET', '/api/search?q=x&scope=all', learner);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.payload)).toContain('scope');
  });
});
