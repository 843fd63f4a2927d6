import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { searchCalls } from './search.test-support';

/**
 * The faster paths of search keep its answers (docs/decisions/0021-search.md, "Speed"): runs of
 * a script without spaces asked by their neighbouring pairs (PostgreSQL), a 1–2-character start
 * of a word checked on the rows another term found, accents folded on both sides. On the
 * database the tests run on (TEST_DB).
 */
describe('search: runs, short starts of words and accents', () => {
  let t: TestApp;
  let s: ReturnType<typeof searchCalls>;
  let learner: TestUser;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    t = await createTestApp();
    s = searchCalls(t);
    learner = await createUser(t);
    const cards: [string, Record<string, unknown>][] = [
      ['library', { front: '图书馆', answers: ['library'], fromLanguageCode: 'zh' }],
      ['apart', { front: '图画和书', answers: ['pictures and books'], fromLanguageCode: 'zh' }],
      ['reversed', { front: '书图', answers: ['book picture'], fromLanguageCode: 'zh' }],
      ['across', { front: '图。书店', answers: ['picture. bookshop'], fromLanguageCode: 'zh' }],
      [
        'thai',
        { front: 'คุณพูดภาษาไทยได้ไหม', answers: ['do you speak Thai'], fromLanguageCode: 'th' },
      ],
      ['katakana', { front: 'ネコの本', answers: ['a book about cats'], fromLanguageCode: 'ja' }],
      ['gatoSi', { front: 'gato, sí', answers: ['cat, yes'] }],
      ['siames', { front: 'el gato siamés', answers: ['the Siamese cat'] }],
      ['gatoOnly', { front: 'el gato negro', answers: ['the black cat'] }],
      ['siOnly', { front: 'siempre sí', answers: ['always yes'] }],
      ['casi', { front: 'casi un gato', answers: ['almost a cat'] }],
      ['simples', { front: 'gatos simples', answers: ['plain cats'] }],
      ['nino', { front: 'niño canción', answers: ['child song'] }],
    ];
    for (const [name, body] of cards) ids[name] = await s.addCard(learner, body);
  });
  afterAll(async () => {
    await t.close();
  });

  const hits = async (q: string) =>
    (await s.search(learner, q)).cards.items.map((hit) => [hit.id, hit.match]);

  it('finds a run of characters only where they stand together, in order', async () => {
    // Newest first: the run across the full stop, then the library; never the characters apart
    // or reversed.
    expect(await s.cardIds(learner, '图书')).toEqual([ids['across'], ids['library']]);
    expect(await s.cardIds(learner, '图书馆')).toEqual([ids['library']]);
    expect(await s.cardIds(learner, '书馆')).toEqual([ids['library']]);
    expect(await s.cardIds(learner, '书图')).toEqual([ids['reversed']]);
    expect(await s.cardIds(learner, '画和书')).toEqual([ids['apart']]);
    expect(await s.cardIds(learner, '馆图')).toEqual([]);
  });

  it('finds runs of Thai (with its marks) and Japanese inside a sentence', async () => {
    expect(await s.cardIds(learner, 'ภาษาไทย')).toEqual([ids['thai']]);
    expect(await s.cardIds(learner, 'ไทยได้')).toEqual([ids['thai']]);
    expect(await s.cardIds(learner, 'ไทยไห')).toEqual([]);
    expect(await s.cardIds(learner, 'ネコの')).toEqual([ids['katakana']]);
    expect(await s.cardIds(learner, 'の本')).toEqual([ids['katakana']]);
    expect(await s.cardIds(learner, '本の')).toEqual([]);
  });

  it('finds two words with a short start: whole words, then starts, then insides', async () => {
    expect(await hits('gato si')).toEqual([
      [ids['gatoSi'], 'word'],
      [ids['simples'], 'prefix'],
      [ids['siames'], 'prefix'],
    ]);
    expect(await hits('si gato')).toEqual(await hits('gato si'));
    // A short term is found as the start of a word, never inside one (`casi`).
    expect(await hits('ato si')).toEqual([
      [ids['simples'], 'substring'],
      [ids['siames'], 'substring'],
      [ids['gatoSi'], 'substring'],
    ]);
    expect(await hits('gato s')).toEqual([
      [ids['simples'], 'prefix'],
      [ids['siames'], 'prefix'],
      [ids['gatoSi'], 'prefix'],
    ]);
    // Only short terms: each a start of a word, no longer term to narrow by.
    expect(await hits('ga si')).toEqual([
      [ids['simples'], 'prefix'],
      [ids['siames'], 'prefix'],
      [ids['gatoSi'], 'prefix'],
    ]);
    expect(await hits('gato zi')).toEqual([]);
  });

  it('folds accents on both sides on every path', async () => {
    expect(await hits('nino ca')).toEqual([[ids['nino'], 'prefix']]);
    expect(await hits('NIÑO CANC')).toEqual([[ids['nino'], 'prefix']]);
    expect(await hits('iño anci')).toEqual([[ids['nino'], 'substring']]);
    expect(await hits('gato sí')).toEqual(await hits('gato si'));
    expect(await hits('siamés')).toEqual([[ids['siames'], 'word']]);
  });

  it('finds categories by a word and a short start', async () => {
    const category = await s.addCategory(learner, { name: 'Gatos siameses' });
    await s.addCategory(learner, { name: 'Gatos negros' });
    expect(await s.categoryIds(learner, 'gatos si')).toEqual([category]);
    expect(await s.categoryIds(learner, 'gat siam')).toEqual([category]);
  });

  it('never finds another learner’s rows through a short start', async () => {
    const stranger = await createUser(t);
    expect(await s.cardIds(stranger, 'gato si')).toEqual([]);
    expect(await s.cardIds(stranger, '图书')).toEqual([]);
    expect(await s.cardIds(stranger, 'ato si')).toEqual([]);
  });
});
