import { cardLimits, cardSchema } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import {
  actors,
  caller,
  cardBody,
  sharedWorld,
  type Actor,
  type SharedWorld,
} from '../categories/sharing.test-support';

describe('cards: create, read, update, delete', () => {
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

  const cardRow = (id: string) =>
    t.app.deps.db.selectFrom('cards').selectAll().where('id', '=', id).executeTakeFirst();

  it('creates an uncategorised card, trimmed, and reads it back', async () => {
    const user = await createUser(t);
    const body = cardBody({ front: '  el perro ', answers: [' the dog '], notes: ' animal ' });
    const res = await api.call('POST', '/api/cards', user, body);
    expect(res.status).toBe(201);
    const card = cardSchema.parse(res.payload);
    expect(card).toMatchObject({
      ownerId: user.id,
      categoryId: null,
      front: 'el perro',
      answers: ['the dog'],
      notes: 'animal',
      fromLanguageCode: 'es',
      toLanguageCode: 'en',
      canEdit: true,
    });
    const read = await api.call('GET', `/api/cards/${card.id}`, user);
    expect(read.status).toBe(200);
    expect(read.payload).toEqual(card);
  });

  it('accepts answers as long as the limit counted in characters, not UTF-16 units', async () => {
    const user = await createUser(t);
    const res = await api.call(
      'POST',
      '/api/cards',
      user,
      cardBody({
        answers: [
          '👍🏽'.repeat(cardLimits.answerMax),
          Array(cardLimits.variantsMax - 1)
            .fill('a')
            .join('/'),
        ],
      }),
    );
    expect(res.status).toBe(201);
  });

  it('accepts the longest values and any script', async () => {
    const user = await createUser(t);
    const res = await api.call('POST', '/api/cards', user, {
      front: 'ع'.repeat(cardLimits.frontMax),
      answers: Array.from({ length: cardLimits.answersMax }, (_, i) => `答え${i}`),
      notes: 'é'.repeat(cardLimits.notesMax),
      fromLanguageCode: 'ar',
      toLanguageCode: 'ja',
    });
    expect(res.status).toBe(201);
    expect(res.payload['answers']).toHaveLength(cardLimits.answersMax);
  });

  it.each([
    ['front', { front: '  ' }],
    ['front', { front: 'x'.repeat(cardLimits.frontMax + 1) }],
    ['answers', { answers: [] }],
    ['answers', { answers: Array.from({ length: cardLimits.answersMax + 1 }, () => 'a') }],
    ['answers.0', { answers: [''] }],
    ['answers.1', { answers: ['ok', 'y'.repeat(cardLimits.answerMax + 1)] }],
    // Bounded in the characters the scorer compares (ß is ss), and in variants (issue 14, item 4).
    ['answers.0', { answers: ['ß'.repeat(cardLimits.answerMax / 2 + 1)] }],
    ['answers.0', { answers: ['👍'.repeat(cardLimits.answerMax + 1)] }],
    [
      'answers',
      {
        answers: [
          Array(cardLimits.variantsMax + 1)
            .fill('a')
            .join('/'),
        ],
      },
    ],
    ['answers', { answers: 'the house' }],
    ['notes', { notes: 'n'.repeat(cardLimits.notesMax + 1) }],
    ['fromLanguageCode', { fromLanguageCode: 'xx' }],
    ['toLanguageCode', { toLanguageCode: undefined }],
    ['categoryId', { categoryId: '' }],
    ['owner', { owner: 'someone' }],
  ])('POST answers 400 naming %s and stores nothing', async (field, overrides) => {
    const user = await createUser(t);
    const res = await api.call('POST', '/api/cards', user, cardBody(overrides));
    expect(res.status).toBe(400);
    expect(res.code).toBe('invalid_input');
    expect(res.payload.issues?.map((issue) => issue.path)).toContain(field);
    const rows = await t.app.deps.db
      .selectFrom('cards')
      .select('id')
      .where('owner_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('PATCH changes only the given fields; DELETE removes the card', async () => {
    const user = await createUser(t);
    const created = await api.must('POST', '/api/cards', user, cardBody({ notes: 'keep me' }));
    const id = String(created['id']);
    const res = await api.call('PATCH', `/api/cards/${id}`, user, {
      answers: ['the house'],
      toLanguageCode: 'fr',
    });
    expect(res.status).toBe(200);
    expect(res.payload).toMatchObject({
      front: created['front'],
      answers: ['the house'],
      notes: 'keep me',
      toLanguageCode: 'fr',
    });
    expect(await cardRow(id)).toMatchObject({ to_language_code: 'fr', notes: 'keep me' });
    const bad = await api.call('PATCH', `/api/cards/${id}`, user, { front: '' });
    expect(bad.status).toBe(400);
    expect(bad.payload.issues?.map((i) => i.path)).toContain('front');
    const empty = await api.call('PATCH', `/api/cards/${id}`, user, {});
    expect(empty.status).toBe(400);
    const del = await api.call('DELETE', `/api/cards/${id}`, user);
    expect(del.status).toBe(200);
    expect(await cardRow(id)).toBeUndefined();
    expect((await api.call('GET', `/api/cards/${id}`, user)).status).toBe(404);
  });

  it('an editor creates a card in the shared category: it is the category owner’s', async () => {
    const res = await api.call(
      'POST',
      '/api/cards',
      w.users.editor,
      cardBody({ categoryId: w.categoryId }),
    );
    expect(res.status).toBe(201);
    expect(res.payload).toMatchObject({ ownerId: w.users.owner.id, categoryId: w.categoryId });
  });

  it('moves a card between the owner’s categories, never into another owner’s', async () => {
    const { owner, stranger } = w.users;
    const card = await api.must('POST', '/api/cards', owner, cardBody());
    const id = String(card['id']);
    const moved = await api.call('PATCH', `/api/cards/${id}`, owner, { categoryId: w.categoryId });
    expect(moved.payload).toMatchObject({ categoryId: w.categoryId });
    const back = await api.call('PATCH', `/api/cards/${id}`, owner, { categoryId: null });
    expect(back.payload).toMatchObject({ categoryId: null });
    const foreign = await api.must('POST', '/api/categories', stranger, { name: 'Mine' });
    const refused = await api.call('PATCH', `/api/cards/${id}`, owner, {
      categoryId: foreign['id'],
    });
    expect(refused.status).toBe(404);
    expect(refused.payload.issues?.[0]?.path).toBe('categoryId');
    // An editor can move the owner's card only among categories of that owner.
    const editorOwn = await api.must('POST', '/api/categories', w.users.editor, { name: 'E' });
    const cross = await api.call('PATCH', `/api/cards/${w.cardId}`, w.users.editor, {
      categoryId: editorOwn['id'],
    });
    expect(cross.status).toBe(400);
    expect(cross.payload.issues?.[0]?.path).toBe('categoryId');
    const out = await api.call('PATCH', `/api/cards/${w.cardId}`, w.users.editor, {
      categoryId: null,
    });
    expect(out.status).toBe(403);
  });

  // The permission matrix: [actor, shared card, private card] for reading; edits follow the role.
  const readMatrix: [Actor, number, number][] = [
    ['owner', 200, 200],
    ['editor', 200, 404],
    ['viewer', 200, 404],
    ['stranger', 404, 404],
    ['anonymous', 401, 401],
  ];
  it.each(readMatrix)('GET /api/cards/{id} as %s: %i shared, %i private', async (actor, s, p) => {
    const user = w.as(actor);
    expect((await api.call('GET', `/api/cards/${w.cardId}`, user)).status).toBe(s);
    expect((await api.call('GET', `/api/cards/${w.privateCardId}`, user)).status).toBe(p);
    if (s === 200) {
      const res = await api.call('GET', `/api/cards/${w.cardId}`, user);
      expect(res.payload['canEdit']).toBe(actor !== 'viewer');
    }
  });

  const writeMatrix: Record<Actor, number> = {
    owner: 200,
    editor: 200,
    viewer: 403,
    stranger: 404,
    anonymous: 401,
  };
  it.each(actors)('PATCH and DELETE of a shared card as %s', async (actor) => {
    const card = await api.must(
      'POST',
      '/api/cards',
      w.users.owner,
      cardBody({ categoryId: w.categoryId }),
    );
    const id = String(card['id']);
    const user = w.as(actor);
    const patch = await api.call('PATCH', `/api/cards/${id}`, user, { notes: `by ${actor}` });
    expect(patch.status).toBe(writeMatrix[actor]);
    const row = await cardRow(id);
    expect(row?.notes).toBe(patch.status === 200 ? `by ${actor}` : '');
    const del = await api.call('DELETE', `/api/cards/${id}`, user);
    expect(del.status).toBe(writeMatrix[actor]);
    expect(await cardRow(id)).toEqual(del.status === 200 ? undefined : expect.anything());
  });

  it.each(actors)('POST into the shared category as %s', async (actor) => {
    const res = await api.call(
      'POST',
      '/api/cards',
      w.as(actor),
      cardBody({ categoryId: w.categoryId }),
    );
    expect(res.status).toBe({ ...writeMatrix, owner: 201, editor: 201 }[actor]);
  });

  it('a stranger gets 404 on a private card for every call, and changes nothing', async () => {
    const { stranger } = w.users;
    const url = `/api/cards/${w.privateCardId}`;
    expect((await api.call('PATCH', url, stranger, { front: 'mine' })).status).toBe(404);
    expect((await api.call('DELETE', url, stranger)).status).toBe(404);
    expect((await api.call('GET', '/api/cards/no-such-card', stranger)).status).toBe(404);
    expect(await cardRow(w.privateCardId)).toBeDefined();
  });
});
