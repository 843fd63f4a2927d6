import {
  sql,
  type ExpressionBuilder,
  type RawBuilder,
  type SqlBool,
  type Expression,
  type Selectable,
} from 'kysely';
import type { Db } from '../../db/database';
import type { CardsTable, Database } from '../../db/schema';
import {
  cardAsksReverse,
  inCategorySet,
  type CategoryIdSet,
} from '../categories/category-scope.service';
import type { ProgressRow } from './study.repository';

/**
 * What a queue holds, split by ownership (docs/decisions/0005-group-commit.md, "The queue"): the
 * learner's own cards (all of them, or those of some categories) are found through the
 * denormalised progress.foreign_card and cards.owner_studied flags and their indexes; others'
 * cards (categories the learner is a member of) through a join on their categories. Sets of
 * categories are subqueries (category-scope.service.ts), never lists of ids.
 */
export interface QueueScope {
  userId: string;
  /** The learner's own cards: 'all', those in a set of categories, or none (null). */
  own: 'all' | CategoryIdSet | null;
  /** Categories of other owners whose cards the learner studies (none when null). */
  foreign: CategoryIdSet | null;
}

type DueEb = ExpressionBuilder<Database, 'progress' | 'cards'>;

/** The progress rows' cards in scope, for a query joining progress and cards. */
function dueInScope(eb: DueEb, scope: QueueScope): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (scope.own === 'all') parts.push(eb('progress.foreign_card', '=', 0));
  else if (scope.own) {
    parts.push(
      eb.and([eb('progress.foreign_card', '=', 0), inCategorySet('cards.category_id', scope.own)]),
    );
  }
  if (scope.foreign) {
    parts.push(
      eb.and([
        eb('progress.foreign_card', '=', 1),
        inCategorySet('cards.category_id', scope.foreign),
      ]),
    );
  }
  return parts.length > 0 ? eb.or(parts) : sql<SqlBool>`1 = 0`;
}

const isEmpty = (scope: QueueScope) => scope.own === null && scope.foreign === null;

/**
 * Whether the learner answered the card (`card`: a column) since `since` in a direction matching
 * `direction` (a condition on `r.direction`), by a review no undo took back: the learner's day
 * (decision 0027) buries the other direction of a card answered that day. Read on the log's
 * (card_id, user_id, seq) index: a card has few rows.
 */
export function answeredSince(
  userId: string,
  card: string,
  direction: RawBuilder<SqlBool>,
  since: number,
): RawBuilder<SqlBool> {
  return sql<SqlBool>`exists (select 1 from review_log r where r.card_id = ${sql.ref(card)} and r.user_id = ${userId} and r.kind = 'review' and r.reviewed_at >= ${since} and ${direction} and not exists (select 1 from review_log u where u.card_id = r.card_id and u.user_id = r.user_id and u.kind = 'undo' and u.target_id = r.id))`;
}

/** A progress row's direction is asked now: forward always, reverse as its card says. */
const directionAsked = sql<SqlBool>`(progress.direction = 'forward' or ${cardAsksReverse('cards')})`;

/** The progress row's other direction answered since the day started: it waits for tomorrow. */
const buried = (userId: string, since: number) =>
  answeredSince(userId, 'progress.card_id', sql<SqlBool>`r.direction <> progress.direction`, since);

/** Keeps the first item of each card (a queue never holds both directions of one card). */
export function firstOfEachCard<T extends { id: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (seen.has(item.id)) return false;
    seen.add(item.id);
    return true;
  });
}

/**
 * Which studied cards a list takes: those due at or before now (`due`), those not due yet
 * (`ahead`: study ahead), or all of them (`any`: practise).
 */
export type DueWindow = 'due' | 'ahead' | 'any';

/**
 * Studied items (a card in a direction) in scope in the window, soonest due (most overdue) first,
 * the directions asked now only. With `dayStart` (a queue that writes: study, ahead), an item
 * whose card was answered the other way since then is left out, and only the first item of each
 * card is kept (decision 0027).
 */
