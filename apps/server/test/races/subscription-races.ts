import { api, freePlanLimits } from '@glossa/contract';
import { createTestApp } from '../app';
import { insertCardRows } from '../bulk-rows';
import { fakeStripeEnv, startFakeStripe } from '../fake-stripe';
import { createUser } from '../factories';
import { check, type RaceGroup } from './race-support';

// Races of subscriptions (docs/decisions/0034-subscriptions.md), on an app of their own with
// billing on against the local fake of Stripe.

const cardBody = (front: string) => ({
  front,
  answers: ['x'],
  fromLanguageCode: 'es',
  toLanguageCode: 'en',
});

export const subscriptionRaces: RaceGroup[] = [
  {
    name: 'a free learner’s creates at once, 2 of room: exactly 2 succeed, the rest 402 (cards, categories)',
    async run(outer) {
      const stripe = await startFakeStripe();
      const t = await createTestApp({ env: fakeStripeEnv(stripe), durable: false });
      const ctx = outer.on(t);
      try {
        for (let round = 0; round < ctx.rounds; round += 1) {
          const learner = await createUser(t);
          await insertCardRows(t.app.deps.db, learner.id, freePlanLimits.cards - 2);
          const cards = await ctx.fire(
            Array.from({ length: 6 }, (_, i) => ({
              as: learner,
              method: 'POST' as const,
              url: api.cards.create.path,
              body: cardBody(`race ${round} ${i}`),
              may: [201, 402],
            })),
          );
          const made = cards.filter((res) => res.status === 201).length;
          check(ctx, made === 2, `${made} cards made with 2 of room`);
          const categories = await ctx.fire(
            Array.from({ length: freePlanLimits.categories + 2 }, (_, i) => ({
              as: learner,
              method: 'POST' as const,
              url: api.categories.create.path,
              body: { name: `race ${round} ${i}` },
              may: [201, 402],
            })),
          );
          const kept = categories.filter((res) => res.status === 201).length;
          check(ctx, kept === freePlanLimits.categories, `${kept} categories made`);
        }
      } finally {
        await t.close();
        await stripe.close();
      }
    },
  },
  {
    name: 'one webhook event delivered several times at once: handled once',
    async run(outer) {
      const stripe = await startFakeStripe();
      const t = await createTestApp({ env: fakeStripeEnv(stripe), durable: false });
      const ctx = outer.on(t);
      try {
        for (let round = 0; round < ctx.rounds; round += 1) {
          const learner = await createUser(t);
          const subscription = stripe.subscribe(`cus_race_${round}_${learner.id}`, learner.id);
          const event = stripe.signed('customer.subscription.updated', subscription);
          const answers = await ctx.fire(
            Array.from({ length: 4 }, () => ({
              as: undefined,
              method: 'POST' as const,
              url: api.subscription.webhook.path,
              headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
              body: event.body,
              may: [200],
            })),
          );
          const fresh = answers.filter((res) => res.payload['duplicate'] === false).length;
          check(ctx, fresh === 1, `${fresh} deliveries handled the event`);
          const rows = await t.app.deps.db
            .selectFrom('subscriptions')
            .select('status')
            .where('user_id', '=', learner.id)
            .execute();
          check(ctx, rows.length === 1 && rows[0]?.status === 'active', JSON.stringify(rows));
        }
      } finally {
        await t.close();
        await stripe.close();
      }
    },
  },
];
