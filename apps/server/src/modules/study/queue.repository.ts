import {
  sql,
  type ExpressionBuilder,
  type SqlBool,
  type Expression,
  type Selectable,
} from 'kysely';
import type { Db } from '../../db/database';
import type { CardsTable, Database } from '../../db/schema';
import {
  inCategorySet,
  lookUpCategorySet,
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
 * Which studied cards a list takes: those due at or before now (`due`), those not due yet
 * (`ahead`: study ahead), or all of them (`any`: practise).
 */
export type DueWindow = 'due' | 'ahead' | 'any';

/** Studied cards in scope in the window, soonest due (most overdue) first. */
export async function listDueCards(
  db: Db,
  scope: QueueScope,
  now: number,
  limit: number,
  window: DueWindow = 'due',
): Promise<{ card: Selectable<CardsTable>; progress: ProgressRow }[]> {
  if (isEmpty(scope) || limit <= 0) return [];
  // The rows come from the (user_id, due_at, card_id, …) index in order: only the page's cards are read.
  const rows = await db
    .selectFrom('progress')
    .innerJoin('cards', 'cards.id', 'progress.card_id')
    .where('progress.user_id', '=', scope.userId)
    .where('progress.suspended', '=', 0)
    .$if(window === 'due', (q) => q.where('progress.due_at', '<=', now))
    .$if(window === 'ahead', (q) => q.where('progress.due_at', '>', now))
    .where((eb) => dueInScope(eb, scope))
    .selectAll('cards')
    .select([
      'progress.user_id as p_user_id',
      'progress.category_id as p_category_id',
      'progress.elevation as p_elevation',
      'progress.period as p_period',
      'progress.lapses as p_lapses',
      'progress.reps as p_reps',
      'progress.last_review_at as p_last_review_at',
      'progress.due_at as p_due_at',
      'progress.suspended as p_suspended',
      'progress.created_at as p_created_at',
      'progress.foreign_card as p_foreign_card',
    ])
    .orderBy('progress.due_at', 'asc')
    .orderBy('progress.card_id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((row) => {
    const {
      p_user_id,
      p_category_id,
      p_elevation,
      p_period,
      p_lapses,
      p_reps,
      p_last_review_at,
      p_due_at,
      p_suspended,
      p_created_at,
      p_foreign_card,
      ...card
    } = row;
    return {
      card,
      progress: {
        user_id: p_user_id,
        card_id: card.id,
        category_id: p_category_id,
        elevation: p_elevation,
        period: p_period,
        lapses: p_lapses,
        reps: p_reps,
        last_review_at: p_last_review_at,
        due_at: p_due_at,
        suspended: p_suspended,
        created_at: p_created_at,
        foreign_card: p_foreign_card,
      },
    };
  });
}

/**
 * How many cards in scope are due at `now`. All the learner's own: their due rows less the foreign
 * ones, from indexes alone; the rest through their cards' categories.
 */
export async function countDueCards(db: Db, scope: QueueScope, now: number): Promise<number> {
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

/** When the soonest card in scope not due at `now` falls due; null when none will. */
export async function nextDueAfter(db: Db, scope: QueueScope, now: number): Promise<number | null> {
  if (isEmpty(scope)) return null;
  const row = await db
    .selectFrom('progress')
    .innerJoin('cards', 'cards.id', 'progress.card_id')
    .where('progress.user_id', '=', scope.userId)
    .where('progress.suspended', '=', 0)
    .where('progress.due_at', '>', now)
    .where((eb) => dueInScope(eb, scope))
    .select('progress.due_at')
    .orderBy('progress.due_at', 'asc')
    .limit(1)
    .executeTakeFirst();
  return row?.due_at === null || row?.due_at === undefined ? null : Number(row.due_at);
}

export interface NewCardKey {
  id: string;
  category_id: string | null;
  created_at: number;
}

const byCreation = (a: NewCardKey, b: NewCardKey) =>
  a.created_at - b.created_at || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Cards in scope the learner never studied, oldest first (keys only). Their own come from the
 * partial index of cards their owner has not studied; others' cards are checked one by one
 * against the learner's progress.
 */
export async function listNewCardKeys(
  db: Db,
  scope: QueueScope,
  limit: number,
): Promise<NewCardKey[]> {
  const parts: NewCardKey[][] = [];
  if (scope.own !== null) {
    let own = db
      .selectFrom('cards')
      .select(['id', 'category_id', 'created_at'])
      .where('owner_id', '=', scope.userId)
      .where('owner_studied', '=', 0);
    if (scope.own !== 'all') own = own.where(inCategorySet('cards.category_id', scope.own));
    parts.push(await own.orderBy('created_at').orderBy('id').limit(limit).execute());
  }
  if (scope.foreign !== null) {
    const foreign = await db
      .selectFrom('cards')
      .select(['id', 'category_id', 'created_at'])
      .where(lookUpCategorySet('cards.category_id', scope.foreign))
      .where('owner_id', '<>', scope.userId)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('progress')
              .select(sql<number>`1`.as('one'))
              .whereRef('progress.card_id', '=', 'cards.id')
              .where('progress.user_id', '=', scope.userId),
          ),
        ),
      )
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    parts.push(foreign);
  }
  return parts.flat().sort(byCreation).slice(0, limit);
}

/**
 * Brings cards.owner_studied of these cards back to "their owner has a progress row for them", in
 * one statement; only rows that change are written.
 */
export async function syncOwnerStudied(db: Db, cardIds: string[]): Promise<void> {
  if (cardIds.length === 0) return;
  const studied = sql<number>`case when exists (select 1 from progress where progress.user_id = cards.owner_id and progress.card_id = cards.id) then 1 else 0 end`;
  await db
    .updateTable('cards')
    .set({ owner_studied: studied })
    .where('id', 'in', cardIds)
    .where('owner_studied', '<>', studied)
    .execute();
}
