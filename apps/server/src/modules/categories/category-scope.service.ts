import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import {
  findCategoriesByIds,
  listOwnedCategories,
  listSubtrees,
  pathIds,
  type CategoryRow,
} from './categories.repository';
import {
  findReverseDefaultCategories,
  lookUpCategorySet,
  ownedIdSet,
  publicIdSet,
  studiedIdSet,
  subtreeIdSet,
  type CategoryIdSet,
} from './category-sets.repository';
import {
  canEditCards,
  canStudy,
  loadAccessContext,
  notStudied,
  requireCategoryAccess,
  resolveAccess,
  type Access,
} from './category-access';

// What the modules that work on cards ask of categories, answered in plain values: what a
// category lets the caller do with the cards filed in it, where they may file cards, which
// categories a card list or an export covers, and which ones a learner studies.

/** Each category with the caller's access to it (their ancestors and memberships read at once). */
async function withAccess(
  db: Db,
  userId: string,
  categories: CategoryRow[],
): Promise<{ category: CategoryRow; access: Access }[]> {
  const context = await loadAccessContext(db, userId, categories);
  return categories.map((category) => ({ category, access: resolveAccess(context, category) }));
}

/**
 * What the caller may do with the cards filed in each of the categories: edit or read; a category
 * they may not see is absent (its cards answer 404).
 */
export async function cardAccessInCategories(
  db: Db,
  userId: string,
  categoryIds: string[],
): Promise<Map<string, 'edit' | 'read'>> {
  const accesses = new Map<string, 'edit' | 'read'>();
  for (const { category, access } of await withAccess(
    db,
    userId,
    await findCategoriesByIds(db, categoryIds),
  )) {
    if (access !== undefined) accesses.set(category.id, canEditCards(access) ? 'edit' : 'read');
  }
  return accesses;
}

/**
 * Whether the learner studies the cards filed in each of the categories (canStudy) or may only
 * read them; a category they may not see is absent (its cards answer 404).
 */
export async function studyAccessInCategories(
  db: Db,
  userId: string,
  categoryIds: string[],
): Promise<Map<string, 'study' | 'read'>> {
  const accesses = new Map<string, 'study' | 'read'>();
  for (const { category, access } of await withAccess(
    db,
    userId,
    await findCategoriesByIds(db, categoryIds),
  )) {
    if (access !== undefined) accesses.set(category.id, canStudy(access) ? 'study' : 'read');
  }
  return accesses;
}

/** A category the caller may file cards in. */
export interface CardCategory {
  id: string;
  /** Every card of a category has the category's owner. */
  ownerId: string;
  depth: number;
}

/** A category cards may be put in by the caller: visible (else 404 naming `field`) and editable (else 403). */
export async function requireCardCategory(
  db: Db,
  userId: string,
  id: string,
  field = 'categoryId',
): Promise<CardCategory> {
  const { row, access } = await requireCategoryAccess(db, userId, id, field);
  if (!canEditCards(access)) {
    throw new AppError('forbidden', 'You may not add cards to this category');
  }
  return { id: row.id, ownerId: row.owner_id, depth: row.depth };
}

interface ScopedCategory {
  id: string;
  /** The names from the scope's root down to this category (those the caller may read). */
  names: string[];
  canEditCards: boolean;
}

interface CategoryScope {
  /** The owner of every category of the scope, and so of every card in them. */
  ownerId: string;
  categories: ScopedCategory[];
}

/**
 * Each category's names, from the root (the top when none is given) down to itself, among the
 * given categories: one the caller may not read (a private one between shared ones) is left out,
 * its name unknown to them, so a path never has an empty name.
 */
function namesFrom(categories: CategoryRow[], rootId: string | undefined) {
  const byId = new Map(categories.map((row) => [row.id, row]));
  return new Map(
    categories.map((row) => {
      const ids = pathIds(row.path);
      const from = rootId ? ids.indexOf(rootId) : 0;
      return [
        row.id,
        ids.slice(Math.max(0, from)).flatMap((id) => {
          const name = byId.get(id)?.name;
          return name === undefined ? [] : [name];
        }),
      ];
    }),
  );
}

