import { randomUUID } from 'node:crypto';
import type {
  AccountExport,
  BulkMoveBody,
  BulkResult,
  Card,
  CreateCardBody,
  UpdateCardBody,
} from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { requireCardCategory, type CardCategory } from '../categories/category-scope.service';
import {
  assertMovable,
  cardAccesses,
  requireCardAccess,
  requireEditableCards,
} from './card-access';
import {
  deleteCard as deleteCardRow,
  deleteCards,
  findCard,
  findCardsByIds,
  findCardsWithFront,
  insertCard,
  insertCards,
  listCardsInCategories,
  listCardsOfOwner,
  moveCards,
  updateCard as updateCardRow,
  type CardRow,
} from './cards.repository';

const iso = (ms: number) => new Date(ms).toISOString();

/** A card's own fields (the study's bookkeeping on the row aside). */
type CardFields = Omit<CardRow, 'owner_studied'>;

export function toCard(row: CardFields, canEdit: boolean): Card {
  return {
    id: row.id,
    ownerId: row.owner_id,
    categoryId: row.category_id,
    front: row.front,
    answers: parseAnswers(row.answers),
    notes: row.notes,
    fromLanguageCode: row.from_language_code,
    toLanguageCode: row.to_language_code,
    canEdit,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

function parseAnswers(json: string): string[] {
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

/** Lower-cased in JavaScript so sorting and searching behave the same on both dialects. */
export const lower = (text: string) => text.normalize('NFC').toLowerCase();
const searchText = (front: string, answers: string[]) => lower([front, ...answers].join('\n'));

/** A card to add: its sides, languages, category and creation time. */
interface NewCard {
  front: string;
  answers: string[];
  notes: string;
  fromLanguageCode: string;
  toLanguageCode: string;
  categoryId: string | null;
  createdAt: number;
}

function newCardRow(ownerId: string, card: NewCard): CardFields {
  return {
    id: randomUUID(),
    owner_id: ownerId,
    category_id: card.categoryId,
    front: card.front,
    front_lower: lower(card.front),
    answers: JSON.stringify(card.answers),
    search_text: searchText(card.front, card.answers),
    notes: card.notes,
    from_language_code: card.fromLanguageCode,
    to_language_code: card.toLanguageCode,
    created_at: card.createdAt,
    updated_at: card.createdAt,
  };
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
  });
  await insertCard(deps.db, row);
  return toCard(row, true);
}

/** Rows per INSERT: 12 parameters each stays far below both dialects' parameter limits. */
const insertBatchSize = 1000;

/** Many cards of one owner at once (an import), on the caller's transaction. */
export async function addCards(db: Db, ownerId: string, cards: NewCard[]): Promise<void> {
  for (let offset = 0; offset < cards.length; offset += insertBatchSize) {
    await insertCards(
      db,
      cards.slice(offset, offset + insertBatchSize).map((card) => newCardRow(ownerId, card)),
    );
  }
}

/** GET /api/cards/{id} */
export async function getCard(deps: AppDeps, userId: string, id: string): Promise<Card> {
  const { card, access } = await requireCardAccess(deps.db, userId, await findCard(deps.db, id));
  return toCard(card, access === 'edit');
}

/** PATCH /api/cards/{id} */
export async function updateCard(
  deps: AppDeps,
  userId: string,
  id: string,
  body: UpdateCardBody,
): Promise<Card> {
  return deps.db.transaction().execute(async (trx) => {
    const card = await findCard(trx, id);
    await requireEditableCards(trx, userId, card ? [card] : [], 1);
    if (!card) throw new Error('unreachable: requireEditableCards refuses a missing card');
    let categoryId = card.category_id;
    if (body.categoryId !== undefined && body.categoryId !== card.category_id) {
      const target = body.categoryId
        ? await requireCardCategory(trx, userId, body.categoryId)
        : null;
      assertMovable(userId, [card], target);
      categoryId = target?.id ?? null;
    }
    const front = body.front ?? card.front;
    const answers = body.answers ?? parseAnswers(card.answers);
    const next: CardRow = {
      ...card,
      category_id: categoryId,
      front,
      front_lower: lower(front),
      answers: JSON.stringify(answers),
      search_text: searchText(front, answers),
      notes: body.notes ?? card.notes,
      from_language_code: body.fromLanguageCode ?? card.from_language_code,
      to_language_code: body.toLanguageCode ?? card.to_language_code,
      updated_at: deps.now(),
    };
    const { id: _id, owner_id: _owner, created_at: _created, ...patch } = next;
    await updateCardRow(trx, card.id, patch);
    return toCard(next, true);
  });
}

/** DELETE /api/cards/{id}: its owner, or an editor of its category. */
export async function deleteCard(deps: AppDeps, userId: string, id: string): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    const card = await findCard(trx, id);
    await requireEditableCards(trx, userId, card ? [card] : [], 1);
    await deleteCardRow(trx, id);
  });
}

const unique = (ids: string[]) => [...new Set(ids)];

/** POST /api/cards/bulk-move: all the cards or none. */
export async function bulkMoveCards(
  deps: AppDeps,
  userId: string,
  body: BulkMoveBody,
): Promise<BulkResult> {
  const ids = unique(body.ids);
  return deps.db.transaction().execute(async (trx) => {
    const cards = await findCardsByIds(trx, ids);
    await requireEditableCards(trx, userId, cards, ids.length);
    const target: CardCategory | null = body.categoryId
      ? await requireCardCategory(trx, userId, body.categoryId)
      : null;
    assertMovable(userId, cards, target);
    return { count: await moveCards(trx, ids, target?.id ?? null, deps.now()) };
  });
}

/** POST /api/cards/bulk-delete: all the cards or none. */
export async function bulkDeleteCards(
  deps: AppDeps,
  userId: string,
  ids: string[],
): Promise<BulkResult> {
  const wanted = unique(ids);
  return deps.db.transaction().execute(async (trx) => {
    const cards = await findCardsByIds(trx, wanted);
    await requireEditableCards(trx, userId, cards, wanted.length);
    return { count: await deleteCards(trx, wanted) };
  });
}

const toExportedCard = (row: CardRow): AccountExport['cards'][number] => {
  const { ownerId: _owner, canEdit: _canEdit, ...card } = toCard(row, true);
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
 * caller may read, oldest first, `limit` cards at most: their own, and those of the shared or
 * public categories open to them.
 */
export async function answersOfCardsWithFront(
  deps: AppDeps,
  userId: string,
  query: { front: string; from: string; to: string; limit: number },
): Promise<{ answers: string[]; own: boolean }[]> {
  const rows = await findCardsWithFront(deps.db, {
    userId,
    frontLower: lower(query.front),
    from: query.from,
    to: query.to,
    limit: query.limit,
  });
  const accesses = await cardAccesses(deps.db, userId, rows);
  return rows
    .filter((row) => accesses.get(row.id))
    .map((row) => ({ answers: parseAnswers(row.answers), own: row.owner_id === userId }));
}
