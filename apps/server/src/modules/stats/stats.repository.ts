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
export async function findProgress(db: Db, userId: string, cardId: string): Promise<ProgressRow[]> {
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
 * Read from the (user_id, due_at, card_id, suspended, category_id, direction) index of progress
 * alone. A card never changes owner, and progress.category_id is its category when first studied: a row first studied
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
