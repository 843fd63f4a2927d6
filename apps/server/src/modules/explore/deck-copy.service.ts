import type { CopyDeckBody, CopyProgress, DeckCopy } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import { isForeignKeyViolation } from '../../db/errors';
import { AppError, conflict, notFound } from '../../errors';
import { addCards, assertRoomForCards } from '../cards/cards.service';
import { readCardsInChunks } from '../cards/deck-cards.service';
import { deleteCategory } from '../categories/categories.service';
import { copyDeckTree, type CopiedTree } from '../categories/deck-copies.service';
import { lockOwner } from '../users/users.service';
import { endCopy, findCopy, startCopy, toCopyProgress } from './copy-progress';

/**
 * Cards per transaction of a copy: each chunk holds SQLite's one writer for a few milliseconds,
 * so a copy of a deck of 100,000 cards never makes every other learner's writes wait for it
 * (as one transaction would for seconds; docs/decisions/0019-owner-limits.md, account deletion).
 */
const chunkSize = 1000;

const copyVanished = () =>
  conflict('categoryId', 'The copy was deleted or moved while it was being made');

/**
 * POST /api/explore/decks/{id}/copy: a deep copy of the deck (the categories and cards the learner
 * reads of it) at the top of the learner's tree, private, remembering where it came from. First
 * its categories, in one transaction that counts both owner limits for the whole copy under the
 * learner's lock (409 naming `categories` or `cards`, nothing copied); then its cards, a chunk
 * per transaction, each counted again (something else of the learner's may have been created
 * meanwhile). A copy that cannot finish is deleted: never half a deck.
 */
export async function copyDeck(
  deps: AppDeps,
  userId: string,
  deckId: string,
  body: CopyDeckBody,
): Promise<DeckCopy> {
  const copyId = body?.copyId;
  const earlier = copyId === undefined ? undefined : findCopy(deps, userId, copyId);
  if (earlier?.result) return earlier.result;
  if (earlier?.status === 'copying') {
    throw conflict('copyId', 'This copy is being made: follow its progress instead');
  }
  const entry = startCopy(deps, userId, copyId);
  const now = deps.now();
  let tree: CopiedTree;
  try {
    tree = await deps.db.transaction().execute(async (trx) => {
      await lockOwner(trx, userId);
      const made = await copyDeckTree(deps, trx, userId, deckId, now);
      await assertRoomForCards(trx, userId, made.cardCount, { lock: false, plan: deps });
      return made;
    });
  } catch (error) {
    endCopy(deps, entry, null);
    throw error;
  }
  entry.categoryId = tree.rootId;
  entry.cardsTotal = tree.cardCount;
  try {
    for await (const chunk of readCardsInChunks(deps.db, tree.sources, chunkSize)) {
      const first = entry.cardsCopied;
      await deps.db.transaction().execute((trx) =>
        addCards(
          deps,
          trx,
          userId,
          chunk.map((card, i) => ({
            front: card.front,
            answers: card.answers,
            notes: card.notes,
            fromLanguageCode: card.fromLanguageCode,
            toLanguageCode: card.toLanguageCode,
            reverse: card.reverse,
            categoryId: tree.targets.get(card.categoryId ?? '') ?? tree.rootId,
            // The deck's order is the copy's creation order, the last card made "now".
            createdAt: now - tree.cardCount + first + i + 1,
          })),
        ),
      );
      entry.cardsCopied = first + chunk.length;
      entry.cardsTotal = Math.max(entry.cardsTotal, entry.cardsCopied);
    }
  } catch (error) {
    endCopy(deps, entry, null);
    await deleteCategory(deps, userId, tree.rootId, 'delete').catch((cleanup: unknown) => {
      // The copy's root went already (the learner deleted it): nothing is left to remove.
      if (!(cleanup instanceof AppError && cleanup.code === 'not_found')) {
        deps.log.error({ err: cleanup }, 'an unfinished copy of a deck could not be removed');
      }
    });
    if (isForeignKeyViolation(error)) throw copyVanished();
    throw error;
  }
  const result: DeckCopy = {
    categoryId: tree.rootId,
    name: tree.name,
    categories: tree.sources.length,
    cards: entry.cardsCopied,
  };
  endCopy(deps, entry, result);
  return result;
}

/** GET /api/explore/copies/{copyId}: how far one of the learner's copies is. */
export function copyProgress(deps: AppDeps, userId: string, copyId: string): CopyProgress {
  const entry = findCopy(deps, userId, copyId);
  if (!entry) throw notFound('No copy of yours with this id is being made or ended recently');
  return toCopyProgress(entry);
}
