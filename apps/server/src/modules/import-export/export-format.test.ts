import { exportColumns, exportFileSchema } from '@glossa/contract';
import { parseDelimited } from '@glossa/contract/csv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { caller, sharedWorld, uniqueLabel } from '../categories/sharing.test-support';
import { checkTreesAfterEach } from '../../../test/tree-invariant';

const mapping = Object.fromEntries(exportColumns.map((column) => [column, column]));
const defaults = { fromLanguageCode: 'es', toLanguageCode: 'en' };

describe('the export file format', () => {
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

  const exportAs = async (user: TestUser, query: string) => {
    const res = await t.call({
      method: 'GET',
      url: `/api/cards/export?${query}`,
      token: user.access,
    });
    expect(res.status).toBe(200);
    return res.raw.body;
  };
  const importAs = (user: TestUser, text: string) =>
    api.call('POST', '/api/cards/import', user, { format: 'csv', text, mapping, defaults });
  const cardsOf = async (user: TestUser) =>
    exportFileSchema
      .parse(JSON.parse(await exportAs(user, 'format=json')))
      .map(({ front, answers, notes, category }) => ({ front, answers, notes, category }))
      .sort((a, b) => a.front.localeCompare(b.front));

  it('a member exporting a shared tree with a private category inside gets paths without it, which import again', async () => {
    const w = await sharedWorld(t);
    const hidden = uniqueLabel('Hidden');
    const secret = await api.must('POST', '/api/categories', w.users.owner, {
      name: hidden,
      parentId: w.categoryId,
      visibility: 'private',
    });
    // Public below the private one: readable by anyone, its parent by nobody but the owner.
    const below = await api.must('POST', '/api/categories', w.users.owner, {
      name: 'Below',
      parentId: secret['id'],
      visibility: 'public',
    });
    await api.must('POST', '/api/cards', w.users.owner, {
      front: 'abajo',
      answers: ['below'],
      fromLanguageCode: 'es',
      toLanguageCode: 'en',
      categoryId: below['id'],
    });

    const csv = await exportAs(w.users.viewer, `format=csv&categoryId=${w.categoryId}`);
    expect(csv).not.toContain(hidden);
    const paths = parseDelimited(csv, 'csv').map((record) => record.cells[3]);
    expect(paths.filter((path) => path?.endsWith('Below'))).toHaveLength(1);
    expect(paths.every((path) => !path?.split('/').some((name) => name === ''))).toBe(true);

    const res = await importAs(w.users.viewer, csv);
    expect(res.status, JSON.stringify(res.payload)).toBe(200);
    expect(res.payload).toMatchObject({ imported: 2, createdCategories: 2, dryRun: false });
    const copied = await cardsOf(w.users.viewer);
    expect(copied.map((card) => card.category.split('/').slice(1))).toEqual([['Below'], []]);
  });

  it('writes a row of only its category for each category without cards, and the import makes it', async () => {
    const user = await createUser(t);
    const top = await api.must('POST', '/api/categories', user, { name: 'Top' });
    const empty = await api.must('POST', '/api/categories', user, {
      name: 'Empty/with slash',
      parentId: top['id'],
    });
    await api.must('POST', '/api/categories', user, { name: 'Leaf', parentId: empty['id'] });
    await api.must('POST', '/api/categories', user, { name: 'Lonely' });
    await api.must('POST', '/api/cards', user, {
      front: 'uno',
      answers: ['one'],
      fromLanguageCode: 'es',
      toLanguageCode: 'en',
      categoryId: top['id'],
    });
    const csv = await exportAs(user, 'format=csv');
    expect(parseDelimited(csv, 'csv').map((record) => record.cells)).toEqual([
      [...exportColumns],
      ['uno', 'one', '', 'Top', 'es', 'en', ''],
      ['', '', '', 'Lonely', '', '', ''],
      ['', '', '', 'Top/Empty\\/with slash/Leaf', '', '', ''],
    ]);
    const copy = await createUser(t);
    expect((await importAs(copy, csv)).payload).toMatchObject({
      imported: 1,
      createdCategories: 4,
      dryRun: false,
    });
  });
});

describe('formula injection (OWASP: CSV injection)', () => {
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

  const risky = ['=1+2', '+33 1 23 45 67', '-x', '@SUM(A1:A2)', "'=quoted"];

  it('the CSV export puts a quote before every cell a spreadsheet would run as a formula; the JSON keeps the text', async () => {
    const user = await createUser(t);
    const category = await api.must('POST', '/api/categories', user, { name: '=Category' });
    for (const [i, text] of risky.entries()) {
      await api.must('POST', '/api/cards', user, {
        front: text,
        answers: [text, `plain ${i}`],
        notes: text,
        fromLanguageCode: 'es',
        toLanguageCode: 'en',
        categoryId: category['id'],
      });
    }
    const res = await t.call({
      method: 'GET',
      url: '/api/cards/export?format=csv',
      token: user.access,
    });
    const rows = parseDelimited(res.raw.body, 'csv')
      .slice(1)
      .map((record) => record.cells);
    expect(rows).toHaveLength(risky.length);
    for (const cells of rows) {
      for (const cell of cells) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
      expect(cells[3]).toBe("'=Category");
    }
    expect(rows.map((cells) => cells[0]).sort()).toEqual(risky.map((text) => `'${text}`).sort());
    expect(rows.map((cells) => cells[2]).sort()).toEqual(risky.map((text) => `'${text}`).sort());

    const json = await t.call({
      method: 'GET',
      url: '/api/cards/export?format=json',
      token: user.access,
    });
    const fronts = exportFileSchema.parse(json.raw.json()).map((card) => card.front);
    expect(fronts.sort()).toEqual([...risky].sort());
  });

  it('the import drops the quote the export put before a formula, and keeps any other', async () => {
    const user = await createUser(t);
    const text = [
      'front,answers,notes,category,from,to,reverse',
      `'=1+2,'+3; four,'-five,'@Cat/Sub,,,`,
      `'tis,'' twas,''=kept quote,,,,`,
      '=SUM(A1),x,,,,,',
    ].join('\n');
    const res = await api.call('POST', '/api/cards/import', user, {
      format: 'csv',
      text,
      mapping: Object.fromEntries(exportColumns.map((column) => [column, column])),
      defaults,
    });
    expect(res.payload).toMatchObject({ imported: 3, createdCategories: 2, dryRun: false });
    const json = await t.call({
      method: 'GET',
      url: '/api/cards/export?format=json',
      token: user.access,
    });
    const cards = exportFileSchema
      .parse(json.raw.json())
      .map(({ front, answers, notes, category }) => ({ front, answers, notes, category }));
    expect(cards).toEqual(
      expect.arrayContaining([
        { front: '=1+2', answers: ['+3', 'four'], notes: '-five', category: '@Cat/Sub' },
        { front: "'tis", answers: ["' twas"], notes: "'=kept quote", category: '' },
        { front: '=SUM(A1)', answers: ['x'], notes: '', category: '' },
      ]),
    );
  });
});
