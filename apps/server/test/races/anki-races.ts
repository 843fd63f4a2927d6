import { randomUUID } from 'node:crypto';
import {
  buildPackage,
  day,
  sampleCollection,
  toBase64,
  type FixtureCollection,
} from '../../src/modules/import-export/anki/anki-fixture.test-support';
import { createUser, type TestUser } from '../factories';
import { createCategory, must } from '../world';
import { check, type RaceContext, type RaceGroup } from './race-support';

// Races of the Anki import (docs/decisions/0035-anki-import.md): the import writes cards, their
// categories and, with the history, the learner's log, in one transaction under the owner's lock.

const importBody = (file: string, categoryId: string | null) => ({
  file,
  mappings: [
    { noteTypeId: '1001', frontField: 0, answersField: 1 },
    { noteTypeId: '1002', frontField: 0, answersField: 1, notesField: 1 },
  ],
  defaults: { fromLanguageCode: 'es', toLanguageCode: 'en', categoryId },
  cloze: 'cards',
  history: true,
});

/** The sample deck with one more note per round (with an answer in its history). */
function grownCollection(rounds: number, start: number): FixtureCollection {
  const collection = sampleCollection('v18', start);
  for (let round = 0; round < rounds; round += 1) {
    const id = 100 + round;
    collection.notes.push({
      id,
      typeId: 1001,
      fields: [`palabra ${round}`, `word ${round}`],
      cards: [{ id: id * 10, ord: 0, deckId: 2 }],
    });
    collection.reviews.push({ id: start + 10 * day + round, cardId: id * 10, ease: 3, time: 2000 });
  }
  return collection;
}

/** The learner's imported cards: how many, and how many distinct Anki cards they continue. */
async function ankiCards(ctx: RaceContext, ownerId: string) {
  const rows = await ctx.t.app.deps.db
    .selectFrom('cards')
    .select(['id', 'anki_key', 'front'])
    .where('owner_id', '=', ownerId)
    .where('anki_key', 'is not', null)
    .execute();
  return { rows, keys: new Set(rows.map((row) => row.anki_key)) };
}

const reviewShot = (learner: TestUser, cardId: string) => ({
  as: learner,
  method: 'POST' as const,
  url: '/api/study/reviews',
  body: { cardId, guess: 'the house', clientReviewId: randomUUID(), elapsedMs: 1500 },
  // The writer's "send it again" when the import's history took the log's place first.
  may: [200, 409],
});

export const ankiRaces: RaceGroup[] = [
  {
    name: 'Anki import with history ‖ the same import ‖ answers of its cards',
    async run(ctx) {
      const learner = await createUser(ctx.t);
      const start = Date.now() - 30 * day;
      await must(
        ctx.t,
        'POST',
        '/api/cards/import/anki',
        learner,
        importBody(toBase64(buildPackage(grownCollection(0, start), 'anki21b')), null),
      );
      const { rows } = await ankiCards(ctx, learner.id);
      const studied = rows.filter((row) => row.anki_key?.startsWith('0:'));
      for (let round = 0; round < ctx.rounds; round += 1) {
        // A note more than the last import had: each round's import has a card and an answer to add.
        const file = toBase64(buildPackage(grownCollection(round + 1, start), 'anki21b'));
        const shot = {
          as: learner,
          method: 'POST' as const,
          url: '/api/cards/import/anki',
          body: importBody(file, null),
          may: [200, 409],
        };
        const card = studied[round % studied.length];
        if (!card) throw new Error('no imported card to answer');
        const before = (await ankiCards(ctx, learner.id)).rows.length;
        const [one, , two] = await ctx.fire([shot, reviewShot(learner, card.id), shot]);
        const after = await ankiCards(ctx, learner.id);
        // One card per Anki card, however many imports ran at once.
        check(
          ctx,
          after.rows.length === after.keys.size,
          `${after.rows.length} cards for ${after.keys.size} Anki cards`,
        );
        // What the imports said they added is what was added: the second one to take the lock
        // counts the first one's cards as already imported.
        const added = [one, two].reduce(
          (sum, res) => sum + (res?.status === 200 ? Number(res.payload['imported']) : 0),
          0,
        );
        check(
          ctx,
          added === after.rows.length - before,
          `the imports said ${added} new cards, ${after.rows.length - before} were made`,
        );
        const newCard = after.rows.some((row) => row.anki_key === `0:g${100 + round}`);
        check(
          ctx,
          newCard === (one?.status === 200 || two?.status === 200),
          `imports answered ${one?.status} and ${two?.status}; the new note is ${newCard ? '' : 'not '}there`,
        );
      }
      // The log of the new cards' imported answers: one row per card imported, never two.
      const imported = await ankiCards(ctx, learner.id);
      const log = await ctx.t.app.deps.db
        .selectFrom('review_log')
        .select(['card_id'])
        .where('user_id', '=', learner.id)
        .where(
          'card_id',
          'in',
          imported.rows.filter((row) => row.front.startsWith('palabra')).map((row) => row.id),
        )
        .execute();
      const perCard = new Map<string, number>();
      for (const row of log) perCard.set(row.card_id, (perCard.get(row.card_id) ?? 0) + 1);
      check(
        ctx,
        [...perCard.values()].every((n) => n === 1),
        `an imported answer was written twice: ${JSON.stringify([...perCard.values()])}`,
      );
    },
  },
  {
    name: 'Anki import into a category ‖ delete the category ‖ answer a card in it',
    async run(ctx) {
      const owner = await createUser(ctx.t);
      const start = Date.now() - 30 * day;
      for (let round = 0; round < ctx.rounds; round += 1) {
        const base = await createCategory(ctx.t, owner, {});
        await must(
          ctx.t,
          'POST',
          '/api/cards/import/anki',
          owner,
          importBody(toBase64(buildPackage(grownCollection(0, start), 'anki21')), base),
        );
        const { rows } = await ankiCards(ctx, owner.id);
        const card = rows[0];
        if (!card) throw new Error('no imported card');
        const file = toBase64(buildPackage(grownCollection(round + 1, start), 'anki21'));
        const [imported] = await ctx.fire([
          {
            as: owner,
            method: 'POST',
            url: '/api/cards/import/anki',
            body: importBody(file, base),
            // 404 naming the category when its deletion came first.
            may: [200, 404, 409],
          },
          { as: owner, method: 'DELETE', url: `/api/categories/${base}?cards=delete`, may: [200] },
          { ...reviewShot(owner, card.id), may: [200, 404, 409] },
        ]);
        // Whichever came first, the category's deletion took every card imported into it: an
        // import never leaves a card in (or under) a deleted category.
        const left = await ankiCards(ctx, owner.id);
        check(
          ctx,
          left.rows.length === 0,
          `import answered ${imported?.status}; ${left.rows.length} imported cards outlived their category`,
        );
      }
      // The keys went with the cards: the package imports whole again.
      const again = await must(
        ctx.t,
        'POST',
        '/api/cards/import/anki',
        owner,
        importBody(toBase64(buildPackage(grownCollection(0, start), 'anki21')), null),
      );
      check(
        ctx,
        again['imported'] === 4 && again['alreadyImported'] === 0,
        `the package imported again after its cards' deletion: ${JSON.stringify(again)}`,
      );
    },
  },
];