export async function listDueCards(
  db: Db,
  scope: QueueScope,
  now: number,
  limit: number,
  window: DueWindow = 'due',
  dayStart?: number,
): Promise<{ card: Selectable<CardsTable>; progress: ProgressRow }[]> {
  if (isEmpty(scope) || limit <= 0) return [];
  // The rows come from the (user_id, due_at, card_id, …) index in order: only the page's cards are
  // read. Twice the page, as the second direction of a card due both ways is left out.
  const rows = await db
    .selectFrom('progress')
    .innerJoin('cards', 'cards.id', 'progress.card_id')
    .where('progress.user_id', '=', scope.userId)
    .where('progress.suspended', '=', 0)
    .$if(window === 'due', (q) => q.where('progress.due_at', '<=', now))
    .$if(window === 'ahead', (q) => q.where('progress.due_at', '>', now))
    .where((eb) => dueInScope(eb, scope))
    .where(directionAsked)
    .$if(dayStart !== undefined, (q) =>
      q.where(({ not }) => not(buried(scope.userId, dayStart ?? 0))),
    )
    .selectAll('cards')
    .select([
      'progress.user_id as p_user_id',
      'progress.category_id as p_category_id',
      'progress.elevation as p_elevation',
      'progress.period as p_period',
      'progress.lapses as p_lapses',
      'progress.difficulty as p_difficulty',
      'progress.reps as p_reps',
      'progress.last_review_at as p_last_review_at',
      'progress.due_at as p_due_at',
      'progress.suspended as p_suspended',
      'progress.created_at as p_created_at',
      'progress.foreign_card as p_foreign_card',
      'progress.direction as p_direction',
    ])
    .orderBy('progress.due_at', 'asc')
    .orderBy('progress.card_id', 'asc')
    .orderBy('progress.direction', 'asc')
    .limit(dayStart === undefined ? limit : 2 * limit)
    .execute();
  const entries = rows.map((row) => {
    const {
      p_user_id,
      p_category_id,
      p_elevation,
      p_period,
      p_lapses,
      p_difficulty,
      p_reps,
      p_last_review_at,
      p_due_at,
      p_suspended,
      p_created_at,
      p_foreign_card,
      p_direction,
      ...card
    } = row;
    return {
      id: card.id,
      card,
      progress: {
        user_id: p_user_id,
        card_id: card.id,
        direction: p_direction,
        category_id: p_category_id,
        elevation: p_elevation,
        period: p_period,
        lapses: p_lapses,
        difficulty: p_difficulty,
        reps: p_reps,
        last_review_at: p_last_review_at,
        due_at: p_due_at,
        suspended: p_suspended,
        created_at: p_created_at,
        foreign_card: p_foreign_card,
      },
    };
  });
  return (dayStart === undefined ? entries : firstOfEachCard(entries))
    .slice(0, limit)
    .map(({ card, progress }) => ({ card, progress }));
}

/**
 * How many items in scope are due at `now` and still to study today (the learner's day started at
 * `dayStart`): every due progress row (a card in a direction), less the reverse rows of cards no
 * longer asked that way, less those buried by an answer of the other direction today, less one of
 * each card due both ways and answered neither way today (the first answered buries the other).
 */
export async function countDueCards(
  db: Db,
  scope: QueueScope,
  now: number,
  dayStart: number,
): Promise<number> {
  if (isEmpty(scope)) return 0;
  const [rows, corrections] = await Promise.all([
    countDueRows(db, scope, now),
    countDueCorrections(db, scope, now, dayStart),
  ]);
  return Math.max(0, rows - corrections);
}

/**
 * The due rows of a scope that the queue leaves out today (countDueCards): few, found from the
 * learner's reverse rows (a partial index) and today's answers, never by walking every due row.
 */
