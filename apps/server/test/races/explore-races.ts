import { ownerLimits } from '@glossa/contract';
import { insertCategoryTree } from '../bulk-rows';
import { createUser, type TestUser } from '../factories';
import { createCard, createCategory, must } from '../world';
import { check, statusesAre, type RaceContext, type RaceGroup, type Shot } from './race-support';

// Races of explore (docs/decisions/0022-explore.md): joins and their counts, copies against the
// deck's deletion and against the copier's limits. The orphan check (orphans.ts) holds each deck's
// learner count to its joins after every kind.

/** A public deck of `owner` with a sub-category and three cards. */
async function publicDeck(ctx: RaceContext, owner: TestUser): Promise<string> {
  const id = await createCategory(ctx.t, owner, { visibility: 'public' });
  const sub = await createCategory(ctx.t, owner, { parentId: id, visibility: 'public' });
  await createCard(ctx.t, owner, id);
  await createCard(ctx.t, owner, id);
  await createCard(ctx.t, owner, sub);
  return id;
}

const join = (as: TestUser, id: string, may = [200]): Shot => ({
  as,
  method: 'POST',
  url: `/api/explore/decks/${id}/join`,
  may,
});
const leave = (as: TestUser, id: string, may = [200]): Shot => ({
  as,
  method: 'POST',
  url: `/api/explore/decks/${id}/leave`,
  may,
});
const copy = (as: TestUser, id: string, may: number[]): Shot => ({
  as,
  method: 'POST',
  url: `/api/explore/decks/${id}/copy`,
  body: {},
  may,
});

async function categoriesOf(ctx: RaceContext, userId: string): Promise<number> {
  const row = await ctx.t.app.deps.db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('owner_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export const exploreRaces: RaceGroup[] = [
  {
    name: 'join ‖ join ‖ leave of one deck, by learners at once',
    async run(ctx) {
      const owner = await createUser(ctx.t);
      const deck = await publicDeck(ctx, owner);
      const learners = [await createUser(ctx.t), await createUser(ctx.t), await createUser(ctx.t)];
      for (let round = 0; round < ctx.rounds; round += 1) {
        await ctx.fire(
          learners.flatMap((learner, i) =>
            (round + i) % 2 === 0
              ? [join(learner, deck), join(learner, deck), leave(learner, deck)]
              : [leave(learner, deck), join(learner, deck)],
          ),
        );
      }
    },
  },
  {
    name: 'join ‖ the owner deletes or unpublishes the deck',
    async run(ctx) {
      const owner = await createUser(ctx.t);
      const learner = await createUser(ctx.t);
      for (let round = 0; round < ctx.rounds; round += 1) {
        const deck = await publicDeck(ctx, owner);
        const byOwner: Shot =
          round % 2 === 0
            ? {
                as: owner,
                method: 'DELETE',
                url: `/api/categories/${deck}?cards=delete`,
                may: [200],
              }
            : {
                as: owner,
                method: 'PATCH',
                url: `/api/categories/${deck}`,
                body: { visibility: 'private' },
                may: [200],
              };
        const [joined] = await ctx.fire([join(learner, deck, [200, 404]), byOwner]);
        const queue = await must(ctx.t, 'GET', '/api/study/queue', learner);
        const cards = (queue['items'] as unknown[]).length;
        // Whichever came first, the learner studies nothing of a deck deleted or made private.
        check(ctx, cards === 0, `round ${round}: join ${joined?.status}, ${cards} cards queued`);
      }
    },
  },
  {
    name: 'copy ‖ the owner deletes the deck',
    async run(ctx) {
      const owner = await createUser(ctx.t);
      const learner = await createUser(ctx.t);
      for (let round = 0; round < ctx.rounds; round += 1) {
        const deck = await publicDeck(ctx, owner);
        const before = await categoriesOf(ctx, learner.id);
        const [copied] = await ctx.fire([
          copy(learner, deck, [201, 404]),
          { as: owner, method: 'DELETE', url: `/api/categories/${deck}?cards=delete`, may: [200] },
        ]);
        const made = (await categoriesOf(ctx, learner.id)) - before;
        // A whole copy (the deck and its sub-category) or nothing.
        check(
          ctx,
          made === (copied?.status === 201 ? 2 : 0),
          `copy answered ${copied?.status}, ${made} categories made`,
        );
      }
    },
  },
  {
    name: 'copy ‖ copy with room for one: one copy, never past the limit',
    async run(ctx) {
      const owner = await createUser(ctx.t);
      const deck = await publicDeck(ctx, owner);
      const rounds = Math.max(1, Math.ceil(ctx.rounds / 2));
      for (let round = 0; round < rounds; round += 1) {
        const learner = await createUser(ctx.t);
        // Room for one copy of the deck's two categories, not for two.
        await insertCategoryTree(ctx.t.app.deps.db, learner.id, {
          count: ownerLimits.categoriesMax - 3,
        });
        const answers = await ctx.fire([
          copy(learner, deck, [201, 409]),
          copy(learner, deck, [201, 409]),
        ]);
        check(
          ctx,
          statusesAre(answers, [201, 409]),
          `answered ${answers.map((r) => r.status).join(', ')}`,
        );
        check(
          ctx,
          (await categoriesOf(ctx, learner.id)) === ownerLimits.categoriesMax - 1,
          'not one copy made',
        );
      }
    },
  },
  {
    name: 'join ‖ the learner deletes their account',
    async run(ctx) {
      const owner = await createUser(ctx.t);
      const deck = await publicDeck(ctx, owner);
      for (let round = 0; round < ctx.rounds; round += 1) {
        const learner = await createUser(ctx.t);
        await ctx.fire([
          join(learner, deck, [200, 401, 404]),
          {
            as: learner,
            method: 'POST',
            url: '/api/user/delete',
            body: { currentPassword: learner.password },
            may: [200],
          },
        ]);
      }
    },
  },
];
