import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { CategoriesTable, CategoryMembersTable } from '../../db/schema';

export type CategoryRow = Selectable<CategoriesTable> & { owner_username: string };
export type MemberRow = Selectable<CategoryMembersTable> & { username: string };
export type CategoryPatch = Updateable<Omit<CategoriesTable, 'id' | 'owner_id'>>;

const selectCategories = (db: Db) =>
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

export async function findCategoriesByIds(db: Db, ids: string[]): Promise<CategoryRow[]> {
  if (ids.length === 0) return [];
  return selectCategories(db).where('categories.id', 'in', ids).execute();
}

export async function listOwnedCategories(db: Db, ownerId: string): Promise<CategoryRow[]> {
  return selectCategories(db).where('categories.owner_id', '=', ownerId).execute();
}

export async function listChildren(db: Db, parentId: string): Promise<CategoryRow[]> {
  return selectCategories(db).where('categories.parent_id', '=', parentId).execute();
}

/** The categories at or under each of the given paths (ids are UUIDs: no LIKE wildcards). */
export async function listSubtrees(
  db: Db,
  roots: { ownerId: string; path: string }[],
): Promise<CategoryRow[]> {
  if (roots.length === 0) return [];
  return selectCategories(db)
    .where((eb) =>
      eb.or(
        roots.map((root) =>
          eb.and([
            eb('categories.owner_id', '=', root.ownerId),
            eb.or([
              eb('categories.path', '=', root.path),
              eb('categories.path', 'like', `${root.path}/%`),
            ]),
          ]),
        ),
      ),
    )
    .execute();
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

export async function insertCategory(db: Db, row: Insertable<CategoriesTable>): Promise<void> {
  await db.insertInto('categories').values(row).execute();
}

export async function updateCategory(db: Db, id: string, patch: CategoryPatch): Promise<void> {
  await db.updateTable('categories').set(patch).where('id', '=', id).execute();
}

/** Rewrites the path and depth of a category and its descendants after a move. */
export async function repathSubtree(
  db: Db,
  move: { ownerId: string; oldPath: string; newPath: string; depthDelta: number },
): Promise<void> {
  const keep = move.oldPath.length + 1;
  await db
    .updateTable('categories')
    .set({
      path: sql<string>`cast(${move.newPath} as text) || substr(path, cast(${keep} as integer))`,
      depth: sql<number>`depth + cast(${move.depthDelta} as integer)`,
    })
    .where('owner_id', '=', move.ownerId)
    .where((eb) => eb.or([eb('path', '=', move.oldPath), eb('path', 'like', `${move.oldPath}/%`)]))
    .execute();
}

/** Gives every descendant of the category at `path` the same visibility. */
export async function setDescendantsVisibility(
  db: Db,
  change: { ownerId: string; path: string; visibility: CategoryRow['visibility']; now: number },
): Promise<void> {
  await db
    .updateTable('categories')
    .set({ visibility: change.visibility, updated_at: change.now })
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
  if (categoryIds.length === 0) return 0;
  const result = await db
    .updateTable('cards')
    .set({ category_id: target, updated_at: now })
    .where('category_id', 'in', categoryIds)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteCardsOfCategories(db: Db, categoryIds: string[]): Promise<number> {
  if (categoryIds.length === 0) return 0;
  const result = await db
    .deleteFrom('cards')
    .where('category_id', 'in', categoryIds)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
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
  if (categoryIds?.length === 0) return [];
  let query = selectMembers(db).where('category_members.user_id', '=', userId);
  if (categoryIds) query = query.where('category_members.category_id', 'in', categoryIds);
  return query.execute();
}

export async function listMembers(db: Db, categoryId: string): Promise<MemberRow[]> {
  return selectMembers(db)
    .where('category_members.category_id', '=', categoryId)
    .orderBy('category_members.created_at', 'asc')
    .orderBy('users.username_lower', 'asc')
    .execute();
}

export async function listMembersOfCategories(db: Db, categoryIds: string[]): Promise<MemberRow[]> {
  if (categoryIds.length === 0) return [];
  return selectMembers(db)
    .where('category_members.category_id', 'in', categoryIds)
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
): Promise<void> {
  await db
    .updateTable('category_members')
    .set({ role })
    .where('category_id', '=', categoryId)
    .where('user_id', '=', userId)
    .execute();
}

export async function deleteMember(db: Db, categoryId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('category_members')
    .where('category_id', '=', categoryId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
