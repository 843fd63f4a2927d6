import { cardSchema, exportColumns, exportFileSchema } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { caller } from '../categories/sharing.test-support';

const defaults = { fromLanguageCode: 'es', toLanguageCode: 'en' };
const allColumns = Object.fromEntries(exportColumns.map((column) => [column, column]));

/** Each card's choice of the reverse direction goes out and comes back (decision 0027). */
describe('import and export: the reverse direction', () => {
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp();
    api = caller(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const exportAs = async (user: TestUser, format: 'csv' | 'json') =>
    (await t.call({ method: 'GET', url: `/api/cards/export?format=${format}`, token: user.access }))
      .raw;
  const choices = async (user: TestUser) =>
    exportFileSchema
      .parse((await exportAs(user, 'json')).json())
      .map((card) => [card.front, card.reverse]);

  it('keeps each card’s choice through CSV and JSON; a file without the column follows the category', async () => {
    const user = await createUser(t);
    for (const [front, reverse] of [
      ['el sol', 'on'],
      ['la luna', 'off'],
      ['el mar', undefined],
    ] as const) {
      await api.must('POST', '/api/cards', user, {
        front,
        answers: ['x'],
        ...defaults,
        ...(reverse ? { reverse } : {}),
      });
    }
    const expected = [
      ['el sol', 'on'],
      ['la luna', 'off'],
      ['el mar', 'inherit'],
    ];
    expect(await choices(user)).toEqual(expected);
    const csv = (await exportAs(user, 'csv')).body;
    expect(csv.split('\r\n').slice(0, 4)).toEqual([
      'front,answers,notes,category,from,to,reverse',
      'el sol,x,,,es,en,on',
      'la luna,x,,,es,en,off',
      'el mar,x,,,es,en,',
    ]);
    const copy = await createUser(t);
    const back = await api.call('POST', '/api/cards/import', copy, {
      format: 'csv',
      text: csv,
      mapping: allColumns,
      defaults,
    });
    expect(back.payload).toMatchObject({ imported: 3 });
    expect(await choices(copy)).toEqual(expected);

    // An old file (no reverse column): its cards follow their category, as new cards do.
    const old = await createUser(t);
    const category = await api.must('POST', '/api/categories', old, {
      name: 'Both ways',
      reverseDefault: true,
    });
    const imported = await api.call('POST', '/api/cards/import', old, {
      format: 'csv',
      text: 'front,answers,notes,category,from,to\nel río,the river,,,es,en\n',
      mapping: { front: 'front', answers: 'answers', from: 'from', to: 'to' },
      defaults: { ...defaults, categoryId: category['id'] },
    });
    expect(imported.payload).toMatchObject({ imported: 1 });
    const list = await api.must('GET', `/api/cards?categoryId=${String(category['id'])}`, old);
    const [card] = (list['items'] as unknown[]).map((item) => cardSchema.parse(item));
    expect([card?.front, card?.reverse, card?.asksReverse]).toEqual(['el río', 'inherit', true]);

    // Words a spreadsheet might hold; anything else names the cell.
    const words = await api.call('POST', '/api/cards/import', old, {
      format: 'csv',
      text: 'front,answers,reverse\nuno,one,Yes\ndos,two,no\ntres,three,INHERIT\n',
      mapping: { front: 'front', answers: 'answers', reverse: 'reverse' },
      defaults,
    });
    expect(words.payload).toMatchObject({ imported: 3 });
    const bad = await api.call('POST', '/api/cards/import', old, {
      format: 'csv',
      text: 'front,answers,reverse\ncuatro,four,sometimes\n',
      mapping: { front: 'front', answers: 'answers', reverse: 'reverse' },
      defaults,
    });
    expect(bad.status).toBe(400);
    expect(bad.payload.issues?.map((issue) => issue.path)).toEqual(['rows.2.reverse']);
  });

  it('a duplicate row updating a card sets its choice only when the row has one', async () => {
    const user = await createUser(t);
    await api.must('POST', '/api/cards', user, {
      front: 'el sol',
      answers: ['the sun'],
      reverse: 'on',
      ...defaults,
    });
    const update = (text: string) =>
      api.call('POST', '/api/cards/import', user, {
        format: 'csv',
        text,
        mapping: text.startsWith('front,answers,reverse')
          ? { front: 'front', answers: 'answers', reverse: 'reverse' }
          : { front: 'front', answers: 'answers' },
        defaults,
        duplicates: 'update',
      });
    expect((await update('front,answers\nel sol,the sun; sunshine\n')).payload).toMatchObject({
      updated: 1,
    });
    expect(await choices(user)).toEqual([['el sol', 'on']]);
    expect((await update('front,answers,reverse\nel sol,the sun,off\n')).payload).toMatchObject({
      updated: 1,
    });
    expect(await choices(user)).toEqual([['el sol', 'off']]);
  });
});
