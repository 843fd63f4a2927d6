import type { Db } from '../../db/database';
import { AppError, invalidInput, notFound } from '../../errors';
import { notStudied } from '../categories/category-access';
import {
  cardAccessInCategories,
  studyAccessInCategories,
  type CardCategory,
} from '../categories/category-scope.service';
import type { CardRow } from './cards.repository';

/** What the caller may do with a card: edit, read, or nothing (it answers 404). */
export type CardAccess = 'edit' | 'read' | undefined;

/**
 * A card belongs to its owner; in a category, the category's members read it and its editors
 * change it (docs/decisions/0004-sharing.md). Answers the access of each card, by id.
 */
export async function cardAccesses(
  db: Db,
  userId: string,
  cards: CardRow[],
): Promise<Map<string, CardAccess>> {
  const foreignCategoryIds = [
    ...new Set(
      cards.flatMap((card) =>
        card.owner_id !== userId && card.category_id ? [card.category_id] : [],
      ),
    ),
  ];
  const byCategory = await cardAccessInCategories(db, userId, foreignCategoryIds);
  return new Map(
    cards.map((card) => [
      card.id,
      card.owner_id === userId
        ? 'edit'
        : card.category_id
          ? byCategory.get(card.category_id)
          : undefined,
    ]),
  );
}

const cardNotFound = () => notFound('Card not found');

/** Whether the learner studies a card, may only read it (403 to study), or not see it (404). */
export type StudyAccess = 'study' | 'read' | undefined;

/**
 * Whether the learner studies each card: their own, and those of categories they study
 * (canStudy, category-access.ts). The one rule of the queue, reviews, overrides, undos and a
 * card's schedule.
 */
export async function cardStudyAccesses(
  db: Db,
  userId: string,
  cards: CardRow[],
): Promise<Map<string, StudyAccess>> {
  const foreignCategoryIds = [
    ...new Set(
      cards.flatMap((card) =>
        card.owner_id !== userId && card.category_id ? [card.category_id] : [],
      ),
    ),
  ];
  // The writer asks this for every batch: its own cards need no query.
  const byCategory =
    foreignCategoryIds.length === 0
      ? new Map<string, 'study' | 'read'>()
      : await studyAccessInCategories(db, userId, foreignCategoryIds);
  return new Map(
    cards.map((card) => [
      card.id,
      card.owner_id === userId
        ? 'study'
        : card.category_id
          ? byCategory.get(card.category_id)
          : undefined,
    ]),
  );
}

/** A card the learner studies; 404 when they may not see it, 403 when they may only read it. */
export function assertStudied(access: StudyAccess): void {
  if (access === undefined) throw cardNotFound();
  if (access === 'read') throw notStudied();
}

const readOnly = () => new AppError('forbidden', 'You may read this card but not change it');

/** The cards, all of which the caller may edit: 404 if one is hidden, 403 if one is read-only. */
export async function requireEditableCards(
  db: Db,
  userId: string,
  cards: CardRow[],
  expected: number,
): Promise<void> {
  const accesses = await cardAccesses(db, userId, cards);
  if (cards.length !== expected || cards.some((card) => accesses.get(card.id) === undefined)) {
    throw expected === 1
      ? cardNotFound()
      : new AppError('not_found', 'Some cards were not found', [
          { path: 'ids', message: 'Some cards were not found' },
        ]);
  }
  if (cards.some((card) => accesses.get(card.id) !== 'edit')) throw readOnly();
}

export async function requireCardAccess(
  db: Db,
  userId: string,
  card: CardRow | undefined,
): Promise<{ card: CardRow; access: 'edit' | 'read' }> {
  if (!card) throw cardNotFound();
  const access = (await cardAccesses(db, userId, [card])).get(card.id);
  if (!access) throw cardNotFound();
  return { card, access };
}

/**
 * Every card of a category has the category's owner, so a card only moves between categories of
 * its owner, and only its owner takes it out of all categories.
 */
export function assertMovable(userId: string, cards: CardRow[], target: CardCategory | null): void {
  for (const card of cards) {
    if (target ? card.owner_id !== target.ownerId : card.owner_id !== userId) {
      throw target
        ? invalidInput('categoryId', 'A card can only move between categories of its owner')
        : new AppError('forbidden', 'Only the owner of a card may take it out of its category');
    }
  }
}
