import { statisticsLimits, type StatsCategories } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { countCardsByCategory } from './statistics.repository';
import {
  categoryNames,
  findCategoriesMark,
  listCategoryCounts,
  listForwardLogAfter,
  ownCardCategories,
  readCardsFingerprint,
  writeCategoryCounts,
} from './stats-categories.repository';
import { lastSeq } from './stats-days.repository';

// The learner's own cards per category (docs/decisions/0036-statistics.md): counted over every
// card when cards were made, deleted or moved to another category, or categories made or deleted,
// else moved by the log rows written since, each of which says how the card's forward schedule
// was before and after.

type Counts = { new_cards: number; learning: number; known: number };
type Stage = keyof Counts;

const incrementalMax = 5_000;

function stageOf(stateJson: string): Stage {
  const { progress } = JSON.parse(stateJson) as { progress: { period: number } | null };
  if (progress === null) return 'new_cards';
  return progress.period < statisticsLimits.matureDays ? 'learning' : 'known';
}

async function countWhole(db: Db, userId: string): Promise<Map<string, Counts>> {
  const rows = await countCardsByCategory(db, userId, statisticsLimits.matureDays);
  return new Map(
    rows.map((row) => [
      row.categoryId ?? '',
      { new_cards: row.total - row.studied, learning: row.studied - row.known, known: row.known },
    ]),
  );
}

/** Brings the learner's counts up to their cards and log; answers whether they were moved. */
export async function refreshCategoryCounts(db: Db, userId: string): Promise<void> {
  const [mark, fingerprint, last] = await Promise.all([
    findCategoriesMark(db, userId),
    readCardsFingerprint(db, userId),
    lastSeq(db, userId),
  ]);
  const sameCards =
    mark !== undefined &&
    mark.cards === fingerprint.cards &&
    Number(mark.card_moves) === fingerprint.card_moves &&
    mark.categories === fingerprint.categories;
  if (sameCards && Number(mark.seq) >= last) return;
  const to = { seq: last, ...fingerprint };
  const rows = sameCards
    ? await listForwardLogAfter(db, userId, Number(mark.seq), incrementalMax + 1)
    : null;
  if (rows === null || rows.length > incrementalMax) {
    await writeCategoryCounts(db, userId, mark, to, await countWhole(db, userId), true);
    return;
  }
  const categories = await ownCardCategories(db, userId, [...new Set(rows.map((r) => r.card_id))]);
  const current = new Map(
    (await listCategoryCounts(db, userId)).map((row) => [
      row.category_key,
      { new_cards: row.new_cards, learning: row.learning, known: row.known },
    ]),
  );
  const changed = new Map<string, Counts>();
  for (const row of rows) {
    const key = categories.get(row.card_id);
    if (key === undefined) continue;
    const counts = changed.get(key) ?? current.get(key) ?? { new_cards: 0, learning: 0, known: 0 };
    counts[stageOf(row.state_before)] -= 1;
    counts[stageOf(row.state_after)] += 1;
    changed.set(key, counts);
  }
  await writeCategoryCounts(db, userId, mark, to, changed, false);
}

/** GET /api/stats/categories */
export async function getCategoryProgress(deps: AppDeps, userId: string): Promise<StatsCategories> {
  await refreshCategoryCounts(deps.db, userId);
  const rows = await listCategoryCounts(deps.db, userId);
  const total = (row: (typeof rows)[number]) => row.new_cards + row.learning + row.known;
  // Most cards first; on a tie, the cards without a category last.
  rows.sort(
    (a, b) =>
      total(b) - total(a) ||
      Number(a.category_key === '') - Number(b.category_key === '') ||
      a.category_key.localeCompare(b.category_key),
  );
  const shown = rows.slice(0, statisticsLimits.categories);
  const names = await categoryNames(
    deps.db,
    shown.flatMap((row) => (row.category_key === '' ? [] : [row.category_key])),
  );
  return {
    categories: shown.map((row) => ({
      categoryId: row.category_key === '' ? null : row.category_key,
      name: row.category_key === '' ? null : (names.get(row.category_key) ?? null),
      new: row.new_cards,
      learning: row.learning,
      known: row.known,
    })),
    more: rows.length - shown.length,
  };
}
