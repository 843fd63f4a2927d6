import {
  requestLimits,
  type ImportBody,
  type ImportDuplicate,
  type ImportResult,
} from '@glossa/contract';
import { duplicateKey } from '@glossa/srs';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { addCards, assertRoomForCards, publishCardsChanged } from '../cards/cards.service';
import {
  duplicateIdentity,
  findImportDuplicates,
  updateCardContents,
  type CardContentUpdate,
} from '../cards/duplicates.service';
import { ensureCategoryPaths } from '../categories/category-paths.service';
import { requireCardCategory } from '../categories/category-scope.service';
import { lockOwner } from '../users/users.service';
import { readRows, type ImportCard, type ImportRow } from './import-rows';

/** A card row of the file, with the category it goes in. */
interface PlannedCard {
  line: number;
  card: ImportCard;
  categoryId: string | null;
  /** Its front's duplicate key, once computed. */
  frontKey?: string;
}

/** What an import does with its card rows once duplicates are known. */
interface ImportPlan {
  create: PlannedCard[];
  update: CardContentUpdate[];
  skipped: number;
  duplicateCount: number;
  duplicates: ImportDuplicate[];
}

/**
 * Sorts the card rows into cards to create, cards to update and rows to skip. A row repeats a card
 * the owner has (its oldest one with the same front and pair) or else an earlier row of the file;
 * `skip` leaves it out, `update` writes it over that card (or over the earlier row's card, the
 * last row winning), `keep` creates it anyway.
 */
async function planCards(
  db: Db,
  userId: string,
  ownerId: string,
  rows: PlannedCard[],
  mode: NonNullable<ImportBody['duplicates']>,
): Promise<ImportPlan> {
  // Each front's key once: the lookup, the comparison between rows and the new card's column.
  const keyed = rows.map((row) => ({
    ...row,
    frontKey: duplicateKey(row.card.front, row.card.from),
  }));
  const existing = await findImportDuplicates(
    db,
    userId,
    ownerId,
    keyed.map((row) => row.frontKey),
  );
  const plan: ImportPlan = {
    create: [],
    update: [],
    skipped: 0,
    duplicateCount: 0,
    duplicates: [],
  };
  /** The first row of each identity that is no card yet, and where it went in `create`. */
  const earlier = new Map<string, { line: number; index: number }>();
  const updates = new Map<string, CardContentUpdate>();
  for (const row of keyed) {
    const { card } = row;
    const identity = duplicateIdentity(row.frontKey, card.from, card.to);
    const match = existing.get(identity);
    const first = match ? undefined : earlier.get(identity);
    if (!match && !first) {
      earlier.set(identity, { line: row.line, index: plan.create.length });
      plan.create.push(row);
      continue;
    }
    plan.duplicateCount++;
    if (plan.duplicates.length < requestLimits.errorListMax) {
      plan.duplicates.push({
        line: row.line,
        front: card.front,
        card: match ? { id: match.id, front: match.front } : null,
        earlierLine: first?.line ?? null,
      });
    }
    if (mode === 'keep') {
      plan.create.push(row);
    } else if (mode === 'skip') {
      plan.skipped++;
    } else if (match) {
      updates.set(match.id, {
        id: match.id,
        version: match.version,
        front: card.front,
        answers: card.answers,
        notes: card.notes,
        fromLanguageCode: card.from,
        // A row without a reverse cell leaves the card's own choice.
        reverse: card.reverse,
        // A row without a category of its own leaves the card where it is.
        categoryId: row.categoryId ?? undefined,
      });
    } else if (first) {
      const previous = plan.create[first.index];
      if (previous) {
        plan.create[first.index] = {
          ...row,
          categoryId: row.categoryId ?? previous.categoryId,
        };
      }
    }
  }
  plan.update = [...updates.values()];
  return plan;
}

/**
 * POST /api/cards/import: every row checked first, duplicates found, then all of it in one
 * transaction.
 */
export async function importCards(
  deps: AppDeps,
  userId: string,
  body: ImportBody,
): Promise<ImportResult> {
  const baseId = body.defaults.categoryId;
  const base = baseId
    ? await requireCardCategory(deps.db, userId, baseId, 'defaults.categoryId')
    : null;
  const rows: ImportRow[] = readRows(body, base?.depth ?? 0);
  const now = deps.now();
  const ownerId = base?.ownerId ?? userId;
  const write = async (db: Db, dryRun: boolean) => {
    // The owner's lock before their cards are read for duplicates, as every change of their cards
    // takes it (decision 0015): the cards an update writes over are as they were read.
    if (!dryRun) await lockOwner(db, ownerId);
    const categories = await ensureCategoryPaths(
      db,
      userId,
      base,
      rows.map((row) => row.categoryPath),
      { now, write: !dryRun, field: 'mapping.category', plan: deps },
    );
    const cards = rows.flatMap(({ line, card }, i) =>
      card ? [{ line, card, categoryId: categories.categoryIds[i] ?? null }] : [],
    );
    const plan = await planCards(db, userId, ownerId, cards, body.duplicates ?? 'keep');
    if (dryRun) {
      await assertRoomForCards(db, ownerId, plan.create.length, { lock: false, plan: deps });
    } else {
      await addCards(
        deps,
        db,
        ownerId,
        plan.create.map(({ card, categoryId, frontKey }, i) => ({
          front: card.front,
          frontKey,
          answers: card.answers,
          notes: card.notes,
          fromLanguageCode: card.from,
          toLanguageCode: card.to,
          reverse: card.reverse,
          categoryId,
          // The file's order is the creation order, the last card created "now".
          createdAt: now - (plan.create.length - 1 - i),
        })),
      );
      await updateCardContents(db, plan.update, now);
    }
    return { plan, createdCategories: categories.created, categoryIds: categories.categoryIds };
  };
  const { plan, createdCategories, categoryIds } = body.dryRun
    ? await write(deps.db, true)
    : await deps.db.transaction().execute((trx) => write(trx, false));
  if (!body.dryRun) {
    const written = [...plan.create, ...plan.update].length;
    publishCardsChanged(
      deps,
      [...new Set(categoryIds)].map((categoryId) => ({
        owner_id: ownerId,
        category_id: categoryId ?? null,
      })),
      undefined,
      written,
    );
  }
  return {
    imported: plan.create.length,
    updated: plan.update.length,
    skipped: plan.skipped,
    duplicateCount: plan.duplicateCount,
    duplicates: plan.duplicates,
    createdCategories,
    dryRun: body.dryRun ?? false,
  };
}
