import { randomUUID } from 'node:crypto';
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
        alreadyImported: 0,
        tagged: 0,
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
    // The cards with a schedule are no longer new to the queue; the others are.
    const studied = await t.app.deps.db
      .selectFrom('cards')
      .select(['front', 'owner_studied'])
      .where('owner_id', '=', user.id)
      .execute();
    expect(Object.fromEntries(studied.map((card) => [card.front, card.owner_studied]))).toEqual({
      'la casa': 1,
      'el pan & la leche': 0,
      '[…] is the capital of Spain': 1,
      'Madrid is the capital of [country]': 0,
    });
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

  const keysOf = async (ownerId: string) =>
    (
      await t.app.deps.db
        .selectFrom('cards')
        .select(['front', 'anki_key'])
        .where('owner_id', '=', ownerId)
        .orderBy('anki_key')
        .execute()
    ).map((row) => `${row.anki_key} ${row.front}`);

  it.each(formats)(
    'imports a %s package (%s schema) again: the cards there already are skipped and counted, the new ones added',
    async (format, schema) => {
      const user = await createUser(t);
      const collection = sampleCollection(schema);
      expect((await importPackage(user, buildPackage(collection, format))).status).toBe(200);
      // Each card keeps the Anki card it came from: its ordinal and its note's guid.
      expect(await keysOf(user.id)).toEqual([
        '0:g11 la casa',
        '0:g12 el pan & la leche',
        '0:g13 […] is the capital of Spain',
        '1:g13 Madrid is the capital of [country]',
      ]);

      const again = await importPackage(user, buildPackage(collection, format));
      expect(again.status).toBe(200);
      expect(again.payload).toMatchObject({
        imported: 0,
        clozeCards: 0,
        createdCategories: 0,
        alreadyImported: 4,
        skipped: { unmapped: 0, cloze: 0, empty: 1, tooLong: 0 },
      });
      expect(await cardsOf(user.id)).toHaveLength(4);

      // The deck grew in Anki: a new note, and a third cloze in the cloze note (edited there).
      collection.notes.push({
        id: 15,
        typeId: 1001,
        fields: ['la leche', 'milk'],
        cards: [{ id: 151, ord: 0, deckId: 3 }],
      });
      const cloze = collection.notes.find((note) => note.id === 13);
      if (!cloze) throw new Error('no cloze note');
      cloze.fields[0] = '{{c1::Madrid}} is the capital of {{c2::Spain::country}} in {{c3::Europe}}';
      cloze.cards.push({ id: 133, ord: 2, deckId: 2 });
      const grown = await importPackage(user, buildPackage(collection, format));
      expect(grown.status).toBe(200);
      expect(grown.payload).toMatchObject({ imported: 2, clozeCards: 1, alreadyImported: 4 });
      expect(await keysOf(user.id)).toEqual([
        '0:g11 la casa',
        '0:g12 el pan & la leche',
        '0:g13 […] is the capital of Spain',
        '0:g15 la leche',
        '1:g13 Madrid is the capital of [country]',
        '2:g13 Madrid is the capital of Spain in […]',
      ]);
    },
  );

  it('imports the history of new cards only when a package comes again, and per owner', async () => {
    const user = await createUser(t);
    const start = Date.now() - 30 * day;
    const file = buildPackage(sampleCollection('v18', start), 'anki21b');
    const first = await importPackage(user, file, { history: true });
    expect(first.payload).toMatchObject({ imported: 4, reviews: 5 });
    const again = await importPackage(user, file, { history: true });
    expect(again.status).toBe(200);
    expect(again.payload).toMatchObject({
      imported: 0,
      alreadyImported: 4,
      reviews: 0,
      reviewsSkipped: 6,
    });
    const log = await t.app.deps.db
      .selectFrom('review_log')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(log).toHaveLength(5);

    // Another learner's cards are theirs: the same package makes them all.
    const other = await createUser(t);
    const theirs = await importPackage(other, file, { history: true });
    expect(theirs.payload).toMatchObject({ imported: 4, alreadyImported: 0, reviews: 5 });
    expect(await cardsOf(other.id)).toHaveLength(4);
  });

  it('counts a card repeated in one package (two notes with one guid) once', async () => {
    const user = await createUser(t);
    const collection = sampleCollection('legacy');
    collection.notes.push({
      id: 16,
      guid: 'g11',
      typeId: 1001,
      fields: ['la casa otra vez', 'the house again'],
      cards: [{ id: 161, ord: 0, deckId: 2 }],
    });
    const res = await importPackage(user, buildPackage(collection, 'anki21'));
    expect(res.status).toBe(200);
    expect(res.payload).toMatchObject({ imported: 4, alreadyImported: 1 });
    expect((await cardsOf(user.id)).map((card) => card.front)).not.toContain('la casa otra vez');
  });

  it('keeps one Anki key per owner in the database, any number of cards without one', async () => {
    const [one, two] = [await createUser(t), await createUser(t)];
    const row = (ownerId: string, id: string, key: string | null) => ({
      id,
      owner_id: ownerId,
      category_id: null,
      front: 'x',
      front_lower: 'x',
      front_key: 'x',
      front_sort: 'x',
      answers: '["y"]',
      search_text: 'x y',
      search_doc: 'x y',
      notes: '',
      from_language_code: 'es',
      to_language_code: 'en',
      created_at: 1,
      updated_at: 1,
      anki_key: key,
    });
    const insert = (ownerId: string, key: string | null) =>
      t.app.deps.db
        .insertInto('cards')
        .values(row(ownerId, randomUUID(), key))
        .execute();
    await insert(one.id, '0:abc');
    await insert(two.id, '0:abc');
    await insert(one.id, null);
    await insert(one.id, null);
    await expect(insert(one.id, '0:abc')).rejects.toThrow(/unique|duplicate/i);
  });

  it('puts the notes’ tags into the cards’ notes as a line, without Anki’s own markers', async () => {
    const user = await createUser(t);
    const collection = sampleCollection('v18');
    const tag = (id: number, tags: string[]) => {
      const note = collection.notes.find((n) => n.id === id);
      if (note) note.tags = tags;
    };
    tag(11, ['vocab', 'leech', 'Spanish::A1']);
    tag(13, ['geo', 'marked']);
    tag(12, ['leech']);
    const res = await importPackage(user, buildPackage(collection, 'anki21b'));
    expect(res.status).toBe(200);
    expect(res.payload).toMatchObject({ imported: 4, tagged: 3 });
    const cards = await cardsOf(user.id);
    expect(cards.map((card) => card.notes)).toEqual([
      '#vocab #Spanish::A1',
      '',
      'Geography\n#geo',
      'Geography\n#geo',
    ]);
    // Searchable as the rest of the card.
    const found = await t.call({ method: 'GET', url: '/api/search?q=vocab', token: user.access });
    expect(found.status).toBe(200);
    expect(JSON.stringify(found.payload)).toContain('la casa');
  });
});
