import { randomUUID } from 'node:crypto';
import {
  categoryLimits,
  type CategoryMemberView,
  type CategoryTree,
  type CategoryTreeItem,
  type CreateCategoryBody,
  type UpdateCategoryBody,
} from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { conflict, invalidInput } from '../../errors';
import {
  loadAccessContext,
  permissionsOf,
  requireCategoryAccess,
  requireOwnedCategory,
  resolveAccess,
  type AccessContext,
} from './category-access';
import {
  countCardsByCategory,
  countMembers,
  deleteCardsOfCategories,
  deleteCategory as deleteCategoryRow,
  findCategoriesByIds,
  findCategory,
  insertCategory,
  listChildren,
  listMembershipsOfUser,
  listOwnedCategories,
  listSubtrees,
  moveCardsOfCategories,
  nameKey,
  pathIds,
  repathSubtree,
  setDescendantsVisibility,
  siblingNameTaken,
  updateCategory as updateCategoryRow,
  type CategoryRow,
} from './categories.repository';

const iso = (ms: number) => new Date(ms).toISOString();
const nameTaken = () => conflict('name', 'A category with this name already exists here');

/** Rows with the caller's access and their counts, as the contract's tree items. */
async function toTreeItems(
  db: Db,
  context: AccessContext,
  rows: CategoryRow[],
  visible: Set<string>,
): Promise<CategoryTreeItem[]> {
  const ids = rows.map((row) => row.id);
  const cards = await countCardsByCategory(db, ids);
  const members = await countMembers(db, ids);
  return rows.flatMap((row) => {
    const role = resolveAccess(context, row);
    if (role === undefined) return [];
    return [
      {
        id: row.id,
        parentId: row.parent_id !== null && visible.has(row.parent_id) ? row.parent_id : null,
        owner: { id: row.owner_id, username: row.owner_username },
        name: row.name,
        description: row.description,
        visibility: row.visibility,
        fromLanguageCode: row.from_language_code,
        toLanguageCode: row.to_language_code,
        depth: row.depth,
        createdAt: iso(row.created_at),
        updatedAt: iso(row.updated_at),
        role,
        cardCount: cards.get(row.id) ?? 0,
        memberCount: members.get(row.id) ?? 0,
      },
    ];
  });
}

const byTreeOrder = (a: CategoryRow, b: CategoryRow) =>
  a.depth - b.depth || a.name_lower.localeCompare(b.name_lower) || a.id.localeCompare(b.id);

/** GET /api/categories: own categories and those shared with the caller, flat, parents first. */
export async function getCategoryTree(deps: AppDeps, userId: string): Promise<CategoryTree> {
  const own = await listOwnedCategories(deps.db, userId);
  const memberships = await listMembershipsOfUser(deps.db, userId);
  const sharedRoots = (
    await Promise.all(memberships.map((m) => findCategory(deps.db, m.category_id)))
  ).flatMap((row) => (row ? [{ ownerId: row.owner_id, path: row.path }] : []));
  const shared = await listSubtrees(deps.db, sharedRoots);
  const context: AccessContext = {
    userId,
    rows: new Map([...own, ...shared].map((row) => [row.id, row])),
    memberships: new Map(memberships.map((m) => [m.category_id, m.role])),
  };
  // Public categories reached through a private one belong to explore, not to the tree.
  const rows = [...context.rows.values()]
    .filter((row) => resolveAccess(context, row))
    .sort(byTreeOrder);
  const visible = new Set(rows.map((row) => row.id));
  return { items: await toTreeItems(deps.db, context, rows, visible) };
}

/** GET /api/categories/{id}: the member view. */
export async function getCategoryView(
  deps: AppDeps,
  userId: string,
  id: string,
): Promise<CategoryMemberView> {
  const { row, access } = await requireCategoryAccess(deps.db, userId, id);
  const children = await listChildren(deps.db, row.id);
  const ancestors = pathIds(row.path).slice(0, -1);
  const context = await loadAccessContext(deps.db, userId, [row, ...children]);
  // The access context holds the ancestors of other owners' categories only: the breadcrumbs of
  // the caller's own category need theirs read too.
  const missing = ancestors.filter((ancestorId) => !context.rows.has(ancestorId));
  for (const ancestor of await findCategoriesByIds(deps.db, missing)) {
    context.rows.set(ancestor.id, ancestor);
  }
  const visibleAncestors = ancestors.flatMap((ancestorId) => {
    const ancestor = context.rows.get(ancestorId);
    return ancestor && resolveAccess(context, ancestor) !== undefined
      ? [{ id: ancestor.id, name: ancestor.name }]
      : [];
  });
  const visible = new Set([...visibleAncestors.map((a) => a.id), row.id]);
  const [category, ...subcategories] = await toTreeItems(
    deps.db,
    context,
    [row, ...children.sort(byTreeOrder)],
    visible,
  );
  if (!category) throw new Error('the category lost its access while being read');
  return {
    category,
    permissions: permissionsOf(access, context.memberships.has(row.id)),
    ancestors: visibleAncestors,
    subcategories,
  };
}

