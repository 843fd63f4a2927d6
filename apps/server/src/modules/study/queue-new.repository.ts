import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database';
import type { Direction } from '../../db/schema';
import {
  cardAsksReverse,
  inCategorySet,
  lookUpCategorySet,
} from '../categories/category-scope.service';
import { answeredSince, firstOfEachCard, type QueueScope } from './queue.repository';

// The queue's new items (docs/decisions/0027-reverse-direction.md): a card never studied forward,
// or asked in reverse and never studied that way, found through the indexes of the learner's own
// cards and their categories, or checked one by one for others' categories.

export interface NewCardKey {
  id: string;
  category_id: string | null;
  created_at: number;
  direction: Direction;
}

const byCreation = (a: NewCardKey, b: NewCardKey) =>
  a.created_at - b.created_at ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) ||
  (a.direction < b.direction ? -1 : a.direction > b.direction ? 1 : 0);

/** The learner has no schedule of the card (`cards` row) in this direction. */
const noProgress = (userId: string, direction: Direction) =>
  sql<SqlBool>`not exists (select 1 from progress p where p.user_id = ${userId} and p.card_id = cards.id and p.direction = ${direction})`;

/**
 * New in reverse and offered today (decision 0027): asked that way, never studied that way, its
 * forward schedule begun and not due now (a card's directions start on different days, forward
 * first; a card due forward is shown forward), and not answered today.
 */
const newReverseToday = (userId: string, now: number, dayStart: number) =>
  sql<SqlBool>`(${cardAsksReverse('cards')} and ${noProgress(userId, 'reverse')} and exists (select 1 from progress f where f.user_id = ${userId} and f.card_id = cards.id and f.direction = 'forward' and (f.due_at > ${now} or f.suspended = 1)) and not ${answeredSince(userId, 'cards.id', sql<SqlBool>`1 = 1`, dayStart)})`;

/** New forward and not buried by a reverse answer today (a forward review undone, then reverse). */
const notBuriedForward = (userId: string, dayStart: number) =>
  sql<SqlBool>`not ${answeredSince(userId, 'cards.id', sql<SqlBool>`r.direction = 'reverse'`, dayStart)}`;

/**
 * Items in scope the learner never studied, oldest card first (keys only), each card once:
 * forward, where the learner has no schedule of the card; reverse, where newReverseToday says.
 * Their own forward ones come from the partial index of cards their owner has not studied forward;
 * their own reverse ones from those asked in reverse (the partial index of `reverse` = on, and the
 * cards of their categories asked in reverse by default); others' cards are checked one by one
 * against the learner's progress.
 */
export async function listNewCardKeys(
  db: Db,
  scope: QueueScope,
  limit: number,
  now: number,
  dayStart: number,
): Promise<NewCardKey[]> {
  const { userId } = scope;
  const parts: NewCardKey[][] = [];
  const keys = ['id', 'category_id', 'created_at'] as const;
  const forward = sql<Direction>`'forward'`.as('direction');
  const reverse = sql<Direction>`'reverse'`.as('direction');
  if (limit <= 0) return [];
  if (scope.own !== null) {
    let own = db
      .selectFrom('cards')
      .select([...keys, forward])
      .where('owner_id', '=', userId)
      .where('owner_studied', '=', 0)
      .where(notBuriedForward(userId, dayStart));
    if (scope.own !== 'all') own = own.where(inCategorySet('cards.category_id', scope.own));
    parts.push(await own.orderBy('created_at').orderBy('id').limit(limit).execute());
    // Asked in reverse by the card itself, or by its category (the owner's own categories).
    const within = scope.own === 'all' ? null : scope.own;
    let reverseOn = db
      .selectFrom('cards')
      .select([...keys, reverse])
      .where('owner_id', '=', userId)
      .where('reverse', '=', 'on')
      .where(newReverseToday(userId, now, dayStart));
    let byCategory = db
      .selectFrom('cards')
      .select([...keys, reverse])
      .where('cards.category_id', 'in', (eb) =>
        eb
          .selectFrom('categories')
          .select('categories.id')
          .where('categories.owner_id', '=', userId)
          .where('categories.reverse_default', '=', 1),
      )
      .where('reverse', '=', 'inherit')
      .where(newReverseToday(userId, now, dayStart));
    if (within !== null) {
      reverseOn = reverseOn.where(inCategorySet('cards.category_id', within));
      byCategory = byCategory.where(inCategorySet('cards.category_id', within));
    }
    for (const query of [reverseOn, byCategory]) {
      parts.push(await query.orderBy('created_at').orderBy('id').limit(limit).execute());
    }
  }
  if (scope.foreign !== null) {
    // One read of the set for both directions (a member's set may span thousands of categories):
    // a card is new forward (no forward schedule) or new in reverse (one), never both.
    const forwardNew = sql<SqlBool>`(${noProgress(userId, 'forward')} and ${notBuriedForward(userId, dayStart)})`;
    const others = await db
      .selectFrom('cards')
      .select([
        ...keys,
        sql<Direction>`case when ${noProgress(userId, 'forward')} then 'forward' else 'reverse' end`.as(
          'direction',
        ),
      ])
      .where(lookUpCategorySet('cards.category_id', scope.foreign))
      .where('owner_id', '<>', userId)
      .where(sql<SqlBool>`(${forwardNew} or ${newReverseToday(userId, now, dayStart)})`)
      .orderBy('created_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    parts.push(others);
  }
  return firstOfEachCard(parts.flat().sort(byCreation)).slice(0, limit);
}
