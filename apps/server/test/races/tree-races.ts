import { exportColumns } from '@glossa/contract';
import { createUser, type TestUser } from '../factories';
import { addMember, createCard, createCategory, label, must } from '../world';
import { check, statusesAre, type RaceContext, type RaceGroup } from './race-support';

// Races of one owner's category tree and the cards filed in it.

const cardBody = (front: string, categoryId: string | null) => ({
  front,
  answers: ['the house'],
  fromLanguageCode: 'es',
  toLanguageCode: 'en',
  categoryId,
});

/** An owner with a shared category, an editor of it (sub-categories inherit the membership). */
async function sharedTree(ctx: RaceContext) {
  const [owner, editor] = await Promise.all([createUser(ctx.t), createUser(ctx.t)]);
  const top = await createCategory(ctx.t, owner, { visibility: 'shared' });
  await addMember(ctx.t, owner, top, editor, 'editor');
  return { owner, editor, top };
}

/** The card with this front, if it exists: its category. */
async function cardWithFront(ctx: RaceContext, front: string) {
  return ctx.t.app.deps.db
    .selectFrom('cards')
    .select(['id', 'category_id'])
    .where('front', '=', front)
    .executeTakeFirst();
}

async function categoryExists(ctx: RaceContext, id: string): Promise<boolean> {
  const row = await ctx.t.app.deps.db
    .selectFrom('categories')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

const deleteCategory = (owner: TestUser, id: string, cards: 'move' | 'delete') => ({
  as: owner,
  method: 'DELETE' as const,
  url: `/api/categories/${id}?cards=${cards}`,
  may: [200],
});

export const treeRaces: RaceGroup[] = [
  {
    name: 'delete a category ‖ create cards in it (owner and editor)',
    async run(ctx) {
      const { owner, editor, top } = await sharedTree(ctx);
      for (let round = 0; round < ctx.rounds; round += 1) {
        const cards = round % 2 === 0 ? 'delete' : 'move';
        const doomed = await createCategory(ctx.t, owner, { parentId: top });
        const fronts = [label('owner card'), label('editor card')];
        const [, ...created] = await ctx.fire([
          deleteCategory(owner, doomed, cards),
          {
            as: owner,
            method: 'POST',
            url: '/api/cards',
            body: cardBody(fronts[0] ?? '', doomed),
            may: [201, 404],
          },
          {
            as: editor,
            method: 'POST',
            url: '/api/cards',
            body: cardBody(fronts[1] ?? '', doomed),
            may: [201, 404],
          },
        ]);
        for (const [i, res] of created.entries()) {
          const row = await cardWithFront(ctx, fronts[i] ?? '');
          // Created before the deletion: moved to the parent or deleted with the category;
          // after it: refused. Never left uncategorised by the foreign key's SET NULL.
          const expected = res.status === 201 && cards === 'move' ? top : undefined;
          check(
            ctx,
            row?.category_id === expected,
            `${cards}: a card answered ${res.status} is in ${row?.category_id}, expected ${expected}`,
          );
        }
      }
    },
  },
  {
    name: 'two creates of one category name in one parent',
    async run(ctx) {
      const owner = await createUser(ctx.t);
      for (let round = 0; round < ctx.rounds; round += 1) {
        const parentId = round % 2 === 0 ? null : await createCategory(ctx.t, owner, {});
        const name = label('Twin');
        const shot = {
          as: owner,
          method: 'POST' as const,
          url: '/api/categories',
          body: { name, parentId },
          may: [201, 409],
        };
        const answers = await ctx.fire([shot, shot]);
        check(
          ctx,
          statusesAre(answers, [201, 409]),
          `answered ${answers.map((r) => r.status).join(', ')}`,
        );
        const conflict = answers.find((res) => res.status === 409);
        check(ctx, conflict?.payload.issues?.[0]?.path === 'name', 'the 409 does not name name');
      }
    },
  },
  {
    name: 'crossing moves: A under B ‖ B under A',
    async run(ctx) {
      const owner = await createUser(ctx.t);
      for (let round = 0; round < ctx.rounds; round += 1) {
        const [a, b] = [
          await createCategory(ctx.t, owner, {}),
          await createCategory(ctx.t, owner, {}),
        ];
        const answers = await ctx.fire([
          {
            as: owner,
            method: 'PATCH',
            url: `/api/categories/${a}`,
            body: { parentId: b },
            may: [200, 400],
          },
          {
            as: owner,
            method: 'PATCH',
            url: `/api/categories/${b}`,
            body: { parentId: a },
            may: [200, 400],
          },
        ]);
        check(
          ctx,
          statusesAre(answers, [200, 400]),
          `answered ${answers.map((r) => r.status).join(', ')}`,
        );
      }
    },
  },
  {
    name: 'delete a category ‖ move a category, a card and cards into it',
    async run(ctx) {
      const owner = await createUser(ctx.t);
      for (let round = 0; round < ctx.rounds; round += 1) {
        const cards = round % 2 === 0 ? 'delete' : 'move';
        const doomed = await createCategory(ctx.t, owner, {});
        const mover = await createCategory(ctx.t, owner, {});
        const card = await createCard(ctx.t, owner, null);
        const bulk = [await createCard(ctx.t, owner, null), await createCard(ctx.t, owner, null)];
        const [, moved, patched, bulkMoved] = await ctx.fire([
          deleteCategory(owner, doomed, cards),
          {
            as: owner,
            method: 'PATCH',
            url: `/api/categories/${mover}`,
            body: { parentId: doomed },
            may: [200, 404],
          },
          {
            as: owner,
            method: 'PATCH',
            url: `/api/cards/${card}`,
            body: { categoryId: doomed },
            may: [200, 404],
          },
          {
            as: owner,
            method: 'POST',
            url: '/api/cards/bulk-move',
            body: { ids: bulk, categoryId: doomed },
            may: [200, 404],
          },
        ]);
        // Moved in first: deleted with it. Refused: where it was.
        check(
          ctx,
          (await categoryExists(ctx, mover)) === (moved?.status === 404),
          `the moved category answered ${moved?.status}`,
        );
        for (const [id, res] of [
          [card, patched],
          ...bulk.map((id) => [id, bulkMoved] as const),
        ] as const) {
          const row = await ctx.t.app.deps.db
            .selectFrom('cards')
            .select('category_id')
            .where('id', '=', id)
            .executeTakeFirst();
          const gone = res?.status === 200 && cards === 'delete';
          check(
            ctx,
            gone ? row === undefined : row?.category_id === null,
            `a card moved in answered ${res?.status}, now ${JSON.stringify(row)}`,
          );
        }
      }
    },
  },
  {
    name: 'delete a category ‖ create a sub-category in it, rename it',
    async run(ctx) {
      const owner = await createUser(ctx.t);
      for (let round = 0; round < ctx.rounds; round += 1) {
        const doomed = await createCategory(ctx.t, owner, {});
        const name = label('Child');
        const [, created, renamed] = await ctx.fire([
          deleteCategory(owner, doomed, 'move'),
          {
            as: owner,
            method: 'POST',
            url: '/api/categories',
            body: { name, parentId: doomed },
            may: [201, 404],
          },
          {
            as: owner,
            method: 'PATCH',
            url: `/api/categories/${doomed}`,
            body: { name: label('Renamed') },
            may: [200, 404],
          },
        ]);
        check(
          ctx,
          created?.status !== 201 || !(await categoryExists(ctx, String(created.payload['id']))),
          'a sub-category outlived its parent',
        );
        check(
          ctx,
          renamed?.status !== 200 || renamed.payload['id'] === doomed,
          'the rename answered another category',
        );
      }
    },
  },
  {
    name: 'import into a category ‖ delete that category',
    async run(ctx) {
      const { owner, editor, top } = await sharedTree(ctx);
      for (let round = 0; round < ctx.rounds; round += 1) {
        const doomed = await createCategory(ctx.t, owner, { parentId: top });
        const front = label('imported');
        const importer = round % 2 === 0 ? owner : editor;
        const [imported] = await ctx.fire([
          {
            as: importer,
            method: 'POST',
            url: '/api/cards/import',
            body: {
              format: 'csv',
              text: `${exportColumns.join(',')}\n${front},the table,,${importer === owner ? 'Sub/Deeper' : ''},es,en`,
              mapping: Object.fromEntries(exportColumns.map((column) => [column, column])),
              defaults: { fromLanguageCode: 'es', toLanguageCode: 'en', categoryId: doomed },
            },
            may: [200, 404],
          },
          deleteCategory(owner, doomed, 'delete'),
        ]);
        check(
          ctx,
          (await cardWithFront(ctx, front)) === undefined,
          `an imported card (import answered ${imported?.status}) outlived its deleted category`,
        );
      }
      await must(ctx.t, 'GET', '/api/categories', owner);
    },
  },
];
