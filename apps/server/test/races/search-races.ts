import { createUser } from '../factories';
import { createCard } from '../world';
import { check, type RaceContext, type RaceGroup } from './race-support';

// Races of the search index (docs/decisions/0021-search.md): it is written in the transaction of
// each change, so whatever wins, search finds a card by the words it has and by no others. The
// orphan checks after each kind compare SQLite's search rows with their cards and categories.

async function foundIds(
  ctx: RaceContext,
  as: Parameters<RaceContext['fire']>[0][0]['as'],
  q: string,
) {
  const res = await ctx.t.call({
    method: 'GET',
    url: `/api/search?q=${encodeURIComponent(q)}`,
    ...(as ? { token: as.access } : {}),
  });
  const cards = (res.payload['cards'] as { items: { id: string }[] } | undefined)?.items ?? [];
  return cards.map((card) => card.id);
}

export const searchRaces: RaceGroup[] = [
  {
    name: 'change a card’s notes ‖ delete its category ‖ search for it',
    async run(ctx) {
      const owner = await createUser(ctx.t);
      for (let round = 0; round < ctx.rounds; round += 1) {
        const before = `zqold${round}x${Date.now().toString(36)}`;
        const after = `zqnew${round}x${Date.now().toString(36)}`;
        const category = await ctx.t.call({
          method: 'POST',
          url: '/api/categories',
          token: owner.access,
          payload: { name: `race ${before}` },
        });
        const categoryId = String(category.payload['id']);
        const card = await createCard(ctx.t, owner, categoryId, `la casa ${before}`);
        const [patched, deleted] = await ctx.fire([
          {
            as: owner,
            method: 'PATCH',
            url: `/api/cards/${card}`,
            body: { front: `la casa ${after}` },
            may: [200],
          },
          {
            as: owner,
            method: 'DELETE',
            url: `/api/categories/${categoryId}?cards=move`,
            may: [200, 204],
          },
          { as: owner, method: 'GET', url: `/api/search?q=${before}`, may: [200] },
          { as: owner, method: 'GET', url: `/api/search?q=${after}`, may: [200] },
        ]);
        if (!patched || !deleted) continue;
        check(
          ctx,
          JSON.stringify(await foundIds(ctx, owner, after)) === JSON.stringify([card]),
          'search did not find the card by its new words',
        );
        check(
          ctx,
          (await foundIds(ctx, owner, before)).length === 0,
          'search found the card by the words it no longer has',
        );
        const stranger = await createUser(ctx.t);
        check(
          ctx,
          (await foundIds(ctx, stranger, after)).length === 0,
          'a stranger found the card',
        );
      }
    },
  },
];