/** A parent for a new or moved category: the caller's own, not too deep. */
async function requireParent(db: Db, userId: string, parentId: string, height: number) {
  const parent = await requireOwnedCategory(db, userId, parentId, 'parentId');
  if (parent.depth + height > categoryLimits.depthMax) {
    throw invalidInput(
      'parentId',
      `Categories can be at most ${categoryLimits.depthMax} levels deep`,
    );
  }
  return parent;
}

/** POST /api/categories */
export async function createCategory(
  deps: AppDeps,
  userId: string,
  body: CreateCategoryBody,
): Promise<CategoryTreeItem> {
  const id = randomUUID();
  const now = deps.now();
  const parent = body.parentId ? await requireParent(deps.db, userId, body.parentId, 1) : null;
  const nameLower = nameKey(body.name);
  if (await siblingNameTaken(deps.db, { ownerId: userId, parentId: parent?.id ?? null, nameLower }))
    throw nameTaken();
  try {
    await insertCategory(deps.db, {
      id,
      owner_id: userId,
      parent_id: parent?.id ?? null,
      parent_key: parent?.id ?? '',
      path: parent ? `${parent.path}/${id}` : id,
      depth: parent ? parent.depth + 1 : 1,
      name: body.name,
      name_lower: nameLower,
      description: body.description ?? '',
      visibility: body.visibility ?? parent?.visibility ?? 'private',
      from_language_code: body.fromLanguageCode ?? null,
      to_language_code: body.toLanguageCode ?? null,
      created_at: now,
      updated_at: now,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return (await getCategoryView(deps, userId, id)).category;
}

/** PATCH /api/categories/{id}: the owner renames, describes, shares or moves it (no cycles). */
export async function updateCategory(
  deps: AppDeps,
  userId: string,
  id: string,
  body: UpdateCategoryBody,
): Promise<CategoryTreeItem> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await requireOwnedCategory(trx, userId, id);
    const moving = body.parentId !== undefined && body.parentId !== row.parent_id;
    let parent: CategoryRow | null = null;
    if (moving && body.parentId) {
      if (body.parentId === row.id) throw invalidInput('parentId', 'A category cannot hold itself');
      const subtree = await listSubtrees(trx, [{ ownerId: userId, path: row.path }]);
      if (subtree.some((c) => c.id === body.parentId)) {
        throw invalidInput(
          'parentId',
          'A category cannot move under one of its own sub-categories',
        );
      }
      const height = Math.max(...subtree.map((c) => c.depth)) - row.depth + 1;
      parent = await requireParent(trx, userId, body.parentId, height);
    }
    const parentId = moving ? (parent?.id ?? null) : row.parent_id;
    const name = body.name ?? row.name;
    const nameLower = nameKey(name);
    if (
      (moving || nameLower !== row.name_lower) &&
      (await siblingNameTaken(trx, { ownerId: userId, parentId, nameLower, exceptId: row.id }))
    ) {
      throw nameTaken();
    }
    const path = moving ? (parent ? `${parent.path}/${row.id}` : row.id) : row.path;
    if (moving) {
      const depthDelta = (parent ? parent.depth + 1 : 1) - row.depth;
      await repathSubtree(trx, { ownerId: userId, oldPath: row.path, newPath: path, depthDelta });
    }
    if (body.visibility && body.includeSubcategories) {
      await setDescendantsVisibility(trx, {
        ownerId: userId,
        path,
        visibility: body.visibility,
        now: deps.now(),
      });
    }
    try {
      await updateCategoryRow(trx, row.id, {
        name,
        name_lower: nameLower,
        parent_id: parentId,
        parent_key: parentId ?? '',
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.visibility ? { visibility: body.visibility } : {}),
        ...(body.fromLanguageCode !== undefined
          ? { from_language_code: body.fromLanguageCode }
          : {}),
        ...(body.toLanguageCode !== undefined ? { to_language_code: body.toLanguageCode } : {}),
        updated_at: deps.now(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  });
  return (await getCategoryView(deps, userId, id)).category;
}

/**
 * DELETE /api/categories/{id}?cards=move|delete: the category and its sub-categories go; their
 * cards move to its parent (uncategorised at the root) or are deleted with them.
 */
export async function deleteCategory(
  deps: AppDeps,
  userId: string,
  id: string,
  cards: 'move' | 'delete',
): Promise<{ cards: number }> {
  return deps.db.transaction().execute(async (trx) => {
    const row = await requireOwnedCategory(trx, userId, id);
    const subtree = await listSubtrees(trx, [{ ownerId: userId, path: row.path }]);
    const ids = subtree.map((c) => c.id);
    const count =
      cards === 'move'
        ? await moveCardsOfCategories(trx, ids, row.parent_id, deps.now())
        : await deleteCardsOfCategories(trx, ids);
    await deleteCategoryRow(trx, row.id);
    return { cards: count };
  });
}
