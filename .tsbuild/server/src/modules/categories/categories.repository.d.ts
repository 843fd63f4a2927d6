import { type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database';
import type { CategoriesTable, CategoryMembersTable } from '../../db/schema';
export type CategoryRow = Selectable<CategoriesTable> & {
    owner_username: string;
};
export type MemberRow = Selectable<CategoryMembersTable> & {
    username: string;
};
export type CategoryPatch = Updateable<Omit<CategoriesTable, 'id' | 'owner_id'>>;
/** The ids of a category's path, from the root down to itself. */
export declare const pathIds: (path: string) => string[];
export declare function findCategory(db: Db, id: string): Promise<CategoryRow | undefined>;
export declare function findCategoriesByIds(db: Db, ids: string[]): Promise<CategoryRow[]>;
export declare function listOwnedCategories(db: Db, ownerId: string): Promise<CategoryRow[]>;
export declare function listChildren(db: Db, parentId: string): Promise<CategoryRow[]>;
/** The categories at or under each of the given paths (ids are UUIDs: no LIKE wildcards). */
export declare function listSubtrees(db: Db, roots: {
    ownerId: string;
    path: string;
}[]): Promise<CategoryRow[]>;
export declare function siblingNameTaken(db: Db, sibling: {
    ownerId: string;
    parentId: string | null;
    nameLower: string;
    exceptId?: string;
}): Promise<boolean>;
export declare function insertCategory(db: Db, row: Insertable<CategoriesTable>): Promise<void>;
export declare function updateCategory(db: Db, id: string, patch: CategoryPatch): Promise<void>;
/** Rewrites the path and depth of a category and its descendants after a move. */
export declare function repathSubtree(db: Db, move: {
    ownerId: string;
    oldPath: string;
    newPath: string;
    depthDelta: number;
}): Promise<void>;
/** Gives every descendant of the category at `path` the same visibility. */
export declare function setDescendantsVisibility(db: Db, change: {
    ownerId: string;
    path: string;
    visibility: CategoryRow['visibility'];
    now: number;
}): Promise<void>;
/** Deletes a category; its descendants and memberships go with it (ON DELETE CASCADE). */
export declare function deleteCategory(db: Db, id: string): Promise<void>;
export declare function countMembers(db: Db, categoryIds: string[]): Promise<Map<string, number>>;
/** The user's memberships on the given categories (all of them when ids is undefined). */
export declare function listMembershipsOfUser(db: Db, userId: string, categoryIds?: string[]): Promise<MemberRow[]>;
export declare function listMembers(db: Db, categoryId: string): Promise<MemberRow[]>;
export declare function listMembersOfCategories(db: Db, categoryIds: string[]): Promise<MemberRow[]>;
export declare function findMember(db: Db, categoryId: string, userId: string): Promise<MemberRow | undefined>;
export declare function insertMember(db: Db, row: Insertable<CategoryMembersTable>): Promise<void>;
export declare function updateMemberRole(db: Db, categoryId: string, userId: string, role: CategoryMembersTable['role']): Promise<void>;
export declare function deleteMember(db: Db, categoryId: string, userId: string): Promise<boolean>;
