import { randomUUID } from 'node:crypto';
import {
  liveEvent,
  asksReverse,
  ownerLimits,
  type AccountExport,
  type CardReverse,
  type BulkMoveBody,
  type BulkResult,
  type Card,
  type CreateCardBody,
  type UpdateCardBody,
} from '@glossa/contract';
import { duplicateKey, searchDocument, searchKey, sortKey } from '@glossa/srs';
import type { AppDeps, LiveAudience } from '../../app-deps';
import type { Db } from '../../db/database';
import { isForeignKeyViolation } from '../../db/errors';
import { AppError, conflict, notFound } from '../../errors';
import {
  requireCardCategory,
  reverseDefaultCategories,
  type CardCategory,
} from '../categories/category-scope.service';
import { lockOwner } from '../users/users.service';
import { assertPlanRoom, type PlanContext } from '../subscriptions/subscriptions.service';
import {
  assertMovable,
  assertStudied,
  cardAccesses,
  cardStudyAccesses,
  requireCardAccess,
  requireEditableCards,
} from './card-access';
import {
  cardSearchDocument,
  countOwnedCards,
  deleteCard as deleteCardRow,
  deleteCards,
  deleteSomeCardsOfOwner,
  findCard,
  findCardsByIds,
  findCardsWithFront,
  findLearnersOfCards,
  insertCard,
  insertCards,
  listCardsInCategories,
  listCardsOfOwner,
  moveCards,
  updateCardColumns,
  type CardPatch,
  type CardRow,
} from './cards.repository';

const iso = (ms: number) => new Date(ms).toISOString();

/** A card's own fields (the study's bookkeeping on the row aside). */
type CardFields = Omit<CardRow, 'owner_studied'>;

/**
 * The card as the contract has it. `reverseCategories`: the categories among the card's whose
 * cards ask the reverse direction by default (reverseDefaults), which asksReverse follows.
 */
export function toCard(
  row: CardFields,
  canEdit: boolean,
  reverseCategories: ReadonlySet<string>,
): Card {
  return {
    id: row.id,
    ownerId: row.owner_id,
    categoryId: row.category_id,
    front: row.front,
    answers: parseAnswers(row.answers),
    notes: row.notes,
    fromLanguageCode: row.from_language_code,
    toLanguageCode: row.to_language_code,
    reverse: row.reverse,
    asksReverse: asksReverse(
      row.reverse,
      row.category_id === null ? null : reverseCategories.has(row.category_id),
    ),
    canEdit,
    version: row.version,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The categories of these cards whose cards ask the reverse direction by default (toCard). */
export function reverseDefaults(
  db: Db,
  rows: readonly Pick<CardRow, 'category_id'>[],
): Promise<Set<string>> {
  return reverseDefaultCategories(
    db,
    rows.flatMap((row) => (row.category_id === null ? [] : [row.category_id])),
  );
}

export function parseAnswers(json: string): string[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((a): a is string => typeof a === 'string') : [];
}

/** What a card says, as study shows it: its sides, notes, languages and category. */
export type CardContent = Pick<
  Card,
  'id' | 'categoryId' | 'front' | 'answers' | 'notes' | 'fromLanguageCode' | 'toLanguageCode'
>;

/**
 * The content of these cards, in no particular order; a missing one is left out. No access check:
 * for a caller that found the cards among those the learner may study.
 */
export async function readCardContents(db: Db, ids: string[]): Promise<CardContent[]> {
  return (await findCardsByIds(db, ids)).map((row) => ({
    id: row.id,
    categoryId: row.category_id,
    front: row.front,
    answers: parseAnswers(row.answers),
    notes: row.notes,
    fromLanguageCode: row.from_language_code,
    toLanguageCode: row.to_language_code,
  }));
}

/** Lower-cased in JavaScript so that matching behaves the same on both dialects. */
export const lower = (text: string) => text.normalize('NFC').toLowerCase();
const searchText = (front: string, answers: string[]) => searchKey([front, ...answers].join('\n'));

/** The columns computed from a card's front, answers and language (decision 0023). */
export function textColumns(
  front: string,
  answers: string[],
  fromLanguageCode: string,
  frontKey = duplicateKey(front, fromLanguageCode),
) {
  return {
    front_lower: lower(front),
    front_key: frontKey,
    front_sort: sortKey(front, fromLanguageCode),
    search_text: searchText(front, answers),
  };
}

/** A card to add: its sides, languages, category and creation time. */
interface NewCard {
  /** Chosen by the caller when it refers to the card in the same transaction (an Anki import). */
  id?: string | undefined;
  front: string;
  answers: string[];
  notes: string;
  fromLanguageCode: string;
  toLanguageCode: string;
  categoryId: string | null;
  createdAt: number;
  /** Its choice of the reverse direction; absent: inherit. */
  reverse?: CardReverse | undefined;
  /** Its front's duplicate key when the caller computed it already (an import). */
  frontKey?: string | undefined;
  /** The Anki card it comes from (an Anki import). */
  ankiKey?: string | null | undefined;
}

function newCardRow(ownerId: string, card: NewCard): CardFields {
  return {
    id: card.id ?? randomUUID(),
    owner_id: ownerId,
    category_id: card.categoryId,
    front: card.front,
    ...textColumns(card.front, card.answers, card.fromLanguageCode, card.frontKey),
    answers: JSON.stringify(card.answers),
    notes: card.notes,
    search_doc: searchDocument(card.front, ...card.answers, card.notes),
    from_language_code: card.fromLanguageCode,
    to_language_code: card.toLanguageCode,
    reverse: card.reverse ?? 'inherit',
    created_at: card.createdAt,
    updated_at: card.createdAt,
    version: 1,
    anki_key: card.ankiKey ?? null,
  };
}

const cardNotFound = () => notFound('Card not found');
const categoryGone = () =>
  new AppError('not_found', 'Category not found', [
    { path: 'categoryId', message: 'This category was deleted' },
  ]);

/**
 * Runs a write of cards filed (or to be filed) in categories: a foreign key refusing it means the
 * category it names was deleted by a transaction that committed first, a 404 naming categoryId
 * (docs/decisions/0015-concurrent-writes.md).
 */
async function intoLiveCategory<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw categoryGone();
    throw error;
  }
}

