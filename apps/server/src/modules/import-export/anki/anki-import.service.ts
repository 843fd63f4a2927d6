import { randomUUID } from 'node:crypto';
import {
  ankiImportLimits,
  categoryLimits,
  type AnkiAnalyseBody,
  type AnkiAnalysis,
  type AnkiImportBody,
  type AnkiImportResult,
} from '@glossa/contract';
import type { Grade } from '@glossa/srs';
import type { AppDeps } from '../../../app-deps';
import type { Db } from '../../../db/database';
import { isDuplicateViolation } from '../../../db/errors';
import { conflict } from '../../../errors';
import { addCards, publishCardsChanged } from '../../cards/cards.service';
import { findImportedAnkiKeys } from '../../cards/duplicates.service';
import { ensureCategoryPaths } from '../../categories/category-paths.service';
import { requireCardCategory } from '../../categories/category-scope.service';
import {
  importReviewHistory,
  type ImportedCardHistory,
} from '../../study/imported-history.service';
import { addReviewsToDays, refreshStatsDaysIn } from '../../stats/stats-days.service';
import { lockOwner } from '../../users/users.service';
import type { AnkiCollection } from './anki-collection';
import { planAnkiCards } from './anki-plan';
import { readAnkiPackage } from './anki-reader';
import { hasCloze } from './anki-text';

const previewLength = 200;

/** Items by key, in their order. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** POST /api/cards/import/anki/analyse: the package read, nothing written. */
export async function analyseAnkiPackage(body: AnkiAnalyseBody): Promise<AnkiAnalysis> {
  const collection = await readAnkiPackage(body.file, false);
  const cardsPerDeck = new Map<string, number>();
  for (const card of collection.cards) {
    cardsPerDeck.set(card.deckId, (cardsPerDeck.get(card.deckId) ?? 0) + 1);
  }
  const notesOfType = groupBy(collection.notes, (note) => note.typeId);
  return {
    format: collection.format,
    decks: collection.decks
      .map((deck) => ({ id: deck.id, path: deck.path, cards: cardsPerDeck.get(deck.id) ?? 0 }))
      .sort((a, b) => a.path.join('\u0000').localeCompare(b.path.join('\u0000'))),
    noteTypes: collection.noteTypes.map((type) => {
      const notes = notesOfType.get(type.id) ?? [];
      return {
        id: type.id,
        name: type.name,
        fields: type.fields,
        notes: notes.length,
        clozeNotes: notes.filter((note) => note.fields.some(hasCloze)).length,
        preview: notes
          .slice(0, ankiImportLimits.previewNotes)
          .map((note) => note.fields.map((field) => field.slice(0, previewLength))),
      };
    }),
    notes: collection.notes.length,
    cards: collection.cards.length,
    reviews: collection.reviewCount,
    media: collection.media,
  };
}

/** Anki's answer buttons (ease 1–4: Again, Hard, Good, Easy) are Glossa's grades. */
const gradeOfEase = (ease: number): Grade => Math.min(4, Math.max(1, ease)) as Grade;

/** The planned cards' histories, from the reviews of the Anki card each continues. */
function histories(
  collection: AnkiCollection,
  cards: { id: string; ankiCardId: string | null; categoryId: string | null; answers: string[] }[],
  foreign: boolean,
  now: number,
): ImportedCardHistory[] {
  const reviewsOf = groupBy(collection.reviews, (review) => review.cardId);
  const histories: ImportedCardHistory[] = [];
  for (const card of cards) {
    const reviews = card.ankiCardId ? reviewsOf.get(card.ankiCardId) : undefined;
    if (!reviews) continue;
    // An answer dated in the future (a clock gone wrong) cannot be replayed before now.
    const answers = reviews
      .filter((review) => review.at <= now)
      .map((review) => ({ at: review.at, grade: gradeOfEase(review.ease), elapsedMs: review.ms }));
    histories.push({
      cardId: card.id,
      categoryId: card.categoryId,
      foreign,
      answers,
      cardAnswers: card.answers,
    });
  }
  return histories;
}

