import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { CategoriesTable } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import {
  findCategory,
  insertCategories,
  listOwnedCategories,
  listSubtrees,
  nameKey,
  type CategoryRow,
} from './categories.repository';
import { assertRoomForCategories } from './categories.service';
import type { PlanContext } from '../subscriptions/subscriptions.service';
import { canEditCards, loadAccessContext, resolveAccess } from './category-access';
import type { CardCategory } from './category-scope.service';
import { lockOwner } from '../users/users.service';

const pathKey = (names: string[]) => names.map(nameKey).join('\u0000');

/**
 * The category at each path of names below a base (the caller's top level when null), in the
 * order of `paths`: the base itself for an empty path, an existing category when one has the names
 * (compared case-insensitively) among those the caller may read, else a new one, created when
 * `write` (a dry run creates none).
 * Only the owner creates categories (else 403 naming `field`); an editor importing into a shared
 * category may use the existing sub-categories they can edit.
 */
export async function ensureCategoryPaths(
  db: Db,
  userId: string,
  base: CardCategory | null,
  paths: string[][],
  options: { now: number; write: boolean; field: string; plan: PlanContext },
): Promise<{ categoryIds: (string | null)[]; created: number }> {
  const byPath = new Map<string, string>();
  const created: Insertable<CategoriesTable>[] = [];
  const named = paths.filter((names) => names.length > 0);
  if (named.length > 0) {
    // The owner's lock before the tree is read, as every change of a tree takes it (decision
    // 0015): the names found and the categories made then agree with what is committed.
    if (options.write) await lockOwner(db, base?.ownerId ?? userId);
    const baseRow = base ? await findCategory(db, base.id) : null;
    if (base && !baseRow) throw notFound('Category not found');
    const ownerId = baseRow?.owner_id ?? userId;
    const existing = baseRow
      ? await listSubtrees(db, [{ ownerId, path: baseRow.path }])
      : await listOwnedCategories(db, userId);
    const context = await loadAccessContext(db, userId, existing);
    // A name resolves only to a category the caller may read: to an editor, a private
    // sub-category of the shared one does not exist (docs/decisions/0004-sharing.md), so neither
    // an import nor its dry run answers differently for its name than for a name never used.
    const readable =
      ownerId === userId
        ? existing
        : existing.filter((row) => resolveAccess(context, row) !== undefined);
    type Node = Pick<CategoryRow, 'id' | 'path' | 'depth' | 'visibility'>;
    const child = new Map<string, Node>(
      readable.map((row) => [`${row.parent_key}\u0000${row.name_lower}`, row]),
    );
    const usedForeign = new Set<string>();
    for (const names of named) {
      const key = pathKey(names);
      if (byPath.has(key)) continue;
      let parent: Node | null = baseRow ?? null;
      for (const name of names) {
        const nameLower = nameKey(name);
        const found = child.get(`${parent?.id ?? ''}\u0000${nameLower}`);
        if (found) {
          parent = found;
          continue;
        }
        if (ownerId !== userId) {
          throw new AppError(
            'forbidden',
            'Only the owner of this category may create sub-categories; ' +
              `"${names.join('/')}" does not exist`,
            [{ path: options.field, message: 'Only the owner may create sub-categories' }],
          );
        }
        const id = randomUUID();
        const row = {
          id,
          owner_id: ownerId,
          parent_id: parent?.id ?? null,
          parent_key: parent?.id ?? '',
          path: parent ? `${parent.path}/${id}` : id,
          depth: (parent?.depth ?? 0) + 1,
          name,
          name_lower: nameLower,
          description: '',
          visibility: parent?.visibility ?? 'private',
          from_language_code: null,
          to_language_code: null,
          created_at: options.now,
          updated_at: options.now,
        };
        created.push(row);
        child.set(`${row.parent_key}\u0000${nameLower}`, row);
        parent = row;
      }
      if (parent) {
        byPath.set(key, parent.id);
        if (ownerId !== userId) usedForeign.add(parent.id);
      }
    }
    for (const id of usedForeign) {
      const row = readable.find((c) => c.id === id);
      if (!row || !canEditCards(resolveAccess(context, row))) {
        throw new AppError('forbidden', 'You may not add cards to one of these categories');
      }
    }
  }
  // Made by the owner or, in a category shared with them, by an editor: the owner's either way.
  const ownerId = created[0]?.owner_id;
  if (ownerId !== undefined) {
    await assertRoomForCategories(db, ownerId, created.length, {
      lock: options.write,
      plan: options.plan,
    });
  }
  if (options.write) await insertCategories(db, created);
  return {
    categoryIds: paths.map((names) =>
      names.length > 0 ? (byPath.get(pathKey(names)) ?? null) : (base?.id ?? null),
    ),
    created: created.length,
  };
}
