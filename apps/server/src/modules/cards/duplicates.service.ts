import {
  duplicateListMax,
  type CardReverse,
  type DuplicateList,
  type DuplicateQuery,
} from '@glossa/contract';
import { duplicateKey } from '@glossa/srs';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { conflict } from '../../errors';
import { requireCardCategory } from '../categories/category-scope.service';
import { cardAccesses } from './card-access';
import { reverseDefaults, textColumns, toCard } from './cards.service';
import {
  findAnkiKeys,
  findCardsByFrontKey,
  findCardsByFrontKeys,
  updateCardColumns,
  type CardRow,
} from './cards.repository';

/**
 * Duplicate cards: the same front, compared by its duplicate key (case, accents, spacing and
 * punctuation aside), in the same pair of languages (docs/decisions/0023-collation-and-duplicates.md).
 */

/** What identifies a card as a duplicate of another: its front's key and its languages. */
export const duplicateIdentity = (frontKey: string, from: string, to: string) =>
  JSON.stringify([frontKey, from, to]);

/**
 * GET /api/cards/duplicates: the caller's own cards with this front and pair, or (categoryId)
 * those of the category's owner that the caller may read; the oldest first.
 */
export async function findDuplicates(
  deps: AppDeps,
  userId: string,
  query: DuplicateQuery,
): Promise<DuplicateList> {
  const ownerId = query.categoryId
    ? (await requireCardCategory(deps.db, userId, query.categoryId)).ownerId
    : userId;
  const rows = await findCardsByFrontKey(deps.db, {
    ownerId,
    key: duplicateKey(query.front, query.from),
    from: query.from,
    to: query.to,
    // Another owner's cards the caller may not read are left out after the read.
    limit: ownerId === userId ? duplicateListMax : duplicateListMax * 20,
  });
  const accesses = await cardAccesses(deps.db, userId, rows);
  const reverse = await reverseDefaults(deps.db, rows);
  const items = rows.flatMap((row) => {
    const access = accesses.get(row.id);
    return access ? [toCard(row, access === 'edit', reverse)] : [];
  });
  return { items: items.slice(0, duplicateListMax) };
}

/** A card an import row repeats. */
export interface ExistingCard {
  id: string;
  front: string;
  categoryId: string | null;
  /** The version read, which the update writes over (and raises). */
  version: number;
}

/**
 * For the front keys of an import into the owner's cards, the oldest card the owner has with each
 * key and pair that the importer may change (all of them when the importer is the owner), by
 * duplicateIdentity; one read per few hundred keys.
 */
export async function findImportDuplicates(
  db: Db,
  userId: string,
  ownerId: string,
  frontKeys: string[],
): Promise<Map<string, ExistingCard>> {
  const rows = await findCardsByFrontKeys(db, ownerId, frontKeys);
  let editable: (row: CardRow) => boolean = () => true;
  if (ownerId !== userId) {
    const accesses = await cardAccesses(db, userId, rows);
    editable = (row) => accesses.get(row.id) === 'edit';
  }
  const found = new Map<string, ExistingCard>();
  for (const row of rows) {
    if (!editable(row)) continue;
    const identity = duplicateIdentity(row.front_key, row.from_language_code, row.to_language_code);
    if (!found.has(identity)) {
      found.set(identity, {
        id: row.id,
        front: row.front,
        categoryId: row.category_id,
        version: row.version,
      });
    }
  }
  return found;
}

/** New content for an existing card (an import's duplicate row, `duplicates: update`). */
export interface CardContentUpdate {
  id: string;
  /** The version the import read it at. */
  version: number;
  front: string;
  answers: string[];
  notes: string;
  /** The card's (and the row's) language of the front. */
  fromLanguageCode: string;
  /** undefined: the card stays where it is. */
  categoryId: string | null | undefined;
  /** undefined: the card keeps its own choice of the reverse direction. */
  reverse: CardReverse | undefined;
}

/**
 * Writes the rows' content over the cards and raises their versions, on the caller's transaction
 * (the import's), which holds the owner's lock since it read them (findImportDuplicates): no other
 * change of them can come between. The languages stay, being what made them duplicates.
 */
export async function updateCardContents(
  db: Db,
  updates: CardContentUpdate[],
  now: number,
): Promise<void> {
  for (const update of updates) {
    const written = await updateCardColumns(db, update.id, update.version, {
      front: update.front,
      ...textColumns(update.front, update.answers, update.fromLanguageCode),
      answers: JSON.stringify(update.answers),
      notes: update.notes,
      ...(update.categoryId !== undefined ? { category_id: update.categoryId } : {}),
      ...(update.reverse !== undefined ? { reverse: update.reverse } : {}),
      updated_at: now,
    });
    // Unreachable under the owner's lock; should a writer skip it, nothing is written over.
    if (!written) {
      throw conflict('duplicates', 'A card this file updates changed meanwhile: import it again');
    }
  }
}

/**
 * Which of these Anki cards (their `<ordinal>:<note guid>` keys) the owner has imported already
 * (decision 0035): an import of the same package again skips them, whoever imports it.
 */
export async function findImportedAnkiKeys(
  db: Db,
  ownerId: string,
  keys: string[],
): Promise<Set<string>> {
  return findAnkiKeys(db, ownerId, keys);
}
