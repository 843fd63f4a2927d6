import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/app';
import { createUser, type TestUser } from '../../../../test/factories';
import { checkTreesAfterEach } from '../../../../test/tree-invariant';
import {
  buildPackage,
  day,
  sampleCollection,
  toBase64,
  type PackageFormat,
} from './anki-fixture.test-support';

const defaults = { fromLanguageCode: 'es', toLanguageCode: 'en' };
const mappings = [
  { noteTypeId: '1001', frontField: 0, answersField: 1 },
  { noteTypeId: '1002', frontField: 0, answersField: 1, notesField: 1 },
];
const formats: [PackageFormat, 'legacy' | 'v18'][] = [
  ['anki2', 'legacy'],
  ['anki21', 'legacy'],
  ['anki21', 'v18'],
  ['anki21b', 'v18'],
];

describe('Anki import', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ durable: false });
  });
  afterAll(async () => {
    await t.close();
  });
  checkTreesAfterEach(() => t);

  const post = (user: TestUser, url: string, payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url, token: user.access, payload });
  const analyse = (user: TestUser, file: Uint8Array) =>
    post(user, '/api/cards/import/anki/analyse', { file: toBase64(file) });
  const importPackage = (user: TestUser, file: Uint8Array, body: Record<string, unknown> = {}) =>
    post(user, '/api/cards/import/anki', {
      file: toBase64(file),
      mappings,
      defaults,
      cloze: 'cards',
      history: false,
      ...body,
    });
  const cardsOf = (ownerId: string) =>
    t.app.deps.db
      .selectFrom('cards')
      .leftJoin('categories', 'categories.id', 'cards.category_id')
      .select(['cards.id', 'front', 'answers', 'notes', 'categories.name as category'])
      .where('cards.owner_id', '=', ownerId)
      .orderBy('cards.created_at')
      .execute();

  it.each(formats)(
    'analyses a %s package (%s schema): decks as a tree, note types with fields, counts, preview',
    async (format, schema) => {
      const user = await createUser(t);
      const res = await analyse(
        user,
        buildPackage(sampleCollection(schema), format, { 'pan.jpg': new Uint8Array(10) }),
      );
      expect(res.status).toBe(200);
      expect(res.payload).toEqual({
        format,
        decks: [
          { id: '1', path: ['Default'], cards: 0 },
          { id: '2', path: ['Spanish'], cards: 4 },
          { id: '3', path: ['Spanish', 'Food'], cards: 1 },
        ],
        noteTypes: [
          {
            id: '1001',
            name: 'Basic',
            fields: ['Front', 'Back'],
            notes: 3,
            clozeNotes: 0,
            preview: [
              ['la casa', 'the house; home'],
              ['el pan & la leche', 'bread and milk'],
              ['sin respuesta', ''],
            ],
          },
          {
            id: '1002',
            name: 'Cloze',
            fields: ['Text', 'Back Extra'],
            notes: 1,
            clozeNotes: 1,
            preview: [['{{c1::Madrid}} is the capital of {{c2::Spain::country}}', 'Geography']],
          },
        ],
        notes: 4,
        cards: 5,
        reviews: 6,
        media: 1,
      });
    },
  );

  it.each(formats)(
    'imports a %s package (%s schema): decks become categories, HTML plain text, one card per cloze, counts',
    async (format, schema) => {
      const user = await createUser(t);
      const res = await importPackage(
        user,
        buildPackage(sampleCollection(schema), format, { 'pan.jpg': new Uint8Array(10) }),
      );
      expect(res.status).toBe(200);
      expect(res.payload).toEqual({
        imported: 4,
        clozeCards: 2,
        createdCategories: 2,
        flattenedDecks: 0,
        skipped: { unmapped: 0, cloze: 0, empty: 1, tooLong: 0 },
        media: 1,
        reviews: 0,
        reviewsSkipped: 6,
      });
      const cards = await cardsOf(user.id);
      expect(
        cards.map(({ front, answers, notes, category }) => ({ front, answers, notes, category })),
      ).toEqual([
        { front: 'la casa', answers: '["the house","home"]', notes: '', category: 'Spanish' },
        { front: 'el pan & la leche', answers: '["bread and milk"]', notes: '', category: 'Food' },
        {
          front: '[…] is the capital of Spain',
          answers: '["Madrid"]',
          notes: 'Geography',
          category: 'Spanish',
        },
        {
          front: 'Madrid is the capital of [country]',
          answers: '["Spain"]',
          notes: 'Geography',
          category: 'Spanish',
        },
      ]);
    },
  );

  it('skips cloze notes and unmapped note types when asked, and counts them', async () => {
    const user = await createUser(t);
    const res = await importPackage(user, buildPackage(sampleCollection('v18'), 'anki21b'), {
      mappings: [{ noteTypeId: '1002', frontField: 0, answersField: 1 }],
      cloze: 'skip',
    });
    expect(res.status).toBe(200);
    expect(res.payload).toMatchObject({
      imported: 0,
      skipped: { unmapped: 3, cloze: 1, empty: 0, tooLong: 0 },
    });
    expect(await cardsOf(user.id)).toEqual([]);
  });

  it('imports under a category, and puts decks deeper than the depth limit into their ancestor', async () => {
    const user = await createUser(t);
    const base = await post(user, '/api/categories', { name: 'Anki' });
    expect(base.status).toBe(201);
    const collection = sampleCollection('legacy');
    collection.decks.push({ id: 9, name: 'A::B::C::D::E::F::G::H::I' });
    collection.notes.push({
      id: 19,
      typeId: 1001,
      fields: ['profundo', 'deep'],
      cards: [{ id: 191, ord: 0, deckId: 9 }],
    });
    const res = await importPackage(user, buildPackage(collection, 'anki21'), {
      defaults: { ...defaults, categoryId: base.payload.id },
    });
    expect(res.status).toBe(200);
    // Below a category at depth 1, seven levels are left: A … G.
    expect(res.payload).toMatchObject({ imported: 5, flattenedDecks: 1, createdCategories: 9 });
    const deep = (await cardsOf(user.id)).find((card) => card.front === 'profundo');
    expect(deep?.category).toBe('G');
  });

  it('imports the review history: Again/Hard/Good/Easy as grades, the schedule replayed, studying goes on', async () => {
    const user = await createUser(t);
    const start = Date.now() - 30 * day;
    const res = await importPackage(user, buildPackage(sampleCollection('v18', start), 'anki21b'), {
      history: true,
    });
    expect(res.status).toBe(200);
    expect(res.payload).toMatchObject({ imported: 4, reviews: 5, reviewsSkipped: 1 });
    const cards = await cardsOf(user.id);
    const casa = cards.find((card) => card.front === 'la casa');
    const madrid = cards.find((card) => card.front.startsWith('[…]'));
    const log = await t.app.deps.db
      .selectFrom('review_log')
      .select(['card_id', 'grade', 'success', 'reviewed_at', 'elapsed_ms', 'seq'])
      .where('user_id', '=', user.id)
      .orderBy('seq')
      .execute();
    expect(log.filter((row) => row.card_id === casa?.id).map((row) => row.grade)).toEqual([
      3, 3, 1, 4,
    ]);
    expect(log.filter((row) => row.card_id === madrid?.id).map((row) => row.grade)).toEqual([2]);
    expect(log.map((row) => Number(row.seq))).toEqual([1, 2, 3, 4, 5]);
    const progress = await t.app.deps.db
      .selectFrom('progress')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('card_id', '=', casa?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(progress).toMatchObject({ reps: 4, lapses: 1, last_review_at: start + 5 * day });
    expect(Number(progress.due_at)).toBe(start + 5 * day + Number(progress.period) * day);
    // The learner studies on from it: the next answer is scheduled from the imported state.
    const review = await post(user, '/api/study/reviews', {
      cardId: casa?.id,
      guess: 'home',
      clientReviewId: 'after-import-1',
      elapsedMs: 2500,
    });
    expect(review.status).toBe(200);
    const after = await t.app.deps.db
      .selectFrom('progress')
      .select(['reps', 'lapses'])
      .where('user_id', '=', user.id)
      .where('card_id', '=', casa?.id ?? '')
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ reps: 5, lapses: 1 });
  });
});
