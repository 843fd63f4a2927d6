import type { Db } from '../../db/database';
import { parseAnswers, type CardContent } from './cards.service';
import { listCardsOfCategoryAfter, listFirstCardsOfCategories } from './deck-cards.repository';
import type { CardRow } from './cards.repository';

// The cards of a public deck as explore reads them (docs/decisions/0022-explore.md). No access
// check: for a caller that found the categories among those the learner may read.

const toContent = (row: CardRow): CardContent => ({
  id: row.id,
  categoryId: row.category_id,
  front: row.front,
  answers: parseAnswers(row.answers),
  notes: row.notes,
  fromLanguageCode: row.from_language_code,
  toLanguageCode: row.to_language_code,
});

/** A card as a copy of its deck makes it again: its content and its choice of the reverse way. */
export type CopiedCard = CardContent & { reverse: CardRow['reverse'] };
const toCopied = (row: CardRow): CopiedCard => ({ ...toContent(row), reverse: row.reverse });

/** The first cards of the categories: those of the first category oldest first, then the next… */
export async function readFirstCards(
  db: Db,
  categoryIds: string[],
  limit: number,
): Promise<CardContent[]> {
  return (await listFirstCardsOfCategories(db, categoryIds, limit)).map(toContent);
}

/**
 * Every card of the categories, in their order and oldest first in each, in chunks of at most
 * `chunkSize` (a chunk may span categories): each read from the category's index by keyset, so a
 * copy of 100,000 cards never holds them all.
 */
export async function* readCardsInChunks(
  db: Db,
  categoryIds: string[],
  chunkSize: number,
): AsyncGenerator<CopiedCard[]> {
  let chunk: CopiedCard[] = [];
  for (const categoryId of categoryIds) {
    let after: { createdAt: number; id: string } | undefined;
    for (;;) {
      const want = chunkSize - chunk.length;
      const rows = await listCardsOfCategoryAfter(db, categoryId, after, want);
      chunk.push(...rows.map(toCopied));
      if (chunk.length >= chunkSize) {
        yield chunk;
        chunk = [];
      }
      const last = rows.at(-1);
      if (!last || rows.length < want) break;
      after = { createdAt: last.created_at, id: last.id };
    }
  }
  if (chunk.length > 0) yield chunk;
}