/** POST /api/cards: the caller's own card, or in a category they edit (then the owner's card). */
export async function createCard(
  deps: AppDeps,
  userId: string,
  body: CreateCardBody,
): Promise<Card> {
  const category = body.categoryId
    ? await requireCardCategory(deps.db, userId, body.categoryId)
    : null;
  const row = newCardRow(category?.ownerId ?? userId, {
    front: body.front,
    answers: body.answers,
    notes: body.notes ?? '',
    fromLanguageCode: body.fromLanguageCode,
    toLanguageCode: body.toLanguageCode,
    categoryId: category?.id ?? null,
    createdAt: deps.now(),
    reverse: body.reverse,
  });
  // The owner's lock (assertRoomForCards) orders this insert with the owner's category changes: a
  // deletion of the category that committed first leaves the foreign key to refuse it (404), one
  // that comes after finds the card and moves or deletes it with the category.
  await intoLiveCategory(() =>
    deps.db.transaction().execute(async (trx) => {
      await assertRoomForCards(trx, row.owner_id, 1, { plan: deps });
      await insertCard(trx, row);
    }),
  );
  deps.live.publish(
    liveEvent('card.created', { id: row.id, categoryId: row.category_id }),
    cardAudience(row.owner_id, row.category_id),
  );
  return toCard(row, true, await reverseDefaults(deps.db, [row]));
}

/**
 * Refuses (409 `conflict`, issue `cards`) adding `adding` cards to an owner who would then own
 * more than the limit, and (402 `plan_limit`) a free owner past the free plan's (billing on).
 * Call it on the transaction that inserts them, before inserting: it takes the owner's lock
 * first, so concurrent creates count one after the other and cannot overshoot (`lock: false` for
 * a dry run, which inserts nothing, or when the caller holds the lock).
 */
export async function assertRoomForCards(
  db: Db,
  ownerId: string,
  adding: number,
  { lock = true, plan }: { lock?: boolean; plan: PlanContext },
): Promise<void> {
  if (adding <= 0) return;
  if (lock) await lockOwner(db, ownerId);
  const owned = await countOwnedCards(db, ownerId);
  if (owned + adding > ownerLimits.cardsMax) {
    throw conflict(
      'cards',
      `An owner can have at most ${ownerLimits.cardsMax.toLocaleString('en')} cards (${owned.toLocaleString('en')} now, adding ${adding.toLocaleString('en')})`,
    );
  }
  await assertPlanRoom(plan, db, ownerId, 'cards', owned + adding);
}

/** Rows per INSERT: 12 parameters each stays far below both dialects' parameter limits. */
const insertBatchSize = 1000;

