import { randomUUID } from 'node:crypto';
import { createUser } from '../factories';
import { createCard, review } from '../world';
import { check, statusesAre, type RaceContext, type RaceGroup } from './race-support';

// Races of cards, and of the study writes on them.

async function cardExists(ctx: RaceContext, id: string): Promise<boolean> {
  const row = await ctx.t.app.deps.db
    .selectFrom('cards')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row !== undefined;
}

const reviewBody = (cardId: string, clientReviewId = randomUUID()) => ({
  cardId,
  guess: 'the house',
  clientReviewId,
  elapsedMs: 1500,
});

export const cardRaces: RaceGroup[] = [
  {
    name: 'delete a card ‖ change it ‖ delete it again',
    async run(ctx) {
      const owner = await createUser(ctx.t);
      for (let round = 0; round < ctx.rounds; round += 1) {
        const card = await createCard(ctx.t, owner, null);
        const url = `/api/cards/${card}`;
        const [first, , second] = await ctx.fire([
          { as: owner, method: 'DELETE', url, may: [200, 404] },
          { as: owner, method: 'PATCH', url, body: { notes: 'changed' }, may: [200, 404] },
          { as: owner, method: 'DELETE', url, may: [200, 404] },
        ]);
        check(
          ctx,
          statusesAre(
            [first, second].flatMap((r) => (r ? [r] : [])),
            [200, 404],
          ),
          'two deletes did not answer 200 and 404',
        );
        check(ctx, !(await cardExists(ctx, card)), 'the card outlived its deletion');
      }
    },
  },
  {
    name: 'two changes of a card from one version',
    async run(ctx) {
      const owner = await createUser(ctx.t);
      for (let round = 0; round < ctx.rounds; round += 1) {
        const card = await createCard(ctx.t, owner, null);
        const url = `/api/cards/${card}`;
        const answers = await ctx.fire([
          {
            as: owner,
            method: 'PATCH',
            url,
            body: { front: 'one', expectedVersion: 1 },
            may: [200, 409],
          },
          {
            as: owner,
            method: 'PATCH',
            url,
            body: { notes: 'two', expectedVersion: 1 },
            may: [200, 409],
          },
        ]);
        check(
          ctx,
          statusesAre(answers, [200, 409]),
          `answered ${answers.map((r) => r.status).join(', ')}`,
        );
      }
    },
  },
  {
    name: 'bulk delete ‖ bulk move of the same cards',
    async run(ctx) {
      const owner = await createUser(ctx.t);
      for (let round = 0; round < ctx.rounds; round += 1) {
        const ids = [await createCard(ctx.t, owner, null), await createCard(ctx.t, owner, null)];
        const [deleted] = await ctx.fire([
          { as: owner, method: 'POST', url: '/api/cards/bulk-delete', body: { ids }, may: [200] },
          {
            as: owner,
            method: 'POST',
            url: '/api/cards/bulk-move',
            body: { ids, categoryId: null },
            may: [200, 404],
          },
        ]);
        check(
          ctx,
          deleted?.payload['count'] === 2,
          `bulk delete answered ${JSON.stringify(deleted?.payload)}`,
        );
        for (const id of ids)
          check(ctx, !(await cardExists(ctx, id)), 'a card outlived the bulk delete');
      }
    },
  },
  {
    name: 'two reviews with one clientReviewId',
    async run(ctx) {
      const learner = await createUser(ctx.t);
      const card = await createCard(ctx.t, learner, null);
      for (let round = 0; round < ctx.rounds; round += 1) {
        const shot = {
          as: learner,
          method: 'POST' as const,
          url: '/api/study/reviews',
          body: reviewBody(card),
          may: [200],
        };
        const answers = await ctx.fire([shot, shot, shot]);
        const results = new Set(answers.map((res) => JSON.stringify(res.payload)));
        check(ctx, results.size === 1, 'one answer sent thrice got different results');
      }
      const rows = await ctx.t.app.deps.db
        .selectFrom('review_log')
        .select('id')
        .where('user_id', '=', learner.id)
        .execute();
      check(ctx, rows.length === ctx.rounds, `${rows.length} log rows for ${ctx.rounds} answers`);
    },
  },
  {
    name: 'review ‖ delete the card ‖ change the card',
    async run(ctx) {
      const owner = await createUser(ctx.t);
      for (let round = 0; round < ctx.rounds; round += 1) {
        const card = await createCard(ctx.t, owner, null);
        const doomed = await createCard(ctx.t, owner, null);
        await ctx.fire([
          {
            as: owner,
            method: 'POST',
            url: '/api/study/reviews',
            body: reviewBody(doomed),
            may: [200, 404],
          },
          { as: owner, method: 'DELETE', url: `/api/cards/${doomed}`, may: [200] },
          {
            as: owner,
            method: 'POST',
            url: '/api/study/reviews',
            body: reviewBody(card),
            may: [200],
          },
          {
            as: owner,
            method: 'PATCH',
            url: `/api/cards/${card}`,
            body: { front: 'changed while studied' },
            may: [200],
          },
        ]);
        check(ctx, !(await cardExists(ctx, doomed)), 'the deleted card came back');
      }
    },
  },
  {
    name: 'override ‖ undo of one review',
    async run(ctx) {
      const learner = await createUser(ctx.t);
      for (let round = 0; round < ctx.rounds; round += 1) {
        const card = await createCard(ctx.t, learner, null);
        const id = await review(ctx.t, learner, card);
        await ctx.fire([
          {
            as: learner,
            method: 'POST',
            url: `/api/study/reviews/${id}/override`,
            may: [200, 409],
          },
          { as: learner, method: 'POST', url: `/api/study/reviews/${id}/undo`, may: [200] },
        ]);
      }
    },
  },
];
