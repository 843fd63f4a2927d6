import type { CategoryPermissions, CategoryRole, MemberRole } from '@glossa/contract';
import type { Db } from '../../db/database';
import { AppError, notFound } from '../../errors';
import {
  findCategoriesByIds,
  findCategory,
  listMembershipsOfUser,
  pathIds,
  type CategoryRow,
} from './categories.repository';

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
export function resolveAccess(context: AccessContext, row: CategoryRow): Access {
  if (row.owner_id === context.userId) return 'owner';
  let readable = false;
  for (const id of pathIds(row.path).reverse()) {
    const step = context.rows.get(id);
    if (!step || step.visibility === 'private') break;
    const role = context.memberships.get(id);
    if (role) return role;
    if (step.visibility === 'public') readable = true;
  }
  return readable ? null : undefined;
}

export const canEditCards = (access: Access) => access === 'owner' || access === 'editor';

export function permissionsOf(access: Access, directMember: boolean): CategoryPermissions {
  const member = access === 'owner' || access === 'editor' || access === 'viewer';
  return {
    study: member,
    editCards: canEditCards(access),
    manage: access === 'owner',
    viewMembers: member,
    leave: directMember && access !== 'owner',
  };
}

/** Loads what resolveAccess needs for the given categories: their ancestors and memberships. */
export async function loadAccessContext(
  db: Db,
  userId: string,
  categories: CategoryRow[],
): Promise<AccessContext> {
  const rows = new Map(categories.map((row) => [row.id, row]));
  const foreign = categories.filter((row) => row.owner_id !== userId);
  const ids = new Set(foreign.flatMap((row) => pathIds(row.path)));
  const missing = [...ids].filter((id) => !rows.has(id));
  for (const row of await findCategoriesByIds(db, missing)) rows.set(row.id, row);
  const memberships = new Map(
    (await listMembershipsOfUser(db, userId, [...ids])).map((m) => [m.category_id, m.role]),
  );
  return { userId, rows, memberships };
}

export interface CategoryWithAccess {
  row: CategoryRow;
  access: CategoryRole | null;
  context: AccessContext;
}

/** The category as the caller may see it; 404 when it does not exist or is hidden from them. */
export async function requireCategoryAccess(
  db: Db,
  userId: string,
  id: string,
  field?: string,
): Promise<CategoryWithAccess> {
  const row = await findCategory(db, id);
  const context = row
    ? await loadAccessContext(db, userId, [row])
    : { userId, rows: new Map(), memberships: new Map() };
  const access = row ? resolveAccess(context, row) : undefined;
  if (!row || access === undefined) {
    const message = 'Category not found';
    throw field
      ? new AppError('not_found', message, [{ path: field, message }])
      : notFound(message);
  }
  return { row, access, context };
}

/** Only the owner manages a category (rename, move, share, delete, members). */
export async function requireOwnedCategory(
  db: Db,
  userId: string,
  id: string,
  field?: string,
): Promise<CategoryRow> {
  const { row, access } = await requireCategoryAccess(db, userId, id, field);
  if (access !== 'owner') {
    throw new AppError('forbidden', 'Only the owner of this category may do this');
  }
  return row;
}
