import { sql, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { ProgressTable, ReviewLogTable } from '../../db/schema';
import {
  cardAsksReverse,
  inCategorySet,
  lookUpCategorySet,
  type CategoryIdSet,
} from '../categories/category-scope.service';

// The figures of study: read-only queries of the progress and the review log, which the study
// module writes (docs/decisions/0012-study-write-path.md).

export type ProgressRow = Selectable<ProgressTable>;
export type ReviewLogRow = Selectable<ReviewLogTable>;

/**
 * Which cards the figures cover: all the learner's own (ownAll) and the cards of a set of others'
 * categories (a subquery: any number of them).
 */
export interface CardScope {
  userId: string;
  ownAll: boolean;
  categories: CategoryIdSet | null;
}

/** The learner's progress on one card, a row per direction they studied it in. */
export async function findProgress(
  db: Db,
  userId: string,
  cardId: string,
): Promise<ProgressRow[]> {
  return db
    .selectFrom('progress')
    .selectAll()
    .where('user_id', '=', userId)
    .where('card_id', '=', cardId)
    .execute();
}

/** The cards of a scope, as a where clause on `cards` (the same rule as the queue's). */
function inScope(scope: CardScope) {
  return sql<boolean>`(${sql.join(
    [
      ...(scope.ownAll ? [sql`cards.owner_id = ${scope.userId}`] : []),
      ...(scope.categories ? [inCategorySet('cards.category_id', scope.categories)] : []),
      sql`1 = 0`,
    ],
    sql` or `,
  )})`;
}

/**
 * Whether the scope holds any card: one of the learner's own (on the owner's index), or one of
 * its categories' (the set leading, on the category's index), never a scan of every card.
 */
export async function hasCardsInScope(db: Db, scope: CardScope): Promise<boolean> {
  const some = (where: RawBuilder<SqlBool>) =>
    db
      .selectNoFrom((eb) =>
        eb
          .exists(
            eb
              .selectFrom('cards')
              .select(sql<number>`1`.as('one'))
              .where(where),
          )
          .as('found'),
      )
      .executeTakeFirst();
  if (scope.ownAll && (await some(sql<SqlBool>`cards.owner_id = ${scope.userId}`))?.found) {
    return true;
  }
  if (!scope.categories) return false;
  return Boolean((await some(lookUpCategorySet('cards.category_id', scope.categories)))?.found);
}

/**
 * The learner's active cards of the scope falling due before `end`, counted per day of `dayMs`
 * from `start` (day 0 also holds everything overdue), with those due at `now` or earlier apart.
 *
 * Read from the (user_id, due_at, card_id, suspended, category_id) index of progress. A card never
 * changes owner, and progress.category_id is its category when first studied: a row first studied
 * in no category or in one of `ownCategories` is the learner's own card, in scope for good; only
 * the others (shared cards, or own ones of a deleted category) look their card up.
 */
export async function countDueByDay(
  db: Db,
  scope: CardScope,
  ownCategories: CategoryIdSet,
  window: { start: number; end: number; dayMs: number; now: number },
): Promise<{ day: number; due: number; dueNow: number }[]> {
  const { start, end, dayMs, now } = window;
  // The cast makes it a whole day on SQLite too, where bound numbers are reals.
  const day = sql<number>`case when progress.due_at < ${start} then 0 else cast((progress.due_at - ${start}) / ${dayMs} as bigint) end`;
  const rows = await db
    .selectFrom('progress')
    .where('progress.user_id', '=', scope.userId)
    .where('progress.suspended', '=', 0)
    .where('progress.due_at', '<', end)
    // A reverse schedule counts while its card is asked that way (decision 0027).
    .where((eb) =>
      eb.or([
        eb('progress.direction', '=', 'forward'),
        eb.exists(
          eb
            .selectFrom('cards')
            .select(sql<number>`1`.as('one'))
            .whereRef('cards.id', '=', 'progress.card_id')
            .where(cardAsksReverse('cards')),
        ),
      ]),
    )
    .where((eb) =>
      eb.or([
        eb('progress.category_id', 'is', null),
        inCategorySet('progress.category_id', ownCategories),
        eb.exists(
          eb
            .selectFrom('cards')
            .select(sql<number>`1`.as('one'))
            .whereRef('cards.id', '=', 'progress.card_id')
            .where(inScope(scope)),
        ),
      ]),
    )
    .select((eb) => [
      day.as('due_day'),
      eb.fn.countAll<number>().as('n'),
      eb.fn
        .sum<number | string | null>(
          eb.case().when('progress.due_at', '<=', now).then(1).else(0).end(),
        )
        .as('n_now'),
    ])
    .groupBy(sql.ref('due_day'))
    .execute();
  return rows.map((row) => ({
    day: Number(row.due_day),
    due: Number(row.n),
    dueNow: Number(row.n_now ?? 0),
  }));
}

/** How many of a category's newest cards a count of its new cards looks at, at most. */
export const NEW_CARDS_WINDOW = 2000;

/**
 * How many cards the learner never studied there are in each category ('' for their own cards in
 * no category), counting each only up to `cap`; categories without any are left out. One
 * statement per kind, whatever the number of categories:
 * - the learner's own cards (their categories and none): those their owner never studied
 *   (cards.owner_studied, kept by the review writer), from the partial index of new cards;
 * - others' categories (`others`): among each category's NEW_CARDS_WINDOW newest cards (by
 *   creation, then id: the queue's order reversed), those without a progress row of the learner.
 *   The queue introduces the oldest new cards first, so the new ones are the newest and the window
 *   holds them, unless never-studied cards older than it were moved into a category of thousands
 *   of studied ones, or an old card's only review was undone: then fewer are counted. Without the
 *   window, a learner who studied everything would have every card read on each call.
 */
export async function countNewCards(
  db: Db,
  userId: string,
  sets: { own: CategoryIdSet; others: CategoryIdSet | null },
  cap: number,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const read = async (query: RawBuilder<{ k: string; n: number | string }>) => {
    for (const row of (await query.execute(db)).rows) {
      if (Number(row.n) > 0) counts.set(row.k, Number(row.n));
    }
  };
  const ownNew = (where: RawBuilder<unknown>) =>
    sql`(select count(*) from (select 1 as one from cards c where ${where} and c.owner_studied = 0 limit ${cap}) fresh)`;
  await read(sql<{ k: string; n: number | string }>`select k, n from (
      select '' as k, ${ownNew(sql`c.owner_id = ${userId} and c.category_id is null`)} as n
      union all
      select own.id as k, ${ownNew(sql`c.category_id = own.id`)} as n from ${sets.own.ids} own
    ) counted where n > 0`);
  if (sets.others) {
    // A scalar subquery, not NOT EXISTS: PostgreSQL would turn that into a hash anti-join over all
    // the learner's progress rows; this looks up each of the few cards on the primary key.
    await read(sql<{ k: string; n: number | string }>`select k, n from (
        select other.id as k, (select count(*) from (select 1 as one from (select c.id from cards c where c.category_id = other.id order by c.created_at desc, c.id desc limit ${NEW_CARDS_WINDOW}) recent where (select 1 from progress p where p.user_id = ${userId} and p.card_id = recent.id) is null limit ${cap}) fresh) as n
        from ${sets.others.ids} other
      ) counted where n > 0`);
  }
  return counts;
}

/** The newest `limit` log rows of the learner on one card, newest first, and how many there are. */
export async function listCardHistory(
  db: Db,
  userId: string,
  cardId: string,
  limit: number,
): Promise<{ rows: ReviewLogRow[]; total: number }> {
  const rows = await db
    .selectFrom('review_log')
    .selectAll()
    .where('user_id', '=', userId)
    .where('card_id', '=', cardId)
    .orderBy('seq', 'desc')
    .limit(limit)
    .execute();
  const count =
    rows.length < limit
      ? rows.length
      : Number(
          (
            await db
              .selectFrom('review_log')
              .where('user_id', '=', userId)
              .where('card_id', '=', cardId)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirst()
          )?.n ?? 0,
        );
  return { rows, total: count };
}
