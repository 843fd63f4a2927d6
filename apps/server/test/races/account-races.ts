import { randomUUID } from 'node:crypto';
import { defaultGradeSettings } from '@glossa/contract';
import { createUser, uniqueName } from '../factories';
import { createCard, createCategory } from '../world';
import { check, statusesAre, type RaceContext, type RaceGroup, type Shot } from './race-support';

// Races of accounts: sign-ups of one name or address, and an account deleted while it writes.

const signUp = (username: string, email: string): Shot => ({
  as: undefined,
  method: 'POST',
  url: '/api/user/create',
  body: { username, email, password: `pw-${randomUUID()}` },
  may: [201, 409],
});

async function accountsWith(
  ctx: RaceContext,
  column: 'username_lower' | 'email_lower',
  value: string,
) {
  const rows = await ctx.t.app.deps.db
    .selectFrom('users')
    .select('id')
    .where(column, '=', value.toLowerCase())
    .execute();
  return rows.length;
}

export const accountRaces: RaceGroup[] = [
  {
    name: 'two sign-ups with one username; two with one e-mail address',
    async run(ctx) {
      for (let round = 0; round < ctx.rounds; round += 1) {
        const name = uniqueName('twin');
        const sameName = await ctx.fire([
          signUp(name, `${uniqueName('a')}@example.com`),
          signUp(name.toUpperCase(), `${uniqueName('b')}@example.com`),
        ]);
        check(
          ctx,
          statusesAre(sameName, [201, 409]),
          `same username: ${sameName.map((r) => r.status).join(', ')}`,
        );
        check(
          ctx,
          (await accountsWith(ctx, 'username_lower', name)) === 1,
          'not one account of the username',
        );
        // An address in use answers 201 as well (no account enumeration) and makes nothing.
        const email = `${uniqueName('inbox')}@example.com`;
        const sameEmail = await ctx.fire([
          signUp(uniqueName('c'), email),
          signUp(uniqueName('d'), email),
        ]);
        check(
          ctx,
          statusesAre(sameEmail, [201, 201]),
          `same e-mail: ${sameEmail.map((r) => r.status).join(', ')}`,
        );
        check(
          ctx,
          (await accountsWith(ctx, 'email_lower', email)) === 1,
          'not one account of the address',
        );
      }
    },
  },
  {
    name: 'a rename ‖ a sign-up taking that username',
    async run(ctx) {
      for (let round = 0; round < ctx.rounds; round += 1) {
        const user = await createUser(ctx.t);
        const name = uniqueName('wanted');
        const answers = await ctx.fire([
          {
            as: user,
            method: 'POST',
            url: '/api/user/edit',
            body: { username: name, currentPassword: user.password },
            may: [200, 409],
          },
          signUp(name, `${uniqueName('e')}@example.com`),
        ]);
        check(
          ctx,
          answers.filter((res) => res.status === 409).length === 1,
          `answered ${answers.map((r) => r.status).join(', ')}`,
        );
        check(
          ctx,
          (await accountsWith(ctx, 'username_lower', name)) === 1,
          'not one account of the username',
        );
      }
    },
  },
  {
    name: 'two puts of the version-2 numbers at once: one of them holds whole, never a mix',
    async run(ctx) {
      for (let round = 0; round < ctx.rounds; round += 1) {
        const user = await createUser(ctx.t);
        const first = { ...defaultGradeSettings, initialElevationExact: 5, quickGainFactor: 2 };
        const second = { ...defaultGradeSettings, initialElevationExact: -1, quickGainFactor: 7 };
        const put = (body: Record<string, unknown>): Shot => ({
          as: user,
          method: 'PUT',
          url: '/api/study/scheduler',
          body,
          may: [200],
        });
        await ctx.fire([put(first), put(second)]);
        const row = await ctx.t.app.deps.db
          .selectFrom('scheduler_settings')
          .selectAll()
          .where('user_id', '=', user.id)
          .executeTakeFirst();
        const held = [first, second].some(
          (body) =>
            row?.initial_elevation_exact === body.initialElevationExact &&
            row.quick_gain_factor === body.quickGainFactor,
        );
        check(ctx, held, `numbers after the puts: ${JSON.stringify(row)}`);
      }
    },
  },
  {
    name: 'two edits of the daily limits, of different fields, at once: both hold',
    async run(ctx) {
      for (let round = 0; round < ctx.rounds; round += 1) {
        const user = await createUser(ctx.t);
        const edit = (body: Record<string, unknown>): Shot => ({
          as: user,
          method: 'POST',
          url: '/api/study/settings',
          body,
          may: [200],
        });
        await ctx.fire([
          edit({ newCardsPerDay: 7 }),
          edit({ reviewsPerDay: 70, timeZone: 'America/Los_Angeles' }),
          edit({ dayStartHour: 6 }),
        ]);
        const row = await ctx.t.app.deps.db
          .selectFrom('study_settings')
          .selectAll()
          .where('user_id', '=', user.id)
          .executeTakeFirst();
        check(
          ctx,
          row?.new_cards_per_day === 7 &&
            row.reviews_per_day === 70 &&
            row.day_start_hour === 6 &&
            row.time_zone === 'America/Los_Angeles',
          `settings after the edits: ${JSON.stringify(row)}`,
        );
      }
    },
  },
  {
    name: 'delete the account ‖ create a card, a category, feedback, a review, an edit, a fit',
    async run(ctx) {
      for (let round = 0; round < ctx.rounds; round += 1) {
        const user = await createUser(ctx.t);
        const categoryId = await createCategory(ctx.t, user, {});
        const cardId = await createCard(ctx.t, user, categoryId);
        const card = { answers: ['x'], fromLanguageCode: 'es', toLanguageCode: 'en' };
        // Each may have run before the deletion (2xx), after it (401: the session is gone) or
        // between its sign-in check and its write (404: the account is gone).
        const later = [201, 401, 404];
        await ctx.fire([
          {
            as: user,
            method: 'POST',
            url: '/api/user/delete',
            body: { currentPassword: user.password },
            may: [200],
          },
          {
            as: user,
            method: 'POST',
            url: '/api/cards',
            body: { front: 'late', ...card },
            may: later,
          },
          {
            as: user,
            method: 'POST',
            url: '/api/cards',
            body: { front: 'late in', categoryId, ...card },
            may: later,
          },
          {
            as: user,
            method: 'POST',
            url: '/api/categories',
            body: { name: 'Late', parentId: categoryId },
            may: later,
          },
          {
            as: user,
            method: 'POST',
            url: '/api/feedback',
            body: { kind: 'idea', message: 'late', page: '/app' },
            may: later,
          },
          {
            as: user,
            method: 'POST',
            url: '/api/study/reviews',
            body: { cardId, guess: 'x', clientReviewId: randomUUID(), elapsedMs: 900 },
            may: [200, 401, 404],
          },
          {
            as: user,
            method: 'PATCH',
            url: `/api/cards/${cardId}`,
            body: { notes: 'late' },
            may: [200, 401, 404],
          },
          {
            as: user,
            method: 'POST',
            url: '/api/user/edit',
            body: { isAutodetectLanguageEnabled: false },
            may: [200, 401, 404],
          },
          {
            as: user,
            method: 'POST',
            url: '/api/study/settings',
            body: { newCardsPerDay: 5, timeZone: 'Pacific/Auckland' },
            may: [200, 401, 404],
          },
          {
            as: user,
            method: 'PUT',
            url: '/api/study/scheduler',
            body: { ...defaultGradeSettings, closeGainFactor: 0.5 },
            may: [200, 401, 404],
          },
          // A fit writes its progress row (fit_progress) as it starts and removes it as it ends.
          { as: user, method: 'POST', url: '/api/study/fit', body: {}, may: [200, 401, 404] },
        ]);
        const { db } = ctx.t.app.deps;
        const progress = await db
          .selectFrom('fit_progress')
          .select('user_id')
          .where('user_id', '=', user.id)
          .execute();
        check(ctx, progress.length === 0, 'a fit’s progress row of a deleted account');
        for (const table of ['cards', 'categories'] as const) {
          const left = await db
            .selectFrom(table)
            .select('id')
            .where('owner_id', '=', user.id)
            .execute();
          check(ctx, left.length === 0, `${left.length} ${table} of a deleted account`);
        }
        check(
          ctx,
          (await accountsWith(ctx, 'username_lower', user.username)) === 0,
          'the account is still there',
        );
      }
    },
  },
];
