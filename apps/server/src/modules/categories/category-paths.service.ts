import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { CategoriesTable } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import {
  findCategory,
  insertCategory,
  listOwnedCategories,
  listSubtrees,
  nameKey,
  type CategoryRow,
} from './categories.repository';
import { canEditCards, loadAccessContext, resolveAccess } from './category-access';
import type { CardCategory } from './category-scope.service';

const pathKey = (names: string[]) => names.map(nameKey).join('\u0000');

/**
 * The category at each path of names below a base (the caller's top level when null), in the
 * order of `paths`: the base itself for an empty path, an existing category when one has the names
 * (compared case-insensitively), else a new one, created when `write` (a dry run creates none).
 * Only the owner creates categories (else 403 naming `field`); an editor importing into a shared
 * category may use the existing sub-categories they can edit.
 */
export async function ensureCategoryPaths(
  db: Db,
  userId: string,
  base: CardCategory | null,
  paths: string[][],
  options: { now: number; write: boolean; field: string },
): Promise<{ categoryIds: (string | null)[]; created: number }> {
  const byPath = new Map<string, string>();
  const created: Insertable<CategoriesTable>[] = [];
  const named = paths.filter((names) => names.length > 0);
  if (named.length > 0) {
    const baseRow = base ? await findCategory(db, base.id) : null;
    if (base && !baseRow) throw notFound('Category not found');
    const ownerId = baseRow?.owner_id ?? userId;
    const existing = baseRow
      ? await listSubtrees(db, [{ ownerId, path: baseRow.path }])
      : await listOwnedCategories(db, userId);
    const context = await loadAccessContext(db, userId, existing);
    type Node = Pick<CategoryRow, 'id' | 'path' | 'depth' | 'visibility'>;
    const child = new Map<string, Node>(
      existing.map((row) => [`${row.parent_key}\u0000${row.name_lower}`, row]),
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
      const row = existing.find((c) => c.id === id);
      if (!row || !canEditCards(resolveAccess(context, row))) {
        throw new AppError('forbidden', 'You may not add cards to one of these categories');
      }
    }
  }
  if (options.write) for (const category of created) await insertCategory(db, category);
  return {
    categoryIds: paths.map((names) =>
      names.length > 0 ? (byPath.get(pathKey(names)) ?? null) : (base?.id ?? null),
    ),
    created: created.length,
  };
}
