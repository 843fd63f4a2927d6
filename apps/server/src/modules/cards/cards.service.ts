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
import { requireCardCategory, type CardCategory } from '../categories/category-scope.service';
import { assertMovable, requireCardAccess, requireEditableCards } from './card-access';
import {
  deleteCard as deleteCardRow,
  deleteCards,
  findCard,
  findCardsByIds,
  insertCard,
  listCardsOfOwner,
  moveCards,
  updateCard as updateCardRow,
  type CardRow,
} from './cards.repository';

const iso = (ms: number) => new Date(ms).toISOString();

export function toCard(row: CardRow, canEdit: boolean): Card {
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

export function parseAnswers(json: string): string[] {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((a): a is string => typeof a === 'string') : [];
}

/** Lower-cased in JavaScript so sorting and searching behave the same on both dialects. */
export const lower = (text: string) => text.normalize('NFC').toLowerCase();
export const searchText = (front: string, answers: string[]) =>
  lower([front, ...answers].join('\n'));

/** POST /api/cards: the caller's own card, or in a category they edit (then the owner's card). */
export async function createCard(
  deps: AppDeps,
  userId: string,
  body: CreateCardBody,
): Promise<Card> {
  const category = body.categoryId
    ? await requireCardCategory(deps.db, userId, body.categoryId)
    : null;
  const now = deps.now();
  const row: CardRow = {
    id: randomUUID(),
    owner_id: category?.ownerId ?? userId,
    category_id: category?.id ?? null,
    front: body.front,
    front_lower: lower(body.front),
    answers: JSON.stringify(body.answers),
    search_text: searchText(body.front, body.answers),
    notes: body.notes ?? '',
    from_language_code: body.fromLanguageCode,
    to_language_code: body.toLanguageCode,
    created_at: now,
    updated_at: now,
    owner_studied: 0,
  };
  await insertCard(deps.db, row);
  return toCard(row, true);
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

/** The learner's own cards, oldest first (for the account export). */
export async function exportOwnCards(
  deps: AppDeps,
  userId: string,
): Promise<AccountExport['cards']> {
  return (await listCardsOfOwner(deps.db, userId)).map((row) => {
    const { ownerId: _owner, canEdit: _canEdit, ...card } = toCard(row, true);
    return card;
  });
}