/**
 * The categories a card list or an export covers: the category (404, naming `field` when given,
 * when the caller may not see it) and, with `subcategories`, those under it that the caller may
 * read (a private one under a shared one stays its owner's: docs/decisions/0004-sharing.md).
 */
export async function readCategoryScope(
  db: Db,
  userId: string,
  id: string,
  options: { subcategories: boolean; field?: string },
): Promise<CategoryScope> {
  const { row, access } = await requireCategoryAccess(db, userId, id, options.field);
  if (!options.subcategories) {
    return {
      ownerId: row.owner_id,
      categories: [{ id: row.id, names: [row.name], canEditCards: canEditCards(access) }],
    };
  }
  const subtree = await listSubtrees(db, [{ ownerId: row.owner_id, path: row.path }]);
  const readable = (await withAccess(db, userId, subtree)).flatMap(({ category, access }) =>
    access === undefined ? [] : [{ category, canEditCards: canEditCards(access) }],
  );
  const names = namesFrom(
    readable.map(({ category }) => category),
    row.id,
  );
  return {
    ownerId: row.owner_id,
    categories: readable.map(({ category, canEditCards }) => ({
      id: category.id,
      names: names.get(category.id) ?? [],
      canEditCards,
    })),
  };
}

/** The names of each of the caller's own categories, from the top down (an export of all cards). */
export async function listOwnCategoryNames(db: Db, userId: string): Promise<Map<string, string[]>> {
  return namesFrom(await listOwnedCategories(db, userId), undefined);
}

export type { CategoryIdSet };
export { cardAsksReverse, inCategorySet, lookUpCategorySet } from './category-sets.repository';

/** Of these categories, those whose cards ask the reverse direction by default (decision 0027). */
export function reverseDefaultCategories(db: Db, ids: string[]): Promise<Set<string>> {
  return findReverseDefaultCategories(db, ids);
}

/** The caller's own categories, as a set for a query (any number of them). */
export function ownCategorySet(db: Db, userId: string): CategoryIdSet {
  return ownedIdSet(db, userId);
}

/**
 * The categories of other owners whose cards the learner studies (canStudy) when no category is
 * chosen, which are also all of others' categories they read but public decks they did not join:
 * those (with their sub-categories) they are a viewer or editor of by the nearest membership, and
 * those of the public decks they joined (docs/decisions/0022-explore.md). A category that turned
 * private, a deck unpublished, a membership or a deck left no longer counts. A set for a query: a
 * learner may be a member of the trees of any number of owners.
 */
export function studiedCategorySet(db: Db, userId: string): CategoryIdSet {
  return studiedIdSet(db, userId);
}

/**
 * Other owners' public decks with what strangers read under them (down to, not through, a private
 * category): public search's scope. A set for a query.
 */
export function publicCategorySet(db: Db, userId: string): CategoryIdSet {
  return publicIdSet(db, userId);
}

/** The ids of a set (a learner's shared and joined categories: a few hundred at most in practice). */
export async function listCategorySet(db: Db, set: CategoryIdSet): Promise<string[]> {
  const rows = await db
    .selectFrom('categories')
    .select('id')
    .where(lookUpCategorySet('categories.id', set))
    .execute();
  return rows.map((row) => row.id);
}

/**
 * What studying one category covers, the category and those under it: the caller's own
 * categories, or the others' that they study. 404 naming `field` when the caller may not see the
 * category, 403 when they only read it (no membership).
 */
export async function readStudyScope(
  db: Db,
  userId: string,
  id: string,
  field: string,
): Promise<{ own: CategoryIdSet | null; others: CategoryIdSet | null }> {
  const { row, access } = await requireCategoryAccess(db, userId, id, field);
  if (!canStudy(access)) throw notStudied();
  // A sub-tree belongs to one owner, like every card in it.
  const root = { ownerId: row.owner_id, path: row.path };
  return row.owner_id === userId
    ? { own: subtreeIdSet(db, root), others: null }
    : { own: null, others: studiedIdSet(db, userId, root) };
}
