import { cardLimits, exportFileSchema } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { caller, sharedWorld, uniqueLabel } from '../categories/sharing.test-support';
import { checkTreesAfterEach } from '../../../test/tree-invariant';

const mapping = { front: 'front', answers: 'answers', notes: 'notes', category: 'category' };
const defaults = { fromLanguageCode: 'es', toLanguageCode: 'en' };

describe('cards import and export', () => {
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp();
    api = caller(t);
  });
  afterAll(async () => {
    await t.close();
  });
  checkTreesAfterEach(() => t);

  const importAs = (user: TestUser | undefined, body: Record<string, unknown>) =>
    api.call('POST', '/api/cards/import', user, { format: 'csv', mapping, defaults, ...body });
  const countCards = async (ownerId: string) =>
    Number(
      (
        await t.app.deps.db
          .selectFrom('cards')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('owner_id', '=', ownerId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const countCategories = async (ownerId: string) =>
    Number(
      (
        await t.app.deps.db
          .selectFrom('categories')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('owner_id', '=', ownerId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const exportAs = async (user: TestUser | undefined, query: string) =>
    (
      await t.call({
        method: 'GET',
        url: `/api/cards/export?${query}`,
        ...(user ? { token: user.access } : {}),
      })
    ).raw;

  it('imports quoted CSV with categories, languages and answers, in file order', async () => {
    const user = await createUser(t);
    const text =
      'front,answers,notes,category,from,to\r\n' +
      '"la casa","the house; the home","a ""quoted"" note",Spanish/Food,,\r\n' +
      'la manzana,apple|the apple,"two\nlines",Spanish/Food/Fruit,es,en\r\n' +
      'Hund,dog,,German,German,English\r\n' +
      'sin categoría,without,,,,\r\n';
    const res = await importAs(user, {
      text,
      mapping: { ...mapping, from: 'from', to: 'to' },
    });
    expect(res.status).toBe(200);
    expect(res.payload).toMatchObject({ imported: 4, createdCategories: 4, dryRun: false });
    const list = await api.must('GET', '/api/cards?sort=created&order=asc', user);
    const items = list['items'] as Record<string, unknown>[];
    expect(items.map((c) => [c['front'], c['answers'], c['notes']])).toEqual([
      ['la casa', ['the house', 'the home'], 'a "quoted" note'],
      ['la manzana', ['apple', 'the apple'], 'two\nlines'],
      ['Hund', ['dog'], ''],
      ['sin categoría', ['without'], ''],
    ]);
    expect(items[2]).toMatchObject({ fromLanguageCode: 'de', toLanguageCode: 'en' });
    expect(items[3]).toMatchObject({ categoryId: null });
    // A second import reuses the categories (case-blind) instead of duplicating them.
    const again = await importAs(user, {
      text: 'front,answers,notes,category\nx,y,,spanish/FOOD\n',
    });
    expect(again.payload).toMatchObject({ imported: 1, createdCategories: 0, dryRun: false });
    expect(await countCategories(user.id)).toBe(4);
  });

  it('reads TSV and puts cards under defaults.categoryId', async () => {
    const user = await createUser(t);
    const root = await api.must('POST', '/api/categories', user, { name: uniqueLabel('Root') });
    const res = await api.call('POST', '/api/cards/import', user, {
      format: 'tsv',
      text: 'Term\tMeaning\tTopic\nel gato\tthe cat\tAnimals\nel sol\tthe sun\t\n',
      mapping: { front: 'Term', answers: 'Meaning', category: 'Topic' },
      defaults: { ...defaults, categoryId: root['id'] },
    });
    expect(res.payload).toMatchObject({ imported: 2, createdCategories: 1, dryRun: false });
    const tree = await api.must('GET', '/api/categories', user);
    const animals = (tree['items'] as Record<string, unknown>[]).find(
      (c) => c['name'] === 'Animals',
    );
    expect(animals).toMatchObject({ parentId: root['id'], cardCount: 1, depth: 2 });
  });

  it('a dry run answers the counts and writes nothing', async () => {
    const user = await createUser(t);
    const res = await importAs(user, {
      text: 'front,answers,notes,category\na,b,,New/Deeper\n',
      dryRun: true,
    });
    expect(res.payload).toMatchObject({ imported: 1, createdCategories: 2, dryRun: true });
    expect(await countCards(user.id)).toBe(0);
    expect(await countCategories(user.id)).toBe(0);
  });

  it('reports every bad row with its line and field, and imports nothing', async () => {
    const user = await createUser(t);
    const tooMany = Array.from({ length: cardLimits.answersMax + 1 }, (_, i) => `a${i}`).join(';');
    const deep = Array.from({ length: 9 }, (_, i) => `L${i}`).join('/');
    const text = [
      'front,answers,notes,category,from',
      'ok,fine,,Good,',
      ',missing front,,,',
      `${'x'.repeat(cardLimits.frontMax + 1)},long,,,`,
      `many,${tooMany},,,`,
      'lang,answer,,,klingon',
      `deep,answer,,${deep},`,
      'empty answers, ; | ,,,',
      '"multi\nline",,,,',
    ].join('\n');
    const res = await importAs(user, { text, mapping: { ...mapping, from: 'from' } });
    expect(res.status).toBe(400);
    expect(res.code).toBe('invalid_input');
    expect(res.payload.issues?.map((issue) => issue.path)).toEqual([
      'rows.3.front',
      'rows.4.front',
      'rows.5.answers',
      'rows.6.from',
      'rows.7.category',
      'rows.8.answers',
      'rows.9.answers',
    ]);
    expect(res.payload.message).toContain('7 of 8 rows');
    expect(await countCards(user.id)).toBe(0);
    expect(await countCategories(user.id)).toBe(0);
  });

  it.each([
    ['mapping.front', { mapping: { ...mapping, front: 'Nope' } }],
    ['rows.2', { text: 'front,answers\n"unclosed,x\n' }],
    ['text', { text: 'front,answers,notes,category\n' }],
    ['text', { text: '' }],
    ['format', { format: 'xlsx' }],
    ['defaults.fromLanguageCode', { defaults: { ...defaults, fromLanguageCode: 'xx' } }],
    ['defaults.categoryId', { defaults: { ...defaults, categoryId: 'missing-category' } }],
    ['extra', { extra: true }],
  ])('answers 400/404 naming %s and imports nothing', async (path, body) => {
    const user = await createUser(t);
    const res = await importAs(user, { text: 'front,answers,notes,category\na,b,,\n', ...body });
    expect([400, 404]).toContain(res.status);
    expect(res.payload.issues?.map((issue) => issue.path)).toContain(path);
    expect(await countCards(user.id)).toBe(0);
  });

  it(`refuses more than ${cardLimits.importMax} rows with a clear message`, async () => {
    const user = await createUser(t);
    const rows = Array.from({ length: cardLimits.importMax + 1 }, (_, i) => `f${i},a`);
    const res = await importAs(user, {
      text: ['front,answers', ...rows].join('\n'),
      mapping: { front: 'front', answers: 'answers' },
    });
    expect(res.status).toBe(400);
    expect(res.payload.issues).toEqual([
      { path: 'text', message: expect.stringContaining('at most 50,000 rows') },
    ]);
    expect(await countCards(user.id)).toBe(0);
  });

  it('permissions: anonymous 401; a stranger cannot import into or export a private category (404); an editor imports, a viewer may not (403)', async () => {
    const w = await sharedWorld(t);
    const body = (categoryId: string) => ({
      text: 'front,answers,notes,category\nuno,one,,\n',
      defaults: { ...defaults, categoryId },
    });
    expect((await importAs(undefined, body(w.categoryId))).status).toBe(401);
    expect((await exportAs(undefined, 'format=csv')).statusCode).toBe(401);
    const stranger = await importAs(w.users.stranger, body(w.privateCategoryId));
    expect(stranger.status).toBe(404);
    expect((await importAs(w.users.stranger, body(w.categoryId))).status).toBe(404);
    expect((await importAs(w.users.viewer, body(w.categoryId))).status).toBe(403);
    const editor = await importAs(w.users.editor, body(w.categoryId));
    expect(editor.payload).toMatchObject({ imported: 1 });
    // The editor adds to the owner's deck (docs/decisions/0004-sharing.md) but may not create
    // sub-categories in it.
    expect(await countCards(w.users.editor.id)).toBe(0);
    const sub = await importAs(w.users.editor, {
      ...body(w.categoryId),
      text: 'front,answers,notes,category\ndos,two,,NewSub\n',
    });
    expect(sub.status).toBe(403);
    const exported = await exportAs(w.users.stranger, `categoryId=${w.privateCategoryId}`);
    expect(exported.statusCode).toBe(404);
    expect((await exportAs(w.users.stranger, `categoryId=${w.categoryId}`)).statusCode).toBe(404);
    const viewerExport = await exportAs(w.users.viewer, `format=json&categoryId=${w.categoryId}`);
    expect(viewerExport.statusCode).toBe(200);
    expect(exportFileSchema.parse(viewerExport.json())).toHaveLength(2);
  });

  it('exports CSV and JSON as attachments, and the CSV imports back into the same cards', async () => {
    const user = await createUser(t);
    const text =
      'front,answers,notes,category\n' +
      '"a, comma","one; two","say ""hi""\nnext line",Top/Sub\n' +
      ' spaced ,x,,Top\n' +
      'plain,y,,\n';
    await importAs(user, { text });
    const csv = await exportAs(user, 'format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="glossa-cards-.*\.csv"$/,
    );
    expect(csv.body.split('\r\n')[0]).toBe('front,answers,notes,category,from,to,reverse');

    const json = await exportAs(user, 'format=json');
    expect(json.headers['content-disposition']).toContain('.json');
    const cards = exportFileSchema.parse(json.json());
    expect(cards.map((c) => [c.front, c.answers, c.category])).toEqual([
      ['a, comma', ['one', 'two'], 'Top/Sub'],
      ['spaced', ['x'], 'Top'],
      ['plain', ['y'], ''],
    ]);

    const other = await createUser(t);
    const back = await api.call('POST', '/api/cards/import', other, {
      format: 'csv',
      text: csv.body,
      mapping: { ...mapping, from: 'from', to: 'to' },
      defaults,
    });
    expect(back.payload).toMatchObject({ imported: 3, createdCategories: 2, dryRun: false });
    const again = exportFileSchema.parse((await exportAs(other, 'format=json')).json());
    const strip = (list: typeof cards) =>
      list.map(({ front, answers, notes, category, fromLanguageCode, toLanguageCode }) => ({
        front,
        answers,
        notes,
        category,
        fromLanguageCode,
        toLanguageCode,
      }));
    expect(strip(again)).toEqual(strip(cards));

    // One category with its sub-categories: paths start at the exported category.
    const top = cards.find((c) => c.category === 'Top');
    const sub = await exportAs(user, `format=json&categoryId=${top?.categoryId ?? ''}`);
    expect(
      exportFileSchema
        .parse(sub.json())
        .map((c) => c.category)
        .sort(),
    ).toEqual(['Top', 'Top/Sub']);
  });

  it('export answers 400 for a bad format', async () => {
    const user = await createUser(t);
    const res = await t.call({
      method: 'GET',
      url: '/api/cards/export?format=xml',
      token: user.access,
    });
    expect(res.status).toBe(400);
    expect(res.payload.issues?.[0]?.path).toBe('format');
  });
});
