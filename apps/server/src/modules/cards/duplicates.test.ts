import { duplicateListSchema, importResultSchema } from '@glossa/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { addMember, caller } from '../categories/sharing.test-support';

/** Duplicates (issue 16 item 8): the same front, case, accents and spacing aside, and pair. */
describe('duplicate cards', () => {
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp();
    api = caller(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const card = (user: TestUser, front: string, extra: Record<string, unknown> = {}) =>
    api.must('POST', '/api/cards', user, {
      front,
      answers: ['the tree'],
      fromLanguageCode: 'es',
      toLanguageCode: 'en',
      ...extra,
    });
  const duplicates = async (user: TestUser, query: Record<string, string>) => {
    const res = await api.call(
      'GET',
      `/api/cards/duplicates?${new URLSearchParams(query).toString()}`,
      user,
    );
    return { res, items: res.status === 200 ? duplicateListSchema.parse(res.payload).items : [] };
  };

  describe('GET /api/cards/duplicates', () => {
    it('finds the card with the same front written otherwise, in the same pair only', async () => {
      const user = await createUser(t);
      const tree = await card(user, 'el árbol');
      await card(user, 'el árbol', { toLanguageCode: 'de' });
      for (const front of ['El Árbol', 'el  arbol', '¡EL ARBOL!', 'el árbol']) {
        const { res, items } = await duplicates(user, { front, from: 'es', to: 'en' });
        expect(res.status).toBe(200);
        expect(items.map((c) => c.id)).toEqual([tree['id']]);
      }
      expect((await duplicates(user, { front: 'el zumo', from: 'es', to: 'en' })).items).toEqual(
        [],
      );
      expect((await duplicates(user, { front: 'el árbol', from: 'en', to: 'es' })).items).toEqual(
        [],
      );
    });

    it("never tells another learner's cards, and a category's only those the caller may read", async () => {
      const owner = await createUser(t);
      const editor = await createUser(t);
      const stranger = await createUser(t);
      const shared = await api.must('POST', '/api/categories', owner, { name: 'Shared' });
      await api.must('PATCH', `/api/categories/${String(shared['id'])}`, owner, {
        visibility: 'shared',
      });
      await addMember(t, owner, String(shared['id']), editor, 'editor');
      const filed = await card(owner, 'la casa', { categoryId: shared['id'] });
      await card(owner, 'la casa');
      const query = { front: 'La Casa', from: 'es', to: 'en' };
      expect((await duplicates(stranger, query)).items).toEqual([]);
      expect((await duplicates(editor, query)).items).toEqual([]);
      const inCategory = await duplicates(editor, { ...query, categoryId: String(shared['id']) });
      expect(inCategory.items.map((c) => c.id)).toEqual([filed['id']]);
      expect(inCategory.items[0]?.canEdit).toBe(true);
      const refused = await duplicates(stranger, { ...query, categoryId: String(shared['id']) });
      expect(refused.res.status).toBe(404);
    });

    it.each([
      ['front', { from: 'es', to: 'en' }],
      ['front', { front: '  ', from: 'es', to: 'en' }],
      ['from', { front: 'x', from: 'xx', to: 'en' }],
      ['extra', { front: 'x', from: 'es', to: 'en', extra: '1' }],
    ])('answers 400 naming %s', async (path, query) => {
      const user = await createUser(t);
      const { res } = await duplicates(user, query);
      expect(res.status).toBe(400);
      expect(res.payload.issues?.map((issue) => issue.path)).toContain(path);
    });
  });

  describe('POST /api/cards/import', () => {
    const importAs = async (user: TestUser, text: string, extra: Record<string, unknown> = {}) => {
      const res = await api.call('POST', '/api/cards/import', user, {
        format: 'csv',
        text,
        mapping: { front: 'front', answers: 'answers', notes: 'notes', category: 'category' },
        defaults: { fromLanguageCode: 'es', toLanguageCode: 'en' },
        ...extra,
      });
      expect(res.status).toBe(200);
      return importResultSchema.parse(res.payload);
    };
    const fronts = async (user: TestUser) => {
      const page = await api.must('GET', '/api/cards?sort=created&order=asc', user);
      return (page['items'] as { front: string; answers: string[]; notes: string }[]).map(
        (c) => `${c.front}=${c.answers.join('|')}${c.notes ? ` (${c.notes})` : ''}`,
      );
    };
    const file =
      'front,answers,notes,category\n' +
      'el árbol,tree,,\n' +
      'el perro,dog,,\n' +
      'EL PERRO,hound,a note,Animals\n' +
      'el gato,cat,,\n';

    it('a dry run lists the rows that repeat a card or an earlier row, and writes nothing', async () => {
      const user = await createUser(t);
      const tree = await card(user, 'El Arbol');
      const result = await importAs(user, file, { dryRun: true, duplicates: 'skip' });
      expect(result).toEqual({
        imported: 2,
        updated: 0,
        skipped: 2,
        duplicateCount: 2,
        duplicates: [
          {
            line: 2,
            front: 'el árbol',
            card: { id: tree['id'], front: 'El Arbol' },
            earlierLine: null,
          },
          { line: 4, front: 'EL PERRO', card: null, earlierLine: 3 },
        ],
        createdCategories: 1,
        dryRun: true,
      });
      expect(await fronts(user)).toEqual(['El Arbol=the tree']);
    });

    it('skip leaves the repeated rows out: the same file imported twice adds nothing', async () => {
      const user = await createUser(t);
      expect(await importAs(user, file, { duplicates: 'skip' })).toMatchObject({
        imported: 3,
        skipped: 1,
      });
      const again = await importAs(user, file, { duplicates: 'skip' });
      expect(again).toMatchObject({ imported: 0, skipped: 4, duplicateCount: 4 });
      expect(await fronts(user)).toEqual(['el árbol=tree', 'el perro=dog', 'el gato=cat']);
    });

    it('update writes the row over the card it repeats, the last row winning', async () => {
      const user = await createUser(t);
      const tree = await card(user, 'El Arbol');
      const result = await importAs(user, file, { duplicates: 'update' });
      expect(result).toMatchObject({ imported: 2, updated: 1, skipped: 0, duplicateCount: 2 });
      // In any order: an import dates its new cards back a millisecond each, in the file's order,
      // so that on a fast machine they may come before the card made a millisecond earlier.
      expect((await fronts(user)).toSorted()).toEqual(
        ['el árbol=tree', 'EL PERRO=hound (a note)', 'el gato=cat'].toSorted(),
      );
      // The updated card keeps its id, and its new front its keys: it is still found.
      const found = await duplicates(user, { front: 'el arbol', from: 'es', to: 'en' });
      expect(found.items.map((c) => c.id)).toEqual([tree['id']]);
      // The row of the last "el perro" named a category: the card is in it.
      const page = await api.must('GET', '/api/cards?q=perro', user);
      const [perro] = page['items'] as { categoryId: string | null }[];
      expect(perro?.categoryId).not.toBeNull();
    });

    it('keep (the default) creates every row and still tells the duplicates', async () => {
      const user = await createUser(t);
      await card(user, 'el árbol');
      const result = await importAs(user, file);
      expect(result).toMatchObject({ imported: 4, updated: 0, skipped: 0, duplicateCount: 2 });
      expect(await fronts(user)).toHaveLength(5);
    });

    it('answers 400 naming duplicates for another choice', async () => {
      const user = await createUser(t);
      const res = await api.call('POST', '/api/cards/import', user, {
        format: 'csv',
        text: file,
        mapping: { front: 'front', answers: 'answers' },
        defaults: { fromLanguageCode: 'es', toLanguageCode: 'en' },
        duplicates: 'merge',
      });
      expect(res.status).toBe(400);
      expect(res.payload.issues?.map((issue) => issue.path)).toContain('duplicates');
    });
  });
});