async function countDueCorrections(
  db: Db,
  scope: QueueScope,
  now: number,
  dayStart: number,
): Promise<number> {
  const { userId } = scope;
  // Reverse rows not asked now, and reverse rows of cards also due forward, neither answered today.
  const reverse = await db
    .selectFrom('progress')
    .innerJoin('cards', 'cards.id', 'progress.card_id')
    .where('progress.user_id', '=', userId)
    .where('progress.direction', '=', 'reverse')
    .where('progress.suspended', '=', 0)
    .where('progress.due_at', '<=', now)
    .where((eb) => dueInScope(eb, scope))
    .where((eb) =>
      eb.or([
        eb.not(cardAsksReverse('cards')),
        eb.and([
          eb.exists(
            eb
              .selectFrom('progress as f')
              .select(sql<number>`1`.as('one'))
              .where('f.user_id', '=', userId)
              .whereRef('f.card_id', '=', 'progress.card_id')
              .where('f.direction', '=', 'forward')
              .where('f.suspended', '=', 0)
              .where('f.due_at', '<=', now),
          ),
          eb.not(answeredSince(userId, 'progress.card_id', sql<SqlBool>`1 = 1`, dayStart)),
        ]),
      ]),
    )
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  // Rows asked now whose other direction was answered today (from today's answers: a few).
  const buriedRows = await db
    .selectFrom('progress')
    .innerJoin('cards', 'cards.id', 'progress.card_id')
    .where('progress.user_id', '=', userId)
    .where('progress.suspended', '=', 0)
    .where('progress.due_at', '<=', now)
    .where((eb) =>
      eb(
        'progress.card_id',
        'in',
        eb
          .selectFrom('review_log')
          .select('review_log.card_id')
          .where('review_log.user_id', '=', userId)
          .where('review_log.reviewed_at', '>=', dayStart)
          .where('review_log.kind', '=', 'review'),
      ),
    )
    .where((eb) => dueInScope(eb, scope))
    .where(directionAsked)
    .where(buried(userId, dayStart))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(reverse?.n ?? 0) + Number(buriedRows?.n ?? 0);
}

/** How many progress rows in scope are due at `now` (each direction of a card one). */
async function countDueRows(db: Db, scope: QueueScope, now: number): Promise<number> {
  let count = 0;
  if (scope.own === 'all') {
    const due = (foreignOnly: boolean) =>
      db
        .selectFrom('progress')
        .where('user_id', '=', scope.userId)
        .where('suspended', '=', 0)
        .where('due_at', '<=', now)
        .$if(foreignOnly, (q) => q.where('foreign_card', '=', 1))
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
    const [all, foreign] = await Promise.all([due(false), due(true)]);
    count += Number(all?.n ?? 0) - Number(foreign?.n ?? 0);
  }
  const joined: QueueScope = { ...scope, own: scope.own === 'all' ? null : scope.own };
  if (!isEmpty(joined)) {
    const row = await db
      .selectFrom('progress')
      .innerJoin('cards', 'cards.id', 'progress.card_id')
      .where('progress.user_id', '=', scope.userId)
      .where('progress.suspended', '=', 0)
      .where('progress.due_at', '<=', now)
      .where((eb) => dueInScope(eb, joined))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    count += Number(row?.n ?? 0);
  }
  return count;
}

/** When the soonest item in scope not due at `now` falls due; null when none will. */
export async function nextDueAfter(db: Db, scope: QueueScope, now: number): Promise<number | null> {
  if (isEmpty(scope)) return null;
  const row = await db
    .selectFrom('progress')
    .innerJoin('cards', 'cards.id', 'progress.card_id')
    .where('progress.user_id', '=', scope.userId)
    .where('progress.suspended', '=', 0)
    .where('progress.due_at', '>', now)
    .where((eb) => dueInScope(eb, scope))
    .where(directionAsked)
    .select('progress.due_at')
    .orderBy('progress.due_at', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row?.due_at === null || row?.due_at === undefined ? null : Number(row.due_at);
}

/**
 * Brings cards.owner_studied of these cards back to "their owner has a forward progress row for them", in
 * one statement; only rows that change are written.
 */
export async function syncOwnerStudied(db: Db, cardIds: string[]): Promise<void> {
  if (cardIds.length === 0) return;
  const studied = sql<number>`case when exists (select 1 from progress where progress.user_id = cards.owner_id and progress.card_id = cards.id and progress.direction = 'forward') then 1 else 0 end`;
  await db
    .updateTable('cards')
    .set({ owner_studied: studied })
    .where('id', 'in', cardIds)
    .where('owner_studied', '<>', studied)
    .execute();
}