/**
 * Many cards of one owner at once (an import), on the caller's transaction: all of them, or none
 * when the owner would have more than the limit.
 */
export async function addCards(
  plan: PlanContext,
  db: Db,
  ownerId: string,
  cards: NewCard[],
): Promise<void> {
  await assertRoomForCards(db, ownerId, cards.length, { plan });
  await intoLiveCategory(async () => {
    for (let offset = 0; offset < cards.length; offset += insertBatchSize) {
      await insertCards(
        db,
        cards.slice(offset, offset + insertBatchSize).map((card) => newCardRow(ownerId, card)),
      );
    }
  });
}

/** Cards deleted per statement when an account goes. */
const deleteBatchSize = 2000;

/** Deletes every card of the owner, `deleteBatchSize` per statement (an account's deletion). */
export async function deleteOwnCards(deps: AppDeps, ownerId: string): Promise<void> {
  let deleted: number;
  do {
    deleted = await deleteSomeCardsOfOwner(deps.db, ownerId, deleteBatchSize);
  } while (deleted > 0);
}

/**
 * Refuses a card the learner does not study (cardStudyAccesses): 404 when they may not see it,
 * 403 when they may only read it. What a card's schedule asks before showing the learner's own;
 * answers whether the card is asked in reverse now.
 */
export async function requireStudiedCard(
  deps: AppDeps,
  userId: string,
  id: string,
): Promise<{ asksReverse: boolean }> {
  const card = await findCard(deps.db, id);
  const access = card ? (await cardStudyAccesses(deps.db, userId, [card])).get(card.id) : undefined;
  assertStudied(access);
  if (!card) throw cardNotFound();
  return { asksReverse: toCard(card, false, await reverseDefaults(deps.db, [card])).asksReverse };
}

/** GET /api/cards/{id} */
export async function getCard(deps: AppDeps, userId: string, id: string): Promise<Card> {
  const { card, access } = await requireCardAccess(deps.db, userId, await findCard(deps.db, id));
  return toCard(card, access === 'edit', await reverseDefaults(deps.db, [card]));
}

/**
 * Takes the lock of the owner of the cards with these ids, then reads them as they are: a card's
 * writes and its owner's category changes then come one after the other (lock order: the owner's
 * row, then cards and categories; docs/decisions/0015-concurrent-writes.md). A card's owner never
 * changes, so the owner read before the lock is the owner after it. Owners are locked in id
 * order, so two calls never wait for each other crosswise.
 */
async function lockCards(db: Db, ids: string[]): Promise<CardRow[]> {
  const seen = await findCardsByIds(db, ids);
  const owners = [...new Set(seen.map((card) => card.owner_id))].sort();
  for (const ownerId of owners) {
    try {
      await lockOwner(db, ownerId);
    } catch (error) {
      // The owner's account was deleted, and their cards with it.
      if (error instanceof AppError && error.code === 'not_found') continue;
      throw error;
    }
  }
  return owners.length === 0 ? [] : findCardsByIds(db, ids);
}

/** What an update of a card writes: the fields it names, the derived columns they feed. */
function cardPatch(
  card: CardRow,
  body: Omit<UpdateCardBody, 'expectedVersion' | 'categoryId'>,
  categoryId: string | null | undefined,
  now: number,
): CardPatch {
  const patch: CardPatch = { updated_at: now };
  if (body.front !== undefined) {
    patch.front = body.front;
    patch.front_lower = lower(body.front);
  }
  if (body.front !== undefined || body.fromLanguageCode !== undefined) {
    // The keys of the front in its language (decision 0023).
    const front = body.front ?? card.front;
    const language = body.fromLanguageCode ?? card.from_language_code;
    patch.front_key = duplicateKey(front, language);
    patch.front_sort = sortKey(front, language);
  }
  if (body.answers !== undefined) patch.answers = JSON.stringify(body.answers);
  if (body.front !== undefined || body.answers !== undefined) {
    // Read under the owner's lock: the other side is the one committed last.
    patch.search_text = searchText(
      body.front ?? card.front,
      body.answers ?? parseAnswers(card.answers),
    );
  }
  if (body.notes !== undefined) patch.notes = body.notes;
  if (body.front !== undefined || body.answers !== undefined || body.notes !== undefined) {
    // The words search indexes it by (docs/decisions/0021-search.md).
    patch.search_doc = cardSearchDocument(
      body.front ?? card.front,
      body.answers !== undefined ? JSON.stringify(body.answers) : card.answers,
      body.notes ?? card.notes,
    );
  }
  if (body.fromLanguageCode !== undefined) patch.from_language_code = body.fromLanguageCode;
  if (body.toLanguageCode !== undefined) patch.to_language_code = body.toLanguageCode;
  if (categoryId !== undefined) patch.category_id = categoryId;
  if (body.reverse !== undefined) patch.reverse = body.reverse;
  return patch;
}

