import type { ImportBody, ImportResult } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { addCards } from '../cards/cards.service';
import { ensureCategoryPaths } from '../categories/category-paths.service';
import { requireCardCategory } from '../categories/category-scope.service';
import { readRows } from './import-rows';

/** POST /api/cards/import: every row checked first, then all of them in one transaction. */
export async function importCards(
  deps: AppDeps,
  userId: string,
  body: ImportBody,
): Promise<ImportResult> {
  const baseId = body.defaults.categoryId;
  const base = baseId
    ? await requireCardCategory(deps.db, userId, baseId, 'defaults.categoryId')
    : null;
  const rows = readRows(body, base?.depth ?? 0);
  const now = deps.now();
  const write = async (db: Db, dryRun: boolean) => {
    const categories = await ensureCategoryPaths(
      db,
      userId,
      base,
      rows.map((row) => row.categoryPath),
      { now, write: !dryRun, field: 'mapping.category' },
    );
    if (dryRun) return categories.created;
    await addCards(
      db,
      base?.ownerId ?? userId,
      rows.map((row, i) => ({
        front: row.front,
        answers: row.answers,
        notes: row.notes,
        fromLanguageCode: row.from,
        toLanguageCode: row.to,
        categoryId: categories.categoryIds[i] ?? null,
        // The file's order is the creation order, the last row created "now".
        createdAt: now - (rows.length - 1 - i),
      })),
    );
    return categories.created;
  };
  const createdCategories = body.dryRun
    ? await write(deps.db, true)
    : await deps.db.transaction().execute((trx) => write(trx, false));
  return { imported: rows.length, createdCategories, dryRun: body.dryRun ?? false };
}
