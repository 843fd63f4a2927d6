import {
  exportColumns,
  type AccountExport,
  type ExportFileCard,
  type ExportQuery,
} from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import { exportCardsOfCategories, exportOwnCards } from '../cards/cards.service';
import { listOwnCategoryNames, readCategoryScope } from '../categories/category-scope.service';
import { joinAnswers, joinCategoryPath, toCsv } from './csv';

export interface ExportFile {
  filename: string;
  contentType: string;
  body: string;
}

const iso = (ms: number) => new Date(ms).toISOString();

type ExportedCard = AccountExport['cards'][number];

/**
 * The cards to export, with each category's names from the exported root: the caller's own cards,
 * or those of a category's sub-tree they may read.
 */
async function exportedCards(deps: AppDeps, userId: string, categoryId: string | undefined) {
  if (!categoryId) {
    const names = await listOwnCategoryNames(deps.db, userId);
    return { cards: await exportOwnCards(deps, userId), names };
  }
  const scope = await readCategoryScope(deps.db, userId, categoryId, {
    subcategories: true,
    field: 'categoryId',
  });
  return {
    cards: await exportCardsOfCategories(
      deps,
      scope.categories.map((c) => c.id),
    ),
    names: new Map(scope.categories.map((c) => [c.id, c.names])),
  };
}

function toFileCard(card: ExportedCard, names: Map<string, string[]>): ExportFileCard {
  return {
    id: card.id,
    front: card.front,
    answers: card.answers,
    notes: card.notes,
    category: card.categoryId ? joinCategoryPath(names.get(card.categoryId) ?? []) : '',
    categoryId: card.categoryId,
    fromLanguageCode: card.fromLanguageCode,
    toLanguageCode: card.toLanguageCode,
    reverse: card.reverse,
    createdAt: card.createdAt,
    updatedAt: card.updatedAt,
  };
}

/**
 * The paths of the categories that no card's path passes through (those without cards below
 * them): the CSV gives each a row of only its category, so that the import makes the whole tree.
 */
function emptyCategoryPaths(cards: ExportedCard[], names: Map<string, string[]>): string[] {
  const key = (path: readonly string[]) => JSON.stringify(path);
  const covered = new Set<string>();
  const cover = (path: string[], self: boolean) => {
    for (let length = self ? path.length : path.length - 1; length > 0; length -= 1) {
      covered.add(key(path.slice(0, length)));
    }
  };
  for (const card of cards) if (card.categoryId) cover(names.get(card.categoryId) ?? [], true);
  for (const path of names.values()) cover(path, false);
  return [...names.values()]
    .filter((path) => path.length > 0 && !covered.has(key(path)))
    .map(joinCategoryPath)
    .sort();
}

/** GET /api/cards/export: a CSV (the import's default columns) or JSON file. */
export async function exportCards(
  deps: AppDeps,
  userId: string,
  query: ExportQuery,
): Promise<ExportFile> {
  const { cards, names } = await exportedCards(deps, userId, query.categoryId);
  const items = cards.map((card) => toFileCard(card, names));
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
    joinAnswers(card.answers),
    card.notes,
    card.category,
    card.fromLanguageCode,
    card.toLanguageCode,
    // Empty for a card that follows its category, as a file without the column reads.
    card.reverse === 'inherit' ? '' : card.reverse,
  ]);
  for (const path of emptyCategoryPaths(cards, names)) lines.push(['', '', '', path, '', '', '']);
  return {
    filename: `glossa-cards-${date}.csv`,
    contentType: 'text/csv; charset=utf-8',
    body: toCsv([[...exportColumns], ...lines]),
  };
}