/**
 * POST /api/cards/import/anki: the package read again (in its thread), its notes made cards as the
 * mapping says, its decks categories, and with `history` its review log the learner's; all of it in
 * one transaction.
 */
export async function importAnkiPackage(
  deps: AppDeps,
  userId: string,
  body: AnkiImportBody,
): Promise<AnkiImportResult> {
  const baseId = body.defaults.categoryId;
  const base = baseId
    ? await requireCardCategory(deps.db, userId, baseId, 'defaults.categoryId')
    : null;
  const collection = await readAnkiPackage(body.file, body.history);
  const plan = planAnkiCards(collection, body, categoryLimits.depthMax - (base?.depth ?? 0));
  const ownerId = base?.ownerId ?? userId;
  const now = deps.now();
  const write = async (db: Db) => {
    await lockOwner(db, ownerId);
    // Under the owner's lock: an import of the same package at once waits, then finds these.
    const there = await findImportedAnkiKeys(
      db,
      ownerId,
      plan.cards.flatMap((card) => (card.ankiKey === null ? [] : [card.ankiKey])),
    );
    const fresh = plan.cards.filter((card) => card.ankiKey === null || !there.has(card.ankiKey));
    const categories = await ensureCategoryPaths(
      db,
      userId,
      base,
      fresh.map((card) => card.path),
      { now, write: true, field: 'defaults.categoryId', plan: deps },
    );
    const cards = fresh.map((card, i) => ({
      ...card,
      id: randomUUID(),
      categoryId: categories.categoryIds[i] ?? null,
    }));
    await addCards(
      deps,
      db,
      ownerId,
      cards.map((card, i) => ({
        id: card.id,
        front: card.front,
        answers: card.answers,
        notes: card.notes,
        fromLanguageCode: body.defaults.fromLanguageCode,
        toLanguageCode: body.defaults.toLanguageCode,
        categoryId: card.categoryId,
        createdAt: now - (cards.length - 1 - i),
        ankiKey: card.ankiKey,
      })),
    );
    let reviews = 0;
    if (body.history) {
      // The learner's days of statistics take the history in this transaction (decision 0036's
      // addendum): brought up to their log first, then the imported reviews added day by day.
      await refreshStatsDaysIn(db, userId);
      const log = await importReviewHistory(
        db,
        userId,
        histories(collection, cards, ownerId !== userId, now),
      );
      await addReviewsToDays(
        db,
        userId,
        log.fromSeq,
        log.toSeq,
        log.rows.map((row) => ({
          id: row.id,
          reviewed_at: row.reviewed_at,
          success: row.success,
          elapsed_ms: row.elapsed_ms,
          state_before: row.state_before,
          state_after: row.state_after,
        })),
      );
      reviews = log.rows.length;
    }
    return { categories, cards, reviews, alreadyImported: plan.cards.length - fresh.length };
  };
  const written = await deps.db
    .transaction()
    .execute(write)
    .catch((error: unknown) => {
      // The learner's answer, written by the review writer meanwhile, took a place in their log
      // that the history was given; the writer answers the same to its side (decision 0015).
      if (isDuplicateViolation(error)) {
        throw conflict('history', 'An answer was written meanwhile: import the package again');
      }
      throw error;
    });
  publishCardsChanged(
    deps,
    [...new Set(written.cards.map((card) => card.categoryId))].map((categoryId) => ({
      owner_id: ownerId,
      category_id: categoryId,
    })),
    undefined,
    written.cards.length,
  );
  return {
    imported: written.cards.length,
    clozeCards: written.cards.filter((card) => card.cloze).length,
    createdCategories: written.categories.created,
    flattenedDecks: plan.flattenedDecks,
    skipped: plan.skipped,
    alreadyImported: written.alreadyImported + plan.repeated,
    tagged: written.cards.filter((card) => card.tagged).length,
    media: collection.media,
    reviews: written.reviews,
    // Not answers (reschedulings), of cards not imported, dated later than now, or not asked for.
    reviewsSkipped: collection.reviewCount - written.reviews,
  };
}
