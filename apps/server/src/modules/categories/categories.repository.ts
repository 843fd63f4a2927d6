import { searchDocument } from '@glossa/srs';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { CategoriesTable, CategoryMembersTable } from '../../db/schema';

export type CategoryRow = Selectable<CategoriesTable> & { owner_username: string };
export type MemberRow = Selectable<CategoryMembersTable> & { username: string };
/** The columns a change of a category may write; its version is raised by the statement itself. */
export type CategoryPatch = Updateable<
  Omit<CategoriesTable, 'id' | 'owner_id' | 'created_at' | 'version'>
>;

export const selectCategories = (db: Db) =>
  db
    .selectFrom('categories')
    .innerJoin('users', 'users.id', 'categories.owner_id')
    .selectAll('categories')
    .select('users.username as owner_username');

/** The ids of a category's path, from the root down to itself. */
export const pathIds = (path: string): string[] => path.split('/');

/** The case-insensitive key of a category's name (categories.name_lower). */
export const nameKey = (name: string) => name.normalize('NFC').toLowerCase();

export async function findCategory(db: Db, id: string): Promise<CategoryRow | undefined> {
  return selectCategories(db).where('categories.id', '=', id).executeTakeFirst();
}

/**
 * Ids per statement when a list of ids is bound: far below both dialects' limits on bound
 * parameters (SQLite 32,766, PostgreSQL 65,535), whatever the list's length.
 */
const idsPerStatement = 1000;

/** Runs `read` on each slice of the ids, in turn, and answers all the rows. */
async function inChunks<T>(ids: readonly string[], read: (chunk: string[]) => Promise<T[]>) {
  const rows: T[] = [];
  for (let start = 0; start < ids.length; start += idsPerStatement) {
    rows.push(...(await read(ids.slice(start, start + idsPerStatement))));
  }
  return rows;
}

/** The owner's categories at or under `path` (ids are UUIDs: no LIKE wildcards). */
export const inSubtree = (root: { ownerId: string; path: string }) =>
  sql<boolean>`categories.owner_id = ${root.ownerId} and (categories.path = ${root.path} or categories.path like ${`${root.path}/%`})`;

export async function findCategoriesByIds(db: Db, ids: string[]): Promise<CategoryRow[]> {
  return inChunks(ids, (chunk) =>
    selectCategories(db).where('categories.id', 'in', chunk).execute(),
  );
}

/** The owner's categories, nearest to the top first; `limit` at most when given. */
export async function listOwnedCategories(
  db: Db,
  ownerId: string,
  limit?: number,
): Promise<CategoryRow[]> {
  return selectCategories(db)
    .where('categories.owner_id', '=', ownerId)
    .orderBy('categories.depth')
    .orderBy('categories.name_lower')
    .orderBy('categories.id')
    .$if(limit !== undefined, (q) => q.limit(limit ?? 0))
    .execute();
}

export async function listChildren(db: Db, parentId: string): Promise<CategoryRow[]> {
  return selectCategories(db).where('categories.parent_id', '=', parentId).execute();
}

/**
 * The categories at or under each of the given paths (ids are UUIDs: no LIKE wildcards), a
 * hundred paths per statement.
 */
export async function listSubtrees(
  db: Db,
  roots: { ownerId: string; path: string }[],
): Promise<CategoryRow[]> {
  const rows: CategoryRow[] = [];
  for (let start = 0; start < roots.length; start += 100) {
    const chunk = roots.slice(start, start + 100);
    rows.push(
      ...(await selectCategories(db)
        .where((eb) => eb.or(chunk.map((root) => inSubtree(root))))
        .execute()),
    );
  }
  return rows;
}

