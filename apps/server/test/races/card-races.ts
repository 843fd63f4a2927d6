import { randomUUID } from 'node:crypto';
import { createUser } from '../factories';
import { createCard, label, must, review } from '../world';
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

const reviewBody = (
  cardId: string,
  clientReviewId = randomUUID(),
  direction: 'forward' | 'reverse' = 'forward',
) => ({
  cardId,
  guess: 'the house',
  clientReviewId,
  elapsedMs: 1500,
  direction,
});

/** The learner's schedules of a card, by direction. */
async function directionsOf(ctx: RaceContext, userId: string, cardId: string): Promise<string[]> {
  const rows = await ctx.t.app.deps.db
    .selectFrom('progress')
    .select('direction')
    .where('user_id', '=', userId)
    .where('card_id', '=', cardId)
    .orderBy('direction')
    .execute();
  return rows.map((row) => row.direction);
}

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
  {
    name: 'turn the reverse way off ‖ answer it ‖ answer forward',
    async run(ctx) {
      const owner = await createUser(ctx.t);
      for (let round = 0; round < ctx.rounds; round += 1) {
        const card = await createCard(ctx.t, owner, null);
        await must(ctx.t, 'PATCH', `/api/cards/${card}`, owner, { reverse: 'on' });
        const [toggled, reverse, forward] = await ctx.fire([
          {
            as: owner,
            method: 'PATCH',
            url: `/api/cards/${card}`,
            body: { reverse: 'off' },
            may: [200],
          },
          {
            as: owner,
            method: 'POST',
            url: '/api/study/reviews',
            body: reviewBody(card, randomUUID(), 'reverse'),
            may: [200, 409],
          },
          {
            as: owner,
            method: 'POST',
            url: '/api/study/reviews',
            body: reviewBody(card, randomUUID(), 'forward'),
            may: [200],
          },
        ]);
        // The reverse answer counted (it came first) or was refused naming the direction, and the
        // schedules say the same: never a reverse schedule from a refused answer.
        const schedules = await directionsOf(ctx, owner.id, card);
        const counted = reverse?.status === 200;
        check(
          ctx,
          JSON.stringify(schedules) ===
            JSON.stringify(counted ? ['forward', 'reverse'] : ['forward']),
          `reverse answered ${reverse?.status}, schedules ${schedules.join(', ')}`,
        );
        check(
          ctx,
          counted || JSON.stringify(reverse?.payload['issues']).includes('direction'),
          `a refused reverse answer said ${JSON.stringify(reverse?.payload)}`,
        );
        check(ctx, toggled?.payload['asksReverse'] === false, 'the card still asks in reverse');
        check(ctx, forward?.payload['direction'] === 'forward', 'the forward answer was lost');
      }
    },
  },
  {
    name: 'a category’s reverse default off ‖ answer its card in reverse',
    async run(ctx) {
      const owner = await createUser(ctx.t);
      for (let round = 0; round < ctx.rounds; round += 1) {
        const made = await must(ctx.t, 'POST', '/api/categories', owner, {
          name: label('Both ways'),
          reverseDefault: true,
        });
        const categoryId = String(made['id']);
        const card = await createCard(ctx.t, owner, categoryId);
        const [, reverse] = await ctx.fire([
          {
            as: owner,
            method: 'PATCH',
            url: `/api/categories/${categoryId}`,
            body: { reverseDefault: false },
            may: [200],
          },
          {
            as: owner,
            method: 'POST',
            url: '/api/study/reviews',
            body: reviewBody(card, randomUUID(), 'reverse'),
            may: [200, 409],
          },
        ]);
        const schedules = await directionsOf(ctx, owner.id, card);
        check(
          ctx,
          JSON.stringify(schedules) === JSON.stringify(reverse?.status === 200 ? ['reverse'] : []),
          `reverse answered ${reverse?.status}, schedules ${schedules.join(', ')}`,
        );
      }
    },
  },
];
