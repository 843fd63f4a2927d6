import { randomUUID } from 'node:crypto';
import type { ImportBody, ImportResult } from '@glossa/contract';
import type { Insertable } from 'kysely';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import type { CardsTable, CategoriesTable } from '../../db/schema';
import { AppError } from '../../errors';
import { insertCards } from '../cards/cards.repository';
import { lower, searchText } from '../cards/cards.service';
import {
  canEditCards,
  loadAccessContext,
  requireCategoryAccess,
  resolveAccess,
} from '../categories/category-access';
import {
  insertCategory,
  listOwnedCategories,
  listSubtrees,
  type CategoryRow,
} from '../categories/categories.repository';
import { readRows, type ImportRow } from './import-rows';

/** Rows per INSERT: 12 parameters each stays far below both dialects' parameter limits. */
const batchSize = 1000;

interface CategoryPlan {
  /** The category of each distinct path (joined by \u0000), existing or to be created. */
  byPath: Map<string, string>;
  created: Insertable<CategoriesTable>[];
}

const pathKey = (names: string[]) => names.map(lower).join('\u0000');

/**
 * Finds or plans the category of each path below the base (the importer's root when null).
 * Only the owner creates categories; an editor importing into a shared category may use the
 * existing sub-categories they can edit.
 */
async function planCategories(
  db: Db,
  userId: string,
  base: CategoryRow | null,
  rows: ImportRow[],
  now: number,
): Promise<CategoryPlan> {
  const byPath = new Map<string, string>();
  const created: Insertable<CategoriesTable>[] = [];
  const paths = rows.filter((row) => row.categoryPath.length > 0);
  if (paths.length === 0) return { byPath, created };
  const ownerId = base?.owner_id ?? userId;
  const existing = base
    ? await listSubtrees(db, [{ ownerId, path: base.path }])
    : await listOwnedCategories(db, userId);
  const context = await loadAccessContext(db, userId, existing);
  type Node = Pick<CategoryRow, 'id' | 'path' | 'depth' | 'visibility'>;
  const child = new Map<string, Node>(
    existing.map((row) => [`${row.parent_key}\u0000${row.name_lower}`, row]),
  );
  const usedForeign = new Set<string>();
  for (const { categoryPath } of paths) {
    const key = pathKey(categoryPath);
    if (byPath.has(key)) continue;
    let parent: Node | null = base;
    for (const name of categoryPath) {
      const nameLower = lower(name);
      const found = child.get(`${parent?.id ?? ''}\u0000${nameLower}`);
      if (found) {
        parent = found;
        continue;
      }
      if (ownerId !== userId) {
        throw new AppError(
          'forbidden',
          'Only the owner of this category may create sub-categories; ' +
            `"${categoryPath.join('/')}" does not exist`,
          [{ path: 'mapping.category', message: 'Only the owner may create sub-categories' }],
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
        created_at: now,
        updated_at: now,
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
  return { byPath, created };
}

/** POST /api/cards/import: every row checked first, then all of them in one transaction. */
export async function importCards(
  deps: AppDeps,
  userId: string,
  body: ImportBody,
): Promise<ImportResult> {
  const baseId = body.defaults.categoryId;
  let base: CategoryRow | null = null;
  if (baseId) {
    const { row, access } = await requireCategoryAccess(
      deps.db,
      userId,
      baseId,
      'defaults.categoryId',
    );
    if (!canEditCards(access)) {
      throw new AppError('forbidden', 'You may not add cards to this category');
    }
    base = row;
  }
  const rows = readRows(body, base?.depth ?? 0);
  const now = deps.now();
  const write = async (trx: Db) => {
    const plan = await planCategories(trx, userId, base, rows, now);
    if (body.dryRun) return plan;
    for (const category of plan.created) await insertCategory(trx, category);
    const ownerId = base?.owner_id ?? userId;
    for (let offset = 0; offset < rows.length; offset += batchSize) {
      const batch: Insertable<CardsTable>[] = rows
        .slice(offset, offset + batchSize)
        .map((row, j) => {
          // The file's order is the creation order, the last row created "now".
          const at = now - (rows.length - 1 - (offset + j));
          return {
            id: randomUUID(),
            owner_id: ownerId,
            category_id:
              row.categoryPath.length > 0
                ? (plan.byPath.get(pathKey(row.categoryPath)) ?? null)
                : (base?.id ?? null),
            front: row.front,
            front_lower: lower(row.front),
            answers: JSON.stringify(row.answers),
            search_text: searchText(row.front, row.answers),
            notes: row.notes,
            from_language_code: row.from,
            to_language_code: row.to,
            created_at: at,
            updated_at: at,
          };
        });
      await insertCards(trx, batch);
    }
    return plan;
  };
  const plan = body.dryRun
    ? await write(deps.db)
    : await deps.db.transaction().execute((trx) => write(trx));
  return {
    imported: rows.length,
    createdCategories: plan.created.length,
    dryRun: body.dryRun ?? false,
  };
}