export async function siblingNameTaken(
  db: Db,
  sibling: { ownerId: string; parentId: string | null; nameLower: string; exceptId?: string },
): Promise<boolean> {
  let query = db
    .selectFrom('categories')
    .select('id')
    .where('owner_id', '=', sibling.ownerId)
    .where('parent_key', '=', sibling.parentId ?? '')
    .where('name_lower', '=', sibling.nameLower);
  if (sibling.exceptId) query = query.where('id', '!=', sibling.exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** The words search indexes a category by (decision 0021). */
export const categorySearchDocument = (name: string, description: string): string =>
  searchDocument(name, description);

/** The row with its search words (every insert of a category passes here). */
const indexed = (row: Insertable<CategoriesTable>): Insertable<CategoriesTable> => ({
  ...row,
  search_doc: row.search_doc ?? categorySearchDocument(row.name, row.description),
});

export async function insertCategory(db: Db, row: Insertable<CategoriesTable>): Promise<void> {
  await db.insertInto('categories').values(indexed(row)).execute();
}

/** Rows per INSERT: 14 parameters each stays far below both dialects' parameter limits. */
const insertBatchSize = 500;

/** Many categories at once, parents before their children (an import). */
export async function insertCategories(db: Db, rows: Insertable<CategoriesTable>[]): Promise<void> {
  for (let offset = 0; offset < rows.length; offset += insertBatchSize) {
    await db
      .insertInto('categories')
      .values(rows.slice(offset, offset + insertBatchSize).map(indexed))
      .execute();
  }
}

/**
 * Writes the given columns of the category and raises its version, in one statement, if it is
 * still at `version`: whether it was (false when it was changed or deleted since).
 */
export async function updateCategoryColumns(
  db: Db,
  id: string,
  version: number,
  patch: CategoryPatch,
): Promise<boolean> {
  const result = await db
    .updateTable('categories')
    .set((eb) => ({ ...patch, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Rewrites the path and depth of a moved category's descendants (each one's version raised). */
export async function repathDescendants(
  db: Db,
  move: { ownerId: string; oldPath: string; newPath: string; depthDelta: number },
): Promise<void> {
  const keep = move.oldPath.length + 1;
  await db
    .updateTable('categories')
    .set((eb) => ({
      path: sql<string>`cast(${move.newPath} as text) || substr(path, cast(${keep} as integer))`,
      depth: sql<number>`depth + cast(${move.depthDelta} as integer)`,
      version: eb('version', '+', 1),
    }))
    .where('owner_id', '=', move.ownerId)
    .where('path', 'like', `${move.oldPath}/%`)
    .execute();
}

/** Gives every descendant of the category at `path` the same visibility. */
export async function setDescendantsVisibility(
  db: Db,
  change: { ownerId: string; path: string; visibility: CategoryRow['visibility']; now: number },
): Promise<void> {
  await db
    .updateTable('categories')
    .set((eb) => ({
      visibility: change.visibility,
      updated_at: change.now,
      version: eb('version', '+', 1),
    }))
    .where('owner_id', '=', change.ownerId)
    .where('path', 'like', `${change.path}/%`)
    .execute();
}

/** Deletes a category; its descendants and memberships go with it (ON DELETE CASCADE). */
export async function deleteCategory(db: Db, id: string): Promise<void> {
  await db.deleteFrom('categories').where('id', '=', id).execute();
}

// The cards filed in categories, as the categories see them: counted for the tree, and moved to
// the parent or deleted with a deleted sub-tree (docs/decisions/0004-sharing.md), as a foreign
// key's ON DELETE would. Every other query of cards is the cards module's, which depends on this.

/** Moves every card of the given categories into another one (or uncategorised). */
export async function moveCardsOfCategories(
  db: Db,
  categoryIds: string[],
  target: string | null,
  now: number,
): Promise<number> {
  const counts = await inChunks(categoryIds, async (chunk) => {
    const result = await db
      .updateTable('cards')
      .set((eb) => ({ category_id: target, updated_at: now, version: eb('version', '+', 1) }))
      .where('category_id', 'in', chunk)
      .executeTakeFirst();
    return [Number(result.numUpdatedRows)];
  });
  return counts.reduce((sum, count) => sum + count, 0);
}

export async function deleteCardsOfCategories(db: Db, categoryIds: string[]): Promise<number> {
  const counts = await inChunks(categoryIds, async (chunk) => {
    const result = await db
      .deleteFrom('cards')
      .where('category_id', 'in', chunk)
      .executeTakeFirst();
    return [Number(result.numDeletedRows)];
  });
  return counts.reduce((sum, count) => sum + count, 0);
}

export async function countCardsByCategory(
  db: Db,
  categoryIds: string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (let i = 0; i < categoryIds.length; i += 1000) {
    const rows = await db
      .selectFrom('cards')
      .select(['category_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('category_id', 'in', categoryIds.slice(i, i + 1000))
      .groupBy('category_id')
      .execute();
    for (const row of rows) if (row.category_id) counts.set(row.category_id, Number(row.count));
  }
  return counts;
}

export async function countMembers(db: Db, categoryIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (let i = 0; i < categoryIds.length; i += 1000) {
    const rows = await db
      .selectFrom('category_members')
      .select(['category_id', (eb) => eb.fn.countAll<number>().as('count')])
      .where('category_id', 'in', categoryIds.slice(i, i + 1000))
      .groupBy('category_id')
      .execute();
    for (const row of rows) counts.set(row.category_id, Number(row.count));
  }
  return counts;
}

const selectMembers = (db: Db) =>
  db
    .selectFrom('category_members')
    .innerJoin('users', 'users.id', 'category_members.user_id')
    .selectAll('category_members')
    .select('users.username');

/** The user's memberships on the given categories (all of them when ids is undefined). */
export async function listMembershipsOfUser(
  db: Db,
  userId: string,
  categoryIds?: string[],
): Promise<MemberRow[]> {
  const query = selectMembers(db).where('category_members.user_id', '=', userId);
  if (!categoryIds) return query.execute();
  return inChunks(categoryIds, (chunk) =>
    query.where('category_members.category_id', 'in', chunk).execute(),
  );
}

export async function listMembers(db: Db, categoryId: string): Promise<MemberRow[]> {
  return selectMembers(db)
    .where('category_members.category_id', '=', categoryId)
    .orderBy('category_members.created_at', 'asc')
    .orderBy('users.username_lower', 'asc')
    .execute();
}

/** The members of every category of the owner, oldest first. */
export async function listMembersOfOwner(db: Db, ownerId: string): Promise<MemberRow[]> {
  return selectMembers(db)
    .innerJoin('categories', 'categories.id', 'category_members.category_id')
    .where('categories.owner_id', '=', ownerId)
    .orderBy('category_members.created_at', 'asc')
    .execute();
}

export async function findMember(
  db: Db,
  categoryId: string,
  userId: string,
): Promise<MemberRow | undefined> {
  return selectMembers(db)
    .where('category_members.category_id', '=', categoryId)
    .where('category_members.user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertMember(db: Db, row: Insertable<CategoryMembersTable>): Promise<void> {
  await db.insertInto('category_members').values(row).execute();
}

export async function updateMemberRole(
  db: Db,
  categoryId: string,
  userId: string,
  role: CategoryMembersTable['role'],
): Promise<boolean> {
  const result = await db
    .updateTable('category_members')
    .set({ role })
    .where('category_id', '=', categoryId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteMember(db: Db, categoryId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('category_members')
    .where('category_id', '=', categoryId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** How many categories the owner has, at every depth (the owner's limit, docs/limits.md). */
export async function countOwnedCategories(db: Db, ownerId: string): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
