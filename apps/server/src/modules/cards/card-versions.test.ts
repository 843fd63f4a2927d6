import { cardSchema, versionMax, type Card } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import {
  caller,
  cardBody,
  sharedWorld,
  type SharedWorld,
} from '../categories/sharing.test-support';

/**
 * A card's version and the updates that name the version they were made from (issue 14 item 6,
 * docs/decisions/0015-concurrent-writes.md), on both databases.
 */
describe('cards: versions and concurrent updates', () => {
  let t: TestApp;
  let w: SharedWorld;
  let api: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp();
    api = caller(t);
    w = await sharedWorld(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const newCard = async (user: TestUser, overrides: Record<string, unknown> = {}) =>
    cardSchema.parse(await api.must('POST', '/api/cards', user, cardBody(overrides)));
  const read = async (user: TestUser, id: string) =>
    cardSchema.parse(await api.must('GET', `/api/cards/${id}`, user));
  const patch = (user: TestUser, id: string, body: Record<string, unknown>) =>
    api.call('PATCH', `/api/cards/${id}`, user, body);

  it('starts at version 1 and each change raises it by one, in every answer', async () => {
    const user = await createUser(t);
    const card = await newCard(user);
    expect(card.version).toBe(1);
    const first = await patch(user, card.id, { notes: 'one' });
    expect(first.payload['version']).toBe(2);
    const second = await patch(user, card.id, { front: 'dos', expectedVersion: 2 });
    expect(second.status).toBe(200);
    expect(second.payload).toMatchObject({ front: 'dos', notes: 'one', version: 3 });
    expect((await read(user, card.id)).version).toBe(3);
    const page = await api.must('GET', '/api/cards', user);
    expect(page['items']).toEqual([expect.objectContaining({ id: card.id, version: 3 })]);
  });

  it('20 concurrent PATCHes of different fields of one card: every change is kept', async () => {
    const user = await createUser(t);
    const categories = await Promise.all(
      [0, 1, 2, 3].map(async (i) =>
        String((await api.must('POST', '/api/categories', user, { name: `C${i}` }))['id']),
      ),
    );
    const card = await newCard(user);
    const fields = [
      'front',
      'answers',
      'notes',
      'fromLanguageCode',
      'toLanguageCode',
      'categoryId',
    ] as const;
    // Each PATCH changes one field to a value of its own; every field is changed three or four times.
    const change = (i: number) => {
      const field = fields[i % fields.length] ?? 'notes';
      const round = Math.floor(i / fields.length);
      const value = {
        front: `front ${i}`,
        answers: [`answer ${i}`, `other ${i}`],
        notes: `note ${i}`,
        fromLanguageCode: ['fr', 'de', 'it', 'pt'][round],
        toLanguageCode: ['ja', 'ko', 'ru', 'pl'][round],
        categoryId: categories[round],
      }[field];
      return { field, value };
    };
    const changes = Array.from({ length: 20 }, (_, i) => change(i));
    const answers = await Promise.all(
      changes.map(({ field, value }) => patch(user, card.id, { [field]: value })),
    );
    expect(answers.map((res) => res.status)).toEqual(changes.map(() => 200));
    // Each answer is the card right after its own change: twenty versions, none shared.
    const versions = answers.map((res) => Number(res.payload['version']));
    expect([...versions].sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 2),
    );
    answers.forEach((res, i) => {
      const { field, value } = changes[i] ?? change(i);
      expect(res.payload[field]).toEqual(value);
    });
    // Afterwards each field holds the value of the last change of it that committed.
    const after: Card = await read(user, card.id);
    expect(after.version).toBe(21);
    for (const field of fields) {
      const last = changes
        .map((c, i) => ({ ...c, version: versions[i] ?? 0 }))
        .filter((c) => c.field === field)
        .sort((a, b) => b.version - a.version)[0];
      expect(after[field]).toEqual(last?.value);
    }
    // The search text follows the front and answers that stayed.
    for (const q of [after.front, after.answers[1] ?? '']) {
      const found = await api.must('GET', `/api/cards?q=${encodeURIComponent(q)}`, user);
      expect(found['items']).toEqual([expect.objectContaining({ id: card.id })]);
    }
  });

  it('a stale expectedVersion answers 409 conflict naming expectedVersion, and changes nothing', async () => {
    const user = await createUser(t);
    const card = await newCard(user);
    await api.must('PATCH', `/api/cards/${card.id}`, user, { notes: 'from another tab' });
    const before = await read(user, card.id);
    const res = await patch(user, card.id, {
      front: 'overwritten',
      answers: ['lost'],
      expectedVersion: 1,
    });
    expect(res.status).toBe(409);
    expect(res.code).toBe('conflict');
    expect(res.payload.issues?.map((issue) => issue.path)).toEqual(['expectedVersion']);
    expect(await read(user, card.id)).toEqual(before);
    // The current version goes through.
    const current = await patch(user, card.id, { front: 'applied', expectedVersion: 2 });
    expect(current.payload).toMatchObject({ front: 'applied', notes: 'from another tab' });
  });

  it('of two tabs sending the same version, one change applies and the other gets 409', async () => {
    const user = await createUser(t);
    const card = await newCard(user);
    const answers = await Promise.all([
      patch(user, card.id, { front: 'tab one', expectedVersion: 1 }),
      patch(user, card.id, { front: 'tab two', expectedVersion: 1 }),
    ]);
    expect(answers.map((res) => res.status).sort()).toEqual([200, 409]);
    const winner = answers.find((res) => res.status === 200);
    expect(await read(user, card.id)).toMatchObject({
      front: winner?.payload['front'],
      version: 2,
    });
  });

  it('who may not change the card hears so before any version: 404 or 403, never 409', async () => {
    const stale = { notes: 'x', expectedVersion: 99 };
    expect((await patch(w.users.stranger, w.cardId, stale)).status).toBe(404);
    expect((await patch(w.users.viewer, w.cardId, stale)).status).toBe(403);
    expect((await patch(w.users.editor, w.cardId, stale)).status).toBe(409);
  });

  it.each([
    ['only a version', 'body', { expectedVersion: 1 }],
    ['version 0', 'expectedVersion', { notes: 'x', expectedVersion: 0 }],
    ['a fraction', 'expectedVersion', { notes: 'x', expectedVersion: 1.5 }],
    ['a string', 'expectedVersion', { notes: 'x', expectedVersion: '1' }],
    ['past a 4-byte integer', 'expectedVersion', { notes: 'x', expectedVersion: versionMax + 1 }],
  ])('%s answers 400 naming %s and changes nothing', async (_name, field, body) => {
    const user = await createUser(t);
    const card = await newCard(user);
    const res = await patch(user, card.id, body);
    expect(res.status).toBe(400);
    expect(res.payload.issues?.map((issue) => issue.path)).toContain(field);
    expect(await read(user, card.id)).toEqual(card);
  });

  it('moves raise the version: a bulk move and the deletion of the card’s category', async () => {
    const user = await createUser(t);
    const [a, b] = await Promise.all(
      ['A', 'B'].map(async (name) =>
        String((await api.must('POST', '/api/categories', user, { name }))['id']),
      ),
    );
    const card = await newCard(user, { categoryId: a });
    await api.must('POST', '/api/cards/bulk-move', user, { ids: [card.id], categoryId: b });
    expect(await read(user, card.id)).toMatchObject({ categoryId: b, version: 2 });
    await api.must('DELETE', `/api/categories/${b}?cards=move`, user);
    expect(await read(user, card.id)).toMatchObject({ categoryId: null, version: 3 });
    const stale = await patch(user, card.id, { categoryId: a, expectedVersion: 2 });
    expect(stale.status).toBe(409);
  });

  it('keeps the study’s bookkeeping on the row that a PATCH does not name', async () => {
    const user = await createUser(t);
    const card = await newCard(user);
    await api.must('POST', '/api/study/reviews', user, {
      cardId: card.id,
      guess: 'the house',
      clientReviewId: `review-${card.id}`,
      elapsedMs: 1000,
    });
    await api.must('PATCH', `/api/cards/${card.id}`, user, { notes: 'after studying' });
    const row = await t.app.deps.db
      .selectFrom('cards')
      .select(['owner_studied', 'version'])
      .where('id', '=', card.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ owner_studied: 1, version: 2 });
  });
});
