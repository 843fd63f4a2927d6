import type { CategoryPermissions, CategoryRole, MemberRole } from '@glossa/contract';
import type { Db } from '../../db/database';
import { type CategoryRow } from './categories.repository';
/**
 * The caller's access to a category: a role (owner, editor, viewer), null for a public category
 * they are no member of (read only), or undefined when they may not see it at all (404).
 * The rules are in docs/decisions/0004-sharing.md.
 */
export type Access = CategoryRole | null | undefined;
export interface AccessContext {
    userId: string;
    rows: Map<string, CategoryRow>;
    /** The caller's own memberships, by category id. */
    memberships: Map<string, MemberRole>;
}
/**
 * Walks from the category up to the root: the nearest membership wins, a private category stops
 * the walk (nothing above it reaches below it), a public one makes the category readable.
 */
export declare function resolveAccess(context: AccessContext, row: CategoryRow): Access;
export declare const canEditCards: (access: Access) => access is "editor" | "owner";
export declare function permissionsOf(access: Access, directMember: boolean): CategoryPermissions;
/** Loads what resolveAccess needs for the given categories: their ancestors and memberships. */
export declare function loadAccessContext(db: Db, userId: string, categories: CategoryRow[]): Promise<AccessContext>;
export interface CategoryWithAccess {
    row: CategoryRow;
    access: CategoryRole | null;
    context: AccessContext;
}
/** The category as the caller may see it; 404 when it does not exist or is hidden from them. */
export declare function requireCategoryAccess(db: Db, userId: string, id: string, field?: string): Promise<CategoryWithAccess>;
/** Only the owner manages a category (rename, move, share, delete, members). */
export declare function requireOwnedCategory(db: Db, userId: string, id: string, field?: string): Promise<CategoryRow>;