/** 409 naming expectedVersion: the card changed since the version the caller showed. */
const staleCard = (version: number) =>
  conflict(
    'expectedVersion',
    `This card was changed elsewhere since you opened it (it is at version ${version} now): reload it and apply your change again`,
  );

/**
 * PATCH /api/cards/{id}: only the fields given are written, and the version raised, in one
 * statement under the owner's lock, so concurrent changes of different fields all stay; with
 * expectedVersion, a card changed since is refused (409) and nothing changes.
 */
export async function updateCard(
  deps: AppDeps,
  userId: string,
  id: string,
  { expectedVersion, categoryId: wantedCategoryId, ...fields }: UpdateCardBody,
): Promise<Card> {
  const { card, previousCategoryId } = await deps.db.transaction().execute(async (trx) => {
    const [card] = await lockCards(trx, [id]);
    // Who may change it first: a stale version must not tell a stranger the card exists.
    await requireEditableCards(trx, userId, card ? [card] : [], 1);
    if (!card) throw cardNotFound();
    if (expectedVersion !== undefined && expectedVersion !== card.version) {
      throw staleCard(card.version);
    }
    let categoryId: string | null | undefined;
    if (wantedCategoryId !== undefined && wantedCategoryId !== card.category_id) {
      const target = wantedCategoryId
        ? await requireCardCategory(trx, userId, wantedCategoryId)
        : null;
      assertMovable(userId, [card], target);
      categoryId = target?.id ?? null;
    }
    const patch = cardPatch(card, fields, categoryId, deps.now());
    const row = await intoLiveCategory(() => updateCardColumns(trx, card.id, card.version, patch));
    // Under the owner's lock nothing else changes the card; should a writer ever skip the lock,
    // the version in the statement still refuses to write over its change.
    if (!row) throw (await findCard(trx, id)) ? staleCard(card.version) : cardNotFound();
    return {
      card: toCard(row, true, await reverseDefaults(trx, [row])),
      previousCategoryId: card.category_id,
    };
  });
  const changed = liveEvent('card.changed', {
    id: card.id,
    categoryId: card.categoryId,
    ...(previousCategoryId === card.categoryId ? {} : { previousCategoryId }),
    version: card.version,
    fields: [
      ...Object.keys(fields),
      ...(previousCategoryId === card.categoryId ? [] : ['categoryId']),
    ],
  });
  deps.live.publish(changed, cardAudience(card.ownerId, card.categoryId));
  // Moved: those who read it where it was see it go.
  if (previousCategoryId !== card.categoryId) {
    deps.live.publish(changed, cardAudience(card.ownerId, previousCategoryId));
  }
  return card;
}

/** DELETE /api/cards/{id}: its owner, or an editor of its category. */
export async function deleteCard(deps: AppDeps, userId: string, id: string): Promise<void> {
  const card = await deps.db.transaction().execute(async (trx) => {
    const card = await findCard(trx, id);
    await requireEditableCards(trx, userId, card ? [card] : [], 1);
    // Deleted by another request since it was read: this one deleted nothing.
    if (!card || !(await deleteCardRow(trx, id))) throw cardNotFound();
    return card;
  });
  deps.live.publish(
    liveEvent('card.deleted', { id: card.id, categoryId: card.category_id }),
    cardAudience(card.owner_id, card.category_id),
  );
}

/** Who a card's events reach: the readers of its category, or its owner alone. */
function cardAudience(ownerId: string, categoryId: string | null): LiveAudience {
  return categoryId ? { kind: 'category', categoryId } : { kind: 'user', userId: ownerId };
}

/** Categories told of one bulk change at most (a bulk change names at most a few hundred). */
const bulkCategoriesTold = 200;

