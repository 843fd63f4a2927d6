import { randomUUID } from 'node:crypto';
import { categoryLimits } from '@glossa/contract';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { CategoriesTable } from '../../db/schema';
import { assertRoomForCategories } from './categories.service';
import type { PlanContext } from '../subscriptions/subscriptions.service';
import {
  countCardsByCategory,
  insertCategories,
  listSubtrees,
  nameKey,
  pathIds,
  siblingNameTaken,
  type CategoryRow,
} from './categories.repository';
import { deckVisibleTo } from './category-access';
import { findDeckRows } from './decks.repository';
import { deckNotFound } from './decks.service';
import { openSubtrees } from './open-subtrees';

// The categories of a copy of a public deck (docs/decisions/0022-explore.md): the explore module
// copies the cards into them, through the cards module.

/** The categories of a copy: each source category with its copy, parents first. */
export interface CopiedTree {
  rootId: string;
  name: string;
  /** Source category id → its copy's id. */
  targets: Map<string, string>;
  /** The source categories, parents first (the order their cards are copied in). */
  sources: string[];
  /** The cards filed in the source categories when the copy began. */
  cardCount: number;
}

/**
 * The deck's name for its copy at the top of the learner's tree, where sibling names are unique:
 * its own, else "… (copy)", "… (copy 2)"…, cut to the longest name allowed.
 */
async function freeRootName(db: Db, userId: string, name: string): Promise<string> {
  const fit = (base: string, suffix: string) =>
    `${base.slice(0, categoryLimits.nameMax - suffix.length).trimEnd()}${suffix}`;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const candidate =
      attempt === 0 ? name : fit(name, attempt === 1 ? ' (copy)' : ` (copy ${attempt})`);
    if (
      !(await siblingNameTaken(db, {
        ownerId: userId,
        parentId: null,
        nameLower: nameKey(candidate),
      }))
    ) {
      return candidate;
    }
  }
  return fit(name, ` (copy ${randomUUID().slice(0, 8)})`);
}

/** The categories of the deck the copier reads: all of their own; what strangers read of others'. */
async function categoriesToCopy(
  db: Db,
  userId: string,
  deck: { id: string; owner_id: string; path: string },
): Promise<CategoryRow[]> {
  if (deck.owner_id === userId) {
    return (await listSubtrees(db, [{ ownerId: userId, path: deck.path }])).sort(
      (a, b) => a.depth - b.depth || a.id.localeCompare(b.id),
    );
  }
  const opened = await openSubtrees(db, [{ id: deck.id, ownerId: deck.owner_id, path: deck.path }]);
  return opened.get(deck.id) ?? [];
}

/**
 * Makes the categories of a copy of the deck at the top of the learner's tree, private, the deck's
 * copy remembering where it came from. On the caller's transaction, which holds the learner's lock
 * (lockOwner): the owner limit of categories is counted there (409 naming `categories`). 404 for a
 * category that is not a deck the learner may read in explore.
 */
export async function copyDeckTree(
  plan: PlanContext,
  db: Db,
  userId: string,
  deckId: string,
  now: number,
): Promise<CopiedTree> {
  const [deck] = await findDeckRows(db, [deckId]);
  if (!deck || !deckVisibleTo(deck, userId)) throw deckNotFound();
  const categories = await categoriesToCopy(db, userId, deck);
  // The deck was deleted or closed between the two reads (each read sees what had committed when
  // it began, on PostgreSQL): nothing to copy, and never an empty copy answered as made.
  if (!categories.some((category) => category.id === deck.id)) throw deckNotFound();
  await assertRoomForCategories(db, userId, categories.length, { lock: false, plan });
  const name = await freeRootName(db, userId, deck.name);
  const targets = new Map(categories.map((category) => [category.id, randomUUID()]));
  const rootId = targets.get(deck.id) ?? randomUUID();
  const deckDepth = deck.parent_id === null ? 1 : pathIds(deck.path).length;
  const rows: Insertable<CategoriesTable>[] = categories.map((category) => {
    const id = targets.get(category.id) ?? randomUUID();
    const ids = pathIds(category.path);
    const path = ids
      .slice(deckDepth - 1)
      .map((sourceId) => targets.get(sourceId) ?? sourceId)
      .join('/');
    const isRoot = category.id === deck.id;
    const parentId = isRoot ? null : (targets.get(category.parent_id ?? '') ?? null);
    return {
      id,
      owner_id: userId,
      parent_id: parentId,
      parent_key: parentId ?? '',
      path,
      depth: category.depth - deckDepth + 1,
      name: isRoot ? name : category.name,
      name_lower: isRoot ? nameKey(name) : category.name_lower,
      description: category.description,
      visibility: 'private',
      from_language_code: category.from_language_code,
      to_language_code: category.to_language_code,
      reverse_default: category.reverse_default,
      created_at: now,
      updated_at: now,
      copied_from_id: isRoot ? deck.id : null,
      copied_from_name: isRoot ? deck.name : null,
      copied_from_owner: isRoot ? deck.owner_username : null,
      copied_at: isRoot ? now : null,
    };
  });
  await insertCategories(db, rows);
  const sources = categories.map((category) => category.id);
  const counts = await countCardsByCategory(db, sources);
  const cardCount = sources.reduce((sum, id) => sum + (counts.get(id) ?? 0), 0);
  return { rootId, name, targets, sources, cardCount };
}
