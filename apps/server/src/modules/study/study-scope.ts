import type { Db } from '../../db/database';
import {
  findCategoriesByIds,
  listMembershipsOfUser,
  listSubtrees,
  type CategoryRow,
} from '../categories/categories.repository';
import { loadAccessContext, resolveAccess } from '../categories/category-access';
import type { CardScope } from './study.repository';

/**
 * The cards the learner studies when no category is chosen, as the queue reads them: all their own,
 * and those of the categories (with their sub-categories) they are a viewer or editor of by the
 * nearest membership. A category that turned private, or was left, no longer counts.
 */
export async function learnerScope(db: Db, userId: string): Promise<CardScope> {
  const memberships = await listMembershipsOfUser(db, userId);
  const roots = await findCategoriesByIds(
    db,
    memberships.map((m) => m.category_id),
  );
  const subtree = await listSubtrees(
    db,
    roots.map((row) => ({ ownerId: row.owner_id, path: row.path })),
  );
  return { userId, ownAll: true, categoryIds: await studiableForeignIds(db, userId, subtree) };
}

/** The categories among `rows` of other owners that the learner may study (viewer or editor). */
export async function studiableForeignIds(
  db: Db,
  userId: string,
  rows: CategoryRow[],
): Promise<string[]> {
  const foreign = rows.filter((row) => row.owner_id !== userId);
  const context = await loadAccessContext(db, userId, foreign);
  const ids = foreign
    .filter((row) => {
      const access = resolveAccess(context, row);
      return access === 'editor' || access === 'viewer';
    })
    .map((row) => row.id);
  return [...new Set(ids)];
}
