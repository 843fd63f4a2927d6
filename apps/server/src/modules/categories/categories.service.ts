import { randomUUID } from 'node:crypto';
import {
  categoryLimits,
  liveEvent,
  ownerLimits,
  type CategoryMemberView,
  type CategoryTree,
  type CategoryTreeEntry,
  type CategoryTreeItem,
  type CreateCategoryBody,
  type UpdateCategoryBody,
} from '@glossa/contract';
import { searchDocument } from '@glossa/srs';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/errors';
import { AppError, conflict, invalidInput } from '../../errors';
import {
  isDeck,
  listedRole,
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
  countOwnedCategories,
  deleteCardsOfCategories,
  deleteCategory as deleteCategoryRow,
  findCategoriesByIds,
  insertCategory,
  listChildren,
  listMembershipsOfUser,
  listOwnedCategories,
  listSubtrees,
  moveCardsOfCategories,
  nameKey,
  pathIds,
  repathDescendants,
  setDescendantsVisibility,
  siblingNameTaken,
  updateCategoryColumns,
  type CategoryPatch,
  type CategoryRow,
} from './categories.repository';
import { countCategoriesIn, listCategoriesIn, reachedIdSet } from './category-sets.repository';
import { lockOwner } from '../users/users.service';
import { assertPlanRoom, type PlanContext } from '../subscriptions/subscriptions.service';

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
    const access = resolveAccess(context, row);
    if (access === undefined) return [];
    const role = listedRole(access);
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
        reverseDefault: row.reverse_default === 1,
        depth: row.depth,
        version: row.version,
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

/**
 * GET /api/categories: own categories and those shared with the caller, flat, parents first. Own
 * ones up to the owner limit, and others' reached through a membership up to sharedInTreeMax, the
 * nearest to the top first, so every listed category's parent is listed too; the rest are counted.
 */
export async function getCategoryTree(deps: AppDeps, userId: string): Promise<CategoryTree> {
  const { db } = deps;
  const reached = reachedIdSet(db, userId);
  const [own, shared, memberships] = await Promise.all([
    listOwnedCategories(db, userId, ownerLimits.categoriesMax + 1),
    listCategoriesIn(db, reached, categoryLimits.sharedInTreeMax + 1),
    listMembershipsOfUser(db, userId),
  ]);
  const listedOwn = own.slice(0, ownerLimits.categoriesMax);
  const listedShared = shared.slice(0, categoryLimits.sharedInTreeMax);
  const omitted =
    (own.length > listedOwn.length
      ? (await countOwnedCategories(db, userId)) - listedOwn.length
      : 0) +
    (shared.length > listedShared.length
      ? (await countCategoriesIn(db, reached)) - listedShared.length
      : 0);
  const context: AccessContext = {
    userId,
    rows: new Map([...listedOwn, ...listedShared].map((row) => [row.id, row])),
    memberships: new Map(memberships.map((m) => [m.category_id, m.role])),
  };
  const rows = [...context.rows.values()].sort(byTreeOrder);
  const visible = new Set(rows.map((row) => row.id));
  const cards = await countCardsByCategory(
    db,
    rows.map((row) => row.id),
  );
  const items = rows.flatMap((row): CategoryTreeEntry[] => {
    const role = listedRole(resolveAccess(context, row) ?? null);
    if (!role) return [];
    return [
      {
        id: row.id,
        parentId: row.parent_id !== null && visible.has(row.parent_id) ? row.parent_id : null,
        name: row.name,
        visibility: row.visibility,
        depth: row.depth,
        role,
        cardCount: cards.get(row.id) ?? 0,
        reverseDefault: row.reverse_default === 1,
        version: row.version,
        ...(row.owner_id === userId
          ? {}
          : { owner: { id: row.owner_id, username: row.owner_username } }),
      },
    ];
  });
  return { items, omitted };
}

/** A copy's provenance, and a public deck's joins (docs/decisions/0022-explore.md). */
function deckFacts(
  row: CategoryRow,
  context: AccessContext,
): Pick<CategoryMemberView, 'copiedFrom' | 'deck'> {
  return {
    ...(row.copied_from_id !== null
      ? {
          copiedFrom: {
            categoryId: row.copied_from_id,
            name: row.copied_from_name ?? '',
            ownerUsername: row.copied_from_owner ?? '',
            copiedAt: iso(row.copied_at ?? row.created_at),
          },
        }
      : {}),
    ...(isDeck(row)
      ? {
          deck: {
            joined: context.joined?.has(row.id) ?? false,
            learnerCount: Number(row.learner_count),
          },
        }
      : {}),
  };
}

