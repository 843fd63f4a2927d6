import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ProgressTable, ReviewLogTable } from '../../db/schema';

// The figures of study: read-only queries of the progress and the review log, which the study
// module writes (docs/decisions/0012-study-write-path.md).

export type ProgressRow = Selectable<ProgressTable>;
export type ReviewLogRow = Selectable<ReviewLogTable>;

/** Which cards the figures cover: all the learner's own (ownAll) and the cards of these categories. */
export interface CardScope {
  userId: string;
  ownAll: boolean;
  categoryIds: string[];
}

/** The learner's progress on one card, if they studied it. */
export async function findProgress(
  db: Db,
  userId: string,
  cardId: string,
): Promise<ProgressRow | undefined> {
  return db
    .selectFrom('progress')
    .selectAll()
    .where('user_id', '=', userId)
    .where('card_id', '=', cardId)
    .executeTakeFirst();
}

/** The cards of a scope, as a where clause on `cards` (the same rule as the queue's). */
function inScope(scope: CardScope) {
  return sql<boolean>`(${sql.join(
    [
      ...(scope.ownAll ? [sql`cards.owner_id = ${scope.userId}`] : []),
      ...(scope.categoryIds.length > 0
        ? [sql`cards.category_id in (${sql.join(scope.categoryIds)})`]
        : []),
      sql`1 = 0`,
    ],
    sql` or `,
  )})`;
}

/** Whether the scope holds any card. */
export async function hasCardsInScope(db: Db, scope: CardScope): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) =>
      eb
        .exists(
          eb
            .selectFrom('cards')
            .select(sql<number>`1`.as('one'))
            .where(inScope(scope)),
        )
        .as('found'),
    )
    .executeTakeFirst();
  return Boolean(row?.found);
}

/**
 * The learner's active cards of the scope falling due before `end`, counted per day of `dayMs`
 * from `start` (day 0 also holds everything overdue), with those due at `now` or earlier apart.
 *
 * Read from the (user_id, due_at, card_id, suspended, category_id) index of progress. A card never
 * changes owner, and progress.category_id is its category when first studied: a row first studied
 * in no category or in one of `ownCategoryIds` is the learner's own card, in scope for good; only
 * the others (shared cards, or own ones of a deleted category) look their card up.
 */
export async function countDueByDay(
  db: Db,
  scope: CardScope,
  ownCategoryIds: string[],
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
    .where((eb) =>
      eb.or([
        eb('progress.category_id', 'is', null),
        ...(ownCategoryIds.length > 0 ? [eb('progress.category_id', 'in', ownCategoryIds)] : []),
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

/** Where new cards come from: one category, or the owner's cards in no category. */
export type NewCardSource = { categoryId: string } | { uncategorisedOf: string };

/** How many of a source's newest cards a count of its new cards looks at, at most. */
export const NEW_CARDS_WINDOW = 2000;

/**
 * How many cards of each source the learner never studied, counting each only up to its limit,
 * among the source's NEW_CARDS_WINDOW newest cards (by creation, then id: the queue's order
 * reversed). The queue introduces the oldest new cards first, so the new ones are the newest and
 * the window holds them, unless never-studied cards older than it were moved into a category of
 * thousands of studied ones, or an old card's only review was undone: then fewer are counted.
 * Without the window, a learner who studied everything would have every card read on each call.
 */
export async function countNewCards(
  db: Db,
  userId: string,
  sources: { source: NewCardSource; limit: number }[],
): Promise<number[]> {
  if (sources.length === 0) return [];
  // A scalar subquery, not NOT EXISTS: PostgreSQL would turn that into a hash anti-join over all
  // the learner's progress rows; this looks up each of the few cards on the primary key.
  const arms = sources.map(({ source, limit }, index) => {
    const where =
      'categoryId' in source
        ? sql`c.category_id = ${source.categoryId}`
        : sql`c.owner_id = ${source.uncategorisedOf} and c.category_id is null`;
    return sql`select ${sql.lit(index)} as i, (select count(*) from (select 1 as one from (select c.id from cards c where ${where} order by c.created_at desc, c.id desc limit ${NEW_CARDS_WINDOW}) recent where (select 1 from progress p where p.user_id = ${userId} and p.card_id = recent.id) is null limit ${limit}) fresh) as n`;
  });
  const { rows } = await sql<{ i: number; n: number | string }>`${sql.join(
    arms,
    sql` union all `,
  )}`.execute(db);
  const counts = sources.map(() => 0);
  for (const row of rows) counts[Number(row.i)] = Number(row.n);
  return counts;
}

/**
 * The learner's reviews since `since` that no undo took back, and how many of them succeeded
 * (a failure turned into a success by "I was right" counts as a success). An undo or override
 * of a review is a later row of the same card, found on the (card_id, user_id, seq) index.
 */
export async function countAnsweredSince(
  db: Db,
  userId: string,
  since: number,
): Promise<{ total: number; successes: number }> {
  const row = await db
    .selectFrom('review_log as r')
    .where('r.user_id', '=', userId)
    .where('r.reviewed_at', '>=', since)
    .where('r.kind', '=', 'review')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('review_log as u')
            .select(sql<number>`1`.as('one'))
            .whereRef('u.user_id', '=', 'r.user_id')
            .whereRef('u.card_id', '=', 'r.card_id')
            .whereRef('u.seq', '>', 'r.seq')
            .where('u.kind', '=', 'undo')
            .whereRef('u.target_id', '=', 'r.id'),
        ),
      ),
    )
    .select((eb) => [
      eb.fn.countAll<number>().as('total'),
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(
              eb.or([
                eb('r.success', '=', 1),
                eb.exists(
                  eb
                    .selectFrom('review_log as o')
                    .select(sql<number>`1`.as('one'))
                    .whereRef('o.user_id', '=', 'r.user_id')
                    .whereRef('o.card_id', '=', 'r.card_id')
                    .whereRef('o.seq', '>', 'r.seq')
                    .where('o.kind', '=', 'override')
                    .whereRef('o.target_id', '=', 'r.id'),
                ),
              ]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('successes'),
    ])
    .executeTakeFirst();
  return { total: Number(row?.total ?? 0), successes: Number(row?.successes ?? 0) };
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
