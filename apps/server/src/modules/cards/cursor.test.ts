import { cardPageSchema } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';

const forged = (bytes: Buffer) => bytes.toString('base64url');
const forgedJson = (json: string) => forged(Buffer.from(json, 'utf8'));

describe('GET /api/cards with a forged cursor', () => {
  let t: TestApp;
  let learner: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    learner = await createUser(t);
    for (const front of ['alpha', 'bravo', 'charlie']) {
      const res = await t.call({
        method: 'POST',
        url: '/api/cards',
        token: learner.access,
        payload: { front, answers: ['x'], fromLanguageCode: 'es', toLanguageCode: 'en' },
      });
      expect(res.status).toBe(201);
    }
  });
  afterAll(async () => {
    await t.close();
  });

  const list = (query: string) =>
    t.call({ method: 'GET', url: `/api/cards?${query}`, token: learner.access });

  it.each([
    ['a NUL in the id', 'sort=created&order=desc', forgedJson('["created","desc",1,"a\\u0000b"]')],
    [
      'a NUL in the sort value',
      'sort=front&order=asc',
      forgedJson('["front","asc","a\\u0000","x"]'),
    ],
    [
      'bytes that are not UTF-8',
      'sort=front&order=asc',
      forged(
        Buffer.concat([
          Buffer.from('["front","asc","'),
          Buffer.from([0xff, 0xfe, 0xc3]),
          Buffer.from('","x"]'),
        ]),
      ),
    ],
    ['a raw NUL byte', 'sort=front&order=asc', forgedJson('["front","asc","a\u0000","x"]')],
  ])('answers 400 naming cursor for %s', async (_name, query, cursor) => {
    const res = await list(`${query}&cursor=${cursor}`);
    expect(res.status).toBe(400);
    expect(res.code).toBe('invalid_input');
    expect(res.payload.issues).toEqual([{ path: 'cursor', message: expect.any(String) }]);
  });

  it('still follows its own cursors, a front with escapes and non-Latin text included', async () => {
    const first = cardPageSchema.parse((await list('sort=front&order=asc&limit=1')).payload);
    expect(first.items.map((card) => card.front)).toEqual(['alpha']);
    const second = cardPageSchema.parse(
      (await list(`sort=front&order=asc&limit=1&cursor=${first.nextCursor ?? ''}`)).payload,
    );
    expect(second.items.map((card) => card.front)).toEqual(['bravo']);
    // A cursor made by the server for a front holding the text \u0000 and Cyrillic.
    const own = forgedJson(JSON.stringify(['front', 'asc', '\\u0000 привет', 'x']));
    expect((await list(`sort=front&order=asc&cursor=${own}`)).status).toBe(200);
  });
});