/** GET /api/categories/{id}: the member view. */
export async function getCategoryView(
  deps: AppDeps,
  userId: string,
  id: string,
): Promise<CategoryMemberView> {
  return categoryView(deps.db, userId, id);
}

/**
 * The member view read on `db`: a write answers it from its own transaction, so what it answers
 * is what it committed, even when a change that waited for it follows at once.
 */
async function categoryView(db: Db, userId: string, id: string): Promise<CategoryMemberView> {
  const { row, access } = await requireCategoryAccess(db, userId, id);
  const children = await listChildren(db, row.id);
  const ancestors = pathIds(row.path).slice(0, -1);
  const context = await loadAccessContext(db, userId, [row, ...children]);
  // The access context holds the ancestors of other owners' categories only: the breadcrumbs of
  // the caller's own category need theirs read too.
  const missing = ancestors.filter((ancestorId) => !context.rows.has(ancestorId));
  for (const ancestor of await findCategoriesByIds(db, missing)) {
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
    db,
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
    ...deckFacts(row, context),
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

/**
 * Refuses (409 `conflict`, issue `categories`) adding `adding` categories to an owner who would
 * then own more than the limit, and (402 `plan_limit`) a free owner past the free plan's. Call it on the transaction that inserts them, before inserting:
 * it takes the owner's lock first, so concurrent creates count one after the other and cannot
 * overshoot (`lock: false` for a dry run, which inserts nothing).
 */
export async function assertRoomForCategories(
  db: Db,
  ownerId: string,
  adding: number,
  { lock = true, plan }: { lock?: boolean; plan: PlanContext },
): Promise<void> {
  if (adding <= 0) return;
  if (lock) await lockOwner(db, ownerId);
  const owned = await countOwnedCategories(db, ownerId);
  if (owned + adding > ownerLimits.categoriesMax) {
    throw conflict(
      'categories',
      `An owner can have at most ${ownerLimits.categoriesMax.toLocaleString('en')} categories (${owned.toLocaleString('en')} now, adding ${adding.toLocaleString('en')})`,
    );
  }
  await assertPlanRoom(plan, db, ownerId, 'categories', owned + adding);
}

const parentGone = () =>
  new AppError('not_found', 'Category not found', [
    { path: 'parentId', message: 'This category was deleted' },
  ]);

/**
 * Runs a change of the caller's tree in one transaction that first takes the owner's lock
 * (lockOwner), before anything of the tree is read: changes of one owner's tree (create, move,
 * delete, an import's new categories) then run one after the other, so the cycle, depth and name
 * checks read the tree as the previous change committed it (on PostgreSQL's read committed two
 * crossing moves would otherwise each see the other's category where it was, and make a cycle).
 * A constraint that still refuses the write maps to its answer (docs/decisions/0015).
 */
async function changeTree<T>(deps: AppDeps, ownerId: string, change: (trx: Db) => Promise<T>) {
  try {
    return await deps.db.transaction().execute(async (trx) => {
      await lockOwner(trx, ownerId);
      return change(trx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    if (isForeignKeyViolation(error)) throw parentGone();
    throw error;
  }
}

/** POST /api/categories */
export async function createCategory(
  deps: AppDeps,
  userId: string,
  body: CreateCategoryBody,
): Promise<CategoryTreeItem> {
  const id = randomUUID();
  const now = deps.now();
  const nameLower = nameKey(body.name);
  const view = await changeTree(deps, userId, async (trx) => {
    const parent = body.parentId ? await requireParent(trx, userId, body.parentId, 1) : null;
    if (await siblingNameTaken(trx, { ownerId: userId, parentId: parent?.id ?? null, nameLower }))
      throw nameTaken();
    const visibility = body.visibility ?? parent?.visibility ?? 'private';
    // The owner's lock is held already (changeTree).
    await assertRoomForCategories(trx, userId, 1, { lock: false, plan: deps });
    await insertCategory(trx, {
      id,
      owner_id: userId,
      parent_id: parent?.id ?? null,
      parent_key: parent?.id ?? '',
      path: parent ? `${parent.path}/${id}` : id,
      depth: parent ? parent.depth + 1 : 1,
      name: body.name,
      name_lower: nameLower,
      description: body.description ?? '',
      visibility,
      from_language_code: body.fromLanguageCode ?? null,
      to_language_code: body.toLanguageCode ?? null,
      // Asked both ways as its parent is, unless told (decision 0027).
      reverse_default: (body.reverseDefault ?? parent?.reverse_default === 1) ? 1 : 0,
      created_at: now,
      updated_at: now,
      // Explore's "new" order (docs/decisions/0022-explore.md).
      ...(visibility === 'public' ? { published_at: now } : {}),
    });
    return categoryView(trx, userId, id);
  });
  deps.live.publish(liveEvent('category.created', { id, parentId: body.parentId ?? null }), {
    kind: 'category',
    categoryId: id,
  });
  return view.category;
}

/** 409 naming expectedVersion: the category changed since the version the caller showed. */
const staleCategory = (version: number) =>
  conflict(
    'expectedVersion',
    `This category was changed elsewhere since you opened it (it is at version ${version} now): reload it and apply your change again`,
  );

/**
 * PATCH /api/categories/{id}: the owner renames, describes, shares or moves it (no cycles). Only
 * the fields given are written, with the version raised in the same statement; with
 * expectedVersion, a category changed since is refused (409) and nothing changes.
 */
export async function updateCategory(
  deps: AppDeps,
  userId: string,
  id: string,
  { expectedVersion, ...body }: UpdateCategoryBody,
): Promise<CategoryTreeItem> {
  // A move or a new visibility may take readers away: those of now are told too.
  const readersBefore =
    body.parentId !== undefined || body.visibility !== undefined
      ? await deps.live.readersBefore([id])
      : [];
  let previousParentId: string | null = null;
  const view = await changeTree(deps, userId, async (trx) => {
    const row = await requireOwnedCategory(trx, userId, id);
    previousParentId = row.parent_id;
    if (expectedVersion !== undefined && expectedVersion !== row.version) {
      throw staleCategory(row.version);
    }
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
    const nameLower = body.name === undefined ? row.name_lower : nameKey(body.name);
    if (
      (moving || nameLower !== row.name_lower) &&
      (await siblingNameTaken(trx, { ownerId: userId, parentId, nameLower, exceptId: row.id }))
    ) {
      throw nameTaken();
    }
    const now = deps.now();
    const patch: CategoryPatch = { updated_at: now };
    if (body.name !== undefined) Object.assign(patch, { name: body.name, name_lower: nameLower });
    const path = moving ? (parent ? `${parent.path}/${row.id}` : row.id) : row.path;
    if (moving) {
      const depth = parent ? parent.depth + 1 : 1;
      Object.assign(patch, { parent_id: parentId, parent_key: parentId ?? '', path, depth });
      await repathDescendants(trx, {
        ownerId: userId,
        oldPath: row.path,
        newPath: path,
        depthDelta: depth - row.depth,
      });
    }
    if (body.description !== undefined) patch.description = body.description;
    if (body.name !== undefined || body.description !== undefined) {
      // The words search indexes it by (docs/decisions/0021-search.md).
      patch.search_doc = searchDocument(body.name ?? row.name, body.description ?? row.description);
    }
    if (body.visibility) patch.visibility = body.visibility;
    // Explore's "new" order: when it was last made public (docs/decisions/0022-explore.md).
    if (body.visibility === 'public' && row.visibility !== 'public') patch.published_at = now;
    if (body.fromLanguageCode !== undefined) patch.from_language_code = body.fromLanguageCode;
    if (body.toLanguageCode !== undefined) patch.to_language_code = body.toLanguageCode;
    if (body.reverseDefault !== undefined) patch.reverse_default = body.reverseDefault ? 1 : 0;
    if (body.visibility && body.includeSubcategories) {
      await setDescendantsVisibility(trx, {
        ownerId: userId,
        path,
        visibility: body.visibility,
        now,
      });
    }
    // Under the owner's lock nothing else changes the row; the version in the statement still
    // refuses to write over a change made without it.
    if (!(await updateCategoryColumns(trx, row.id, row.version, patch))) {
      throw staleCategory(row.version);
    }
    return categoryView(trx, userId, id);
  });
  const audience = { kind: 'category', categoryId: id, users: readersBefore } as const;
  const fields = Object.keys(body).filter((field) => field !== 'parentId');
  if (fields.length > 0) deps.live.publish(liveEvent('category.changed', { id, fields }), audience);
  const parentId = view.category.parentId;
  if (body.parentId !== undefined && parentId !== previousParentId) {
    deps.live.publish(liveEvent('category.moved', { id, parentId, previousParentId }), audience);
  }
  return view.category;
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
  const readersBefore = await deps.live.readersBefore([id]);
  const result = await changeTree(deps, userId, async (trx) => {
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
  deps.live.publish(liveEvent('category.deleted', { id }), {
    kind: 'category',
    categoryId: id,
    users: readersBefore,
  });
  return result;
}
