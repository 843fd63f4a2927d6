import type { Db } from '../../db/database';
import { AppError } from '../../errors';
import {
  findCategoriesByIds,
  listMembershipsOfUser,
  listOwnedCategories,
  listSubtrees,
  pathIds,
  type CategoryRow,
} from './categories.repository';
import {
  canEditCards,
  loadAccessContext,
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
  /** The names from the scope's root down to this category ('' for one the caller may not see). */
  names: string[];
  canEditCards: boolean;
}

interface CategoryScope {
  /** The owner of every category of the scope, and so of every card in them. */
  ownerId: string;
  categories: ScopedCategory[];
}

/** Each category's names, from the root (the top when none is given) down to itself. */
function namesFrom(categories: CategoryRow[], rootId: string | undefined) {
  const byId = new Map(categories.map((row) => [row.id, row]));
  return new Map(
    categories.map((row) => {
      const ids = pathIds(row.path);
      const from = rootId ? ids.indexOf(rootId) : 0;
      return [row.id, ids.slice(Math.max(0, from)).map((id) => byId.get(id)?.name ?? '')];
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

/** The ids of the caller's own categories. */
export async function listOwnCategoryIds(db: Db, userId: string): Promise<string[]> {
  return (await listOwnedCategories(db, userId)).map((row) => row.id);
}

/**
 * The categories of other owners among `categories` whose cards the learner studies: those they
 * are a viewer or editor of by the nearest membership (a public category read without one is not
 * studied).
 */
async function studiedOfOthers(
  db: Db,
  userId: string,
  categories: CategoryRow[],
): Promise<string[]> {
  const others = categories.filter((row) => row.owner_id !== userId);
  const ids = (await withAccess(db, userId, others))
    .filter(({ access }) => access === 'editor' || access === 'viewer')
    .map(({ category }) => category.id);
  return [...new Set(ids)];
}

/**
 * The categories of other owners whose cards the learner studies when no category is chosen:
 * those (with their sub-categories) they are a viewer or editor of by the nearest membership. A
 * category that turned private, or was left, no longer counts.
 */
export async function listStudiedCategories(db: Db, userId: string): Promise<string[]> {
  const memberships = await listMembershipsOfUser(db, userId);
  const roots = await findCategoriesByIds(
    db,
    memberships.map((m) => m.category_id),
  );
  const subtree = await listSubtrees(
    db,
    roots.map((row) => ({ ownerId: row.owner_id, path: row.path })),
  );
  return studiedOfOthers(db, userId, subtree);
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
): Promise<{ own: string[]; others: string[] }> {
  const { row, access } = await requireCategoryAccess(db, userId, id, field);
  if (access === null) throw new AppError('forbidden', 'Join this category to study it');
  // A sub-tree belongs to one owner, like every card in it.
  const subtree = await listSubtrees(db, [{ ownerId: row.owner_id, path: row.path }]);
  return row.owner_id === userId
    ? { own: subtree.map((category) => category.id), others: [] }
    : { own: [], others: await studiedOfOthers(db, userId, subtree) };
}
