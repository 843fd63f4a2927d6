import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestResponse } from '../../../test/app';
import type { TestUser } from '../../../test/factories';
import { caller, sharedWorld, type SharedWorld } from '../categories/sharing.test-support';
import { checkTreesAfterEach } from '../../../test/tree-invariant';

/**
 * An import and its dry run answer from what the caller may read (docs/decisions/0004-sharing.md):
 * naming a private sub-category of a shared category answers a member exactly as naming one that
 * does not exist.
 */
describe('import dry run and what the caller may read', () => {
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  let w: SharedWorld;
  let secret: string;
  let absent: string;
  let open: string;
  beforeAll(async () => {
    t = await createTestApp();
    api = caller(t);
    w = await sharedWorld(t);
    const tag = randomBytes(4).toString('hex');
    // Names of one length, so that answers naming them compare once the name is masked.
    secret = `Secret ${tag}`;
    absent = `Absent ${tag}`;
    open = `Opened ${tag}`;
    const hidden = await api.must('POST', '/api/categories', w.users.owner, {
      name: secret,
      parentId: w.categoryId,
      visibility: 'private',
    });
    await api.must('POST', '/api/cards', w.users.owner, {
      front: 'secreto',
      answers: ['secret'],
      fromLanguageCode: 'es',
      toLanguageCode: 'en',
      categoryId: hidden['id'],
    });
    await api.must('POST', '/api/categories', w.users.owner, {
      name: open,
      parentId: w.categoryId,
    });
  });
  afterAll(async () => {
    await t.close();
  });
  checkTreesAfterEach(() => t);

  const importAs = (user: TestUser, category: string, dryRun: boolean) =>
    api.call('POST', '/api/cards/import', user, {
      format: 'csv',
      text: `front,answers,category\nuno,one,"${category}"\n`,
      mapping: { front: 'front', answers: 'answers', category: 'category' },
      defaults: { fromLanguageCode: 'es', toLanguageCode: 'en', categoryId: w.categoryId },
      dryRun,
    });
  /** The answer with the name given masked, to compare answers about two names. */
  const masked = (res: TestResponse, name: string) => ({
    status: res.status,
    body: JSON.parse(res.raw.body.split(name).join('<name>')) as unknown,
  });

  it('the owner reads every sub-category: a dry run finds the private one and would make the absent one', async () => {
    expect((await importAs(w.users.owner, secret, true)).payload).toMatchObject({
      imported: 1,
      createdCategories: 0,
      dryRun: true,
    });
    expect((await importAs(w.users.owner, absent, true)).payload).toMatchObject({
      imported: 1,
      createdCategories: 1,
      dryRun: true,
    });
  });

  it.each(['editor', 'viewer', 'stranger'] as const)(
    'to the %s, an import or a dry run naming the private sub-category answers as for a name never used',
    async (actor) => {
      const user = w.users[actor];
      for (const dryRun of [true, false]) {
        for (const [hidden, unused] of [
          [secret, absent],
          [secret.toUpperCase(), absent.toUpperCase()],
          [`${secret}/Deeper`, `${absent}/Deeper`],
        ] as const) {
          const a = masked(await importAs(user, hidden, dryRun), hidden);
          const b = masked(await importAs(user, unused, dryRun), unused);
          expect(a).toEqual(b);
          expect(a.status).toBe({ editor: 403, viewer: 403, stranger: 404 }[actor]);
          expect(JSON.stringify(a.body)).not.toContain(secret);
        }
      }
    },
  );

  it('an editor still files cards into the sub-categories they may read, and nothing was written by the refused imports', async () => {
    const res = await importAs(w.users.editor, open.toLowerCase(), false);
    expect(res.payload).toMatchObject({ imported: 1, createdCategories: 0, dryRun: false });
    const tree = await api.must('GET', '/api/categories', w.users.owner);
    const names = (tree['items'] as { name: string }[]).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining([secret, open]));
    expect(names.some((name) => name.startsWith('Absent') || name === 'Deeper')).toBe(false);
  });
});