/** Tells the readers of each category (and the owners, for uncategorised cards) of a bulk change. */
export function publishCardsChanged(
  deps: AppDeps,
  cards: Pick<CardRow, 'owner_id' | 'category_id'>[],
  extraCategoryId: string | null | undefined,
  count: number,
): void {
  if (count === 0) return;
  const audiences = new Map<string, LiveAudience>();
  for (const card of cards) {
    audiences.set(
      card.category_id ?? `owner:${card.owner_id}`,
      cardAudience(card.owner_id, card.category_id),
    );
  }
  if (extraCategoryId) audiences.set(extraCategoryId, cardAudience('', extraCategoryId));
  const entries = [...audiences.entries()].slice(0, bulkCategoriesTold);
  const categoryIds = [
    ...new Set([
      ...cards.map((card) => card.category_id),
      ...(extraCategoryId === undefined ? [] : [extraCategoryId]),
    ]),
  ].slice(0, bulkCategoriesTold);
  const event = liveEvent('cards.changed', { categoryIds, count });
  for (const [, audience] of entries) deps.live.publish(event, audience);
}

const unique = (ids: string[]) => [...new Set(ids)];

/** POST /api/cards/bulk-move: all the cards or none. */
export async function bulkMoveCards(
  deps: AppDeps,
  userId: string,
  body: BulkMoveBody,
): Promise<BulkResult> {
  const ids = unique(body.ids);
  const moved = await deps.db.transaction().execute(async (trx) => {
    const cards = await lockCards(trx, ids);
    await requireEditableCards(trx, userId, cards, ids.length);
    const target: CardCategory | null = body.categoryId
      ? await requireCardCategory(trx, userId, body.categoryId)
      : null;
    assertMovable(userId, cards, target);
    const count = await intoLiveCategory(() => moveCards(trx, ids, target?.id ?? null, deps.now()));
    return { count, cards, target: target?.id ?? null };
  });
  publishCardsChanged(deps, moved.cards, moved.target, moved.count);
  return { count: moved.count };
}

/** POST /api/cards/bulk-delete: all the cards or none. */
export async function bulkDeleteCards(
  deps: AppDeps,
  userId: string,
  ids: string[],
): Promise<BulkResult> {
  const wanted = unique(ids);
  const deleted = await deps.db.transaction().execute(async (trx) => {
    const cards = await findCardsByIds(trx, wanted);
    await requireEditableCards(trx, userId, cards, wanted.length);
    return { count: await deleteCards(trx, wanted), cards };
  });
  publishCardsChanged(deps, deleted.cards, undefined, deleted.count);
  return { count: deleted.count };
}

const toExportedCard = (row: CardRow): AccountExport['cards'][number] => {
  const {
    ownerId: _owner,
    canEdit: _canEdit,
    version: _version,
    asksReverse: _asks,
    ...card
  } = toCard(row, true, new Set());
  return card;
};

/** The learner's own cards, oldest first (for the exports). */
export async function exportOwnCards(
  deps: AppDeps,
  userId: string,
): Promise<AccountExport['cards']> {
  return (await listCardsOfOwner(deps.db, userId)).map(toExportedCard);
}

/** The cards filed in the categories, oldest first (for the export of a category). */
export async function exportCardsOfCategories(
  deps: AppDeps,
  categoryIds: string[],
): Promise<AccountExport['cards']> {
  return (await listCardsInCategories(deps.db, categoryIds)).map(toExportedCard);
}

/**
 * The answers of the cards with this front (compared lower-cased) and language pair that the
 * caller may read, with who vouches for each card: its owner, and up to `learnersPerCard`
 * learners who study it. Their own and those of the shared or public categories open to them;
 * at most `perOwner` cards of one owner, and the cards of `owners` owners (findCardsWithFront).
 */
export async function answersOfCardsWithFront(
  deps: AppDeps,
  userId: string,
  query: {
    front: string;
    from: string;
    to: string;
    perOwner: number;
    owners: number;
    learnersPerCard: number;
  },
): Promise<{ answers: string[]; own: boolean; ownerId: string; learnerIds: string[] }[]> {
  const rows = await findCardsWithFront(deps.db, {
    userId,
    frontLower: lower(query.front),
    from: query.from,
    to: query.to,
    perOwner: query.perOwner,
    owners: query.owners,
  });
  const accesses = await cardAccesses(deps.db, userId, rows);
  const readable = rows.filter((row) => accesses.get(row.id));
  const learners = new Map<string, string[]>();
  for (const { cardId, userId: learnerId } of await findLearnersOfCards(
    deps.db,
    readable.map((row) => row.id),
    query.learnersPerCard,
  )) {
    learners.set(cardId, [...(learners.get(cardId) ?? []), learnerId]);
  }
  return readable.map((row) => ({
    answers: parseAnswers(row.answers),
    own: row.owner_id === userId,
    ownerId: row.owner_id,
    learnerIds: learners.get(row.id) ?? [],
  }));
}
