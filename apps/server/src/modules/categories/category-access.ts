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
import { listJoinedAmong } from './joins.repository';

/**
 * The caller's access to a category: a role (owner, editor, viewer), `joined` for a category of a
 * public deck they joined and are no member of (they study it, read only), null for a public
 * category they are no member of (read only), or undefined when they may not see it at all (404).
 * The rules are in docs/decisions/0004-sharing.md and 0022-explore.md.
 */
export type Access = CategoryRole | 'joined' | null | undefined;

export interface AccessContext {
  userId: string;
  rows: Map<string, CategoryRow>;
  /** The caller's own memberships, by category id. */
  memberships: Map<string, MemberRole>;
  /** The public decks (top-level categories) the caller joined; none when absent. */
  joined?: ReadonlySet<string>;
}

/** A public deck: a top-level public category, what explore lists and a learner may join. */
export const isDeck = (row: Pick<CategoryRow, 'parent_id' | 'visibility'>) =>
  row.parent_id === null && row.visibility === 'public';

interface DeckFacts extends Pick<CategoryRow, 'parent_id' | 'visibility' | 'owner_id'> {
  owner_disabled: number;
}

/** A public deck explore lists: its owner's account is not disabled. */
export const isListedDeck = (row: DeckFacts) => isDeck(row) && row.owner_disabled === 0;

/**
 * What explore shows the caller (preview, copy, report): a listed deck, or any of their own
 * top-level categories (the owner's preview of what strangers would see once it is published).
 */
export const deckVisibleTo = (row: DeckFacts, userId: string) =>
  isListedDeck(row) || (row.owner_id === userId && row.parent_id === null);

/**
 * Walks from the category up to the root: the nearest membership wins, a private category stops
 * the walk (nothing above it reaches below it), a public one makes the category readable, and a
 * public deck at the top that the caller joined makes it studied.
 */
export function resolveAccess(context: AccessContext, row: CategoryRow): Access {
  if (row.owner_id === context.userId) return 'owner';
  let readable = false;
  for (const id of pathIds(row.path).reverse()) {
    const step = context.rows.get(id);
    if (!step || step.visibility === 'private') break;
    const role = context.memberships.get(id);
    if (role) return role;
    if (isDeck(step) && context.joined?.has(id)) return 'joined';
    if (step.visibility === 'public') readable = true;
  }
  return readable ? null : undefined;
}

/** The role a category is listed with: a joined deck's is that of any reader (null). */
export const listedRole = (access: CategoryRole | 'joined' | null): CategoryRole | null =>
  access === 'joined' ? null : access;

export const canEditCards = (access: Access) => access === 'owner' || access === 'editor';

/** Owner, editor or viewer: who sees the members of a category. */
export const isMember = (access: Access) =>
  access === 'owner' || access === 'editor' || access === 'viewer';

/**
 * The one rule of what a learner studies among others' cards: those of the categories they are an
 * owner, editor or viewer of by the nearest membership, and those of the public decks they joined
 * (while the deck is public). A public category read without a membership or a join is not
 * studied. The queue, reviews, overrides, undos and a card's schedule all ask this (through
 * studyAccessInCategories and cardStudyAccesses), and the sets of category-sets.repository.ts
 * (studiedIdSet) answer the same.
 */
export const canStudy = (access: Access) => isMember(access) || access === 'joined';

/** The answer to a learner who may see a category's cards but not study them (403). */
export const notStudied = () => new AppError('forbidden', 'Join this category to study it');

export function permissionsOf(access: Access, directMember: boolean): CategoryPermissions {
  return {
    study: canStudy(access),
    editCards: canEditCards(access),
    manage: access === 'owner',
    viewMembers: isMember(access),
    leave: directMember && access !== 'owner',
  };
}

/**
 * Loads what resolveAccess needs for the given categories: their ancestors, memberships and the
 * joins of the public decks above them (read only when there is one).
 */
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
  const decks = [...ids].filter((id) => {
    const row = rows.get(id);
    return row !== undefined && isDeck(row);
  });
  const joined = new Set(decks.length > 0 ? await listJoinedAmong(db, userId, decks) : []);
  return { userId, rows, memberships, joined };
}

export interface CategoryWithAccess {
  row: CategoryRow;
  access: Exclude<Access, undefined>;
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
