import { exportColumns, type ExportFileCard, type ExportQuery } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import { listCardsOfOwner, type CardRow } from '../cards/cards.repository';
import { parseAnswers } from '../cards/cards.service';
import {
  loadAccessContext,
  requireCategoryAccess,
  resolveAccess,
} from '../categories/category-access';
import {
  listOwnedCategories,
  listSubtrees,
  pathIds,
  type CategoryRow,
} from '../categories/categories.repository';
import { joinCategoryPath, toCsv } from './csv';
import { listCardsInCategories } from './import-export.repository';

export interface ExportFile {
  filename: string;
  contentType: string;
  body: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Each category's path of names, from the exported root (the category itself when given). */
function categoryPaths(categories: CategoryRow[], rootId: string | undefined) {
  const byId = new Map(categories.map((row) => [row.id, row]));
  return new Map(
    categories.map((row) => {
      const ids = pathIds(row.path);
      const from = rootId ? ids.indexOf(rootId) : 0;
      const names = ids.slice(Math.max(0, from)).map((id) => byId.get(id)?.name ?? '');
      return [row.id, joinCategoryPath(names)];
    }),
  );
}

/** The cards to export: the caller's own, or those of a category's sub-tree they may read. */
async function exportedCards(deps: AppDeps, userId: string, categoryId: string | undefined) {
  if (!categoryId) {
    const categories = await listOwnedCategories(deps.db, userId);
    return {
      cards: await listCardsOfOwner(deps.db, userId),
      paths: categoryPaths(categories, undefined),
    };
  }
  const { row } = await requireCategoryAccess(deps.db, userId, categoryId, 'categoryId');
  const subtree = await listSubtrees(deps.db, [{ ownerId: row.owner_id, path: row.path }]);
  const context = await loadAccessContext(deps.db, userId, subtree);
  // A private sub-category of a shared one stays its owner's (docs/decisions/0004-sharing.md).
  const readable = subtree.filter((c) => resolveAccess(context, c) !== undefined);
  return {
    cards: await listCardsInCategories(
      deps.db,
      readable.map((c) => c.id),
    ),
    paths: categoryPaths(readable, row.id),
  };
}

function toFileCard(row: CardRow, paths: Map<string, string>): ExportFileCard {
  return {
    id: row.id,
    front: row.front,
    answers: parseAnswers(row.answers),
    notes: row.notes,
    category: row.category_id ? (paths.get(row.category_id) ?? '') : '',
    categoryId: row.category_id,
    fromLanguageCode: row.from_language_code,
    toLanguageCode: row.to_language_code,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** GET /api/cards/export: a CSV (the import's default columns) or JSON file. */
export async function exportCards(
  deps: AppDeps,
  userId: string,
  query: ExportQuery,
): Promise<ExportFile> {
  const { cards, paths } = await exportedCards(deps, userId, query.categoryId);
  const items = cards.map((row) => toFileCard(row, paths));
  const date = iso(deps.now()).slice(0, 10);
  if (query.format === 'json') {
    return {
      filename: `glossa-cards-${date}.json`,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify(items, null, 2),
    };
  }
  const lines = items.map((card) => [
    card.front,
    card.answers.join('; '),
    card.notes,
    card.category,
    card.fromLanguageCode,
    card.toLanguageCode,
  ]);
  return {
    filename: `glossa-cards-${date}.csv`,
    contentType: 'text/csv; charset=utf-8',
    body: toCsv([[...exportColumns], ...lines]),
  };
}
