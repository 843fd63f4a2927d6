import {
  ownerLimits,
  type DeckJoinState,
  type DeckSummary,
  type ExplorePage,
  type ExploreQuery,
  type ExploreSort,
} from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/database';
import { isForeignKeyViolation } from '../../db/errors';
import { conflict, notFound } from '../../errors';
import { badCursor, encodeCursorJson, readCursorJson } from '../../http/page-cursor';
import { lockOwner } from '../users/users.service';
import { deckVisibleTo, isListedDeck } from './category-access';
import { nameKey } from './categories.repository';
import {
  cardStatsByCategory,
  findDeckRows,
  listDecksPage,
  listOpenDeckCategories,
  type DeckRow,
  type DeckSortColumn,
} from './decks.repository';
import {
  addToLearnerCount,
  countActiveJoinsOfUser,
  deleteJoin,
  deleteJoinsOfUser,
  listAllJoinsOfUser,
  insertJoin,
  learnerCountOf,
  listActiveJoinsOfUser,
  listJoinedAmong,
} from './joins.repository';
import { openSubtrees } from './open-subtrees';

// Public decks, the top-level public categories of accounts that are not disabled: what explore
// lists, previews, and lets learners join (docs/decisions/0022-explore.md). Joining is the
// categories' own relation, since what a learner studies is decided here (canStudy).

const iso = (ms: number) => new Date(ms).toISOString();

export const deckNotFound = () => notFound('Deck not found');

const sortColumns: Record<ExploreSort, DeckSortColumn> = {
  popular: 'learner_count',
  new: 'published_at',
  name: 'name_lower',
};
const sortOrders: Record<ExploreSort, 'asc' | 'desc'> = {
  popular: 'desc',
  new: 'desc',
  name: 'asc',
};

function decodeDeckCursor(
  cursor: string,
  sort: ExploreSort,
): { value: string | number; id: string } {
  const parsed = readCursorJson(cursor);
  if (!Array.isArray(parsed) || parsed.length !== 3) throw badCursor();
  const [s, value, id] = parsed as unknown[];
  const valueOk =
    sort === 'name'
      ? typeof value === 'string'
      : typeof value === 'number' && Number.isSafeInteger(value);
  if (s !== sort || typeof id !== 'string' || !valueOk) throw badCursor();
  if (typeof value !== 'string' && typeof value !== 'number') throw badCursor();
  return { value, id };
}

/**
 * What strangers read of each deck: the cards of the categories it opens (itself and those under
 * it that no private one hides, the deck read as published), and the latest change of those
 * categories and cards. Decks of a page (pageSizeMax) or a learner's joined ones (joinedDecksMax):
 * two statements for all of them.
 */
async function openDeckStats(
  db: Db,
  rows: DeckRow[],
): Promise<Map<string, { cards: number; updatedAt: number }>> {
  const categories = await listOpenDeckCategories(
    db,
    rows.map((row) => row.id),
  );
  const cards = await cardStatsByCategory(
    db,
    categories.map((category) => category.id),
  );
  const stats = new Map<string, { cards: number; updatedAt: number }>();
  for (const category of categories) {
    const deck = stats.get(category.deckId) ?? { cards: 0, updatedAt: 0 };
    const filed = cards.get(category.id);
    deck.cards += filed?.count ?? 0;
    deck.updatedAt = Math.max(deck.updatedAt, category.updatedAt, filed?.updatedAt ?? 0);
    stats.set(category.deckId, deck);
  }
  return stats;
}

/** The decks as explore shows them to the caller, in the given order. */
async function toSummaries(db: Db, userId: string, rows: DeckRow[]): Promise<DeckSummary[]> {
  const opened = await openDeckStats(db, rows);
  const joined = new Set(
    await listJoinedAmong(
      db,
      userId,
      rows.map((row) => row.id),
    ),
  );
  return rows.map((row) => {
    const deck = opened.get(row.id);
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      fromLanguageCode: row.from_language_code,
      toLanguageCode: row.to_language_code,
      cardCount: deck?.cards ?? 0,
      learnerCount: Number(row.learner_count),
      owner: { username: row.owner_username },
      publishedAt:
        row.published_at > 0 && row.visibility === 'public' ? iso(row.published_at) : null,
      updatedAt: iso(Math.max(row.updated_at, deck?.updatedAt ?? 0)),
      joined: joined.has(row.id),
      own: row.owner_id === userId,
    };
  });
}

/** GET /api/explore: one page of public decks, by keyset on the sort's index. */
export async function listPublicDecks(
  deps: AppDeps,
  userId: string,
  query: ExploreQuery,
): Promise<ExplorePage> {
  const column = sortColumns[query.sort];
  const order = sortOrders[query.sort];
  const rows = await listDecksPage(deps.db, {
    from: query.from,
    to: query.to,
    text: query.q ? nameKey(query.q) : undefined,
    column,
    order,
    after: query.cursor ? decodeDeckCursor(query.cursor, query.sort) : undefined,
    limit: query.limit,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: await toSummaries(deps.db, userId, page),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursorJson([
            query.sort,
            column === 'name_lower' ? last.name_lower : Number(last[column]),
            last.id,
          ])
        : null,
  };
}

/** A deck as strangers read it, for its preview. */
export interface DeckRead {
  summary: DeckSummary;
  /** Whether strangers see it now (false in the owner's preview of an unpublished one). */
  published: boolean;
  /** The categories strangers read, the deck first, then the rest parents first. */
  categories: { id: string; parentId: string | null; name: string; depth: number }[];
  /** Cards directly in each of them. */
  cardCounts: Map<string, number>;
}

/**
 * GET /api/explore/decks/{id}: a public deck as strangers read it (to its owner, any of their
 * top-level categories, as strangers would read it published). 404 for anything else.
 */
export async function readDeck(deps: AppDeps, userId: string, id: string): Promise<DeckRead> {
  const [row] = await findDeckRows(deps.db, [id]);
  if (!row || !deckVisibleTo(row, userId)) throw deckNotFound();
  const [summary] = await toSummaries(deps.db, userId, [row]);
  const opened = await openSubtrees(
    deps.db,
    [{ id: row.id, ownerId: row.owner_id, path: row.path }],
    { asPublished: true },
  );
  const categories = opened.get(row.id) ?? [];
  const stats = await cardStatsByCategory(
    deps.db,
    categories.map((category) => category.id),
  );
  if (!summary) throw new Error('the deck was lost while being read');
  return {
    summary,
    published: isListedDeck(row),
    categories: categories.map((category) => ({
      id: category.id,
      parentId: category.parent_id,
      name: category.name,
      depth: category.depth,
    })),
    cardCounts: new Map([...stats].map(([categoryId, stat]) => [categoryId, stat.count])),
  };
}

/** A deck explore lists (one to report): 404 for anything else, the owner's unpublished ones too. */
export async function requireListedDeck(
  deps: AppDeps,
  id: string,
): Promise<{ id: string; name: string; ownerUsername: string }> {
  const [row] = await findDeckRows(deps.db, [id]);
  if (!row || !isListedDeck(row)) throw deckNotFound();
  return { id: row.id, name: row.name, ownerUsername: row.owner_username };
}

/**
 * POST /api/explore/decks/{id}/join: the deck's cards enter the learner's study with their own
 * schedule. Joining again changes nothing. At most ownerLimits.joinedDecksMax joins per learner
 * (409 naming `joined`), counted under the learner's lock so that joins sent at once cannot pass
 * it; one's own deck is studied already (409 naming `id`).
 */
export async function joinDeck(deps: AppDeps, userId: string, id: string): Promise<DeckJoinState> {
  try {
    return await deps.db.transaction().execute(async (trx) => {
      await lockOwner(trx, userId);
      const [row] = await findDeckRows(trx, [id]);
      if (!row || !isListedDeck(row)) throw deckNotFound();
      if (row.owner_id === userId) throw conflict('id', 'This deck is yours: you study it already');
      if ((await listJoinedAmong(trx, userId, [id])).length === 0) {
        const joins = await countActiveJoinsOfUser(trx, userId);
        if (joins >= ownerLimits.joinedDecksMax) {
          throw conflict(
            'joined',
            `A learner can join at most ${ownerLimits.joinedDecksMax} decks: leave one first`,
          );
        }
        // The deck's row first, then the join that refers to it: the order of a deletion of the
        // deck (which locks it, then deletes its joins), so the two never wait on each other. The
        // learner's lock makes the check above hold until the insert.
        await addToLearnerCount(trx, id, 1);
        await insertJoin(trx, { categoryId: id, userId, now: deps.now() });
      }
      return { joined: true, learnerCount: await learnerCountOf(trx, id) };
    });
  } catch (error) {
    // The deck was deleted while joining.
    if (isForeignKeyViolation(error)) throw deckNotFound();
    throw error;
  }
}

/**
 * POST /api/explore/decks/{id}/leave: the deck's cards leave the learner's queue; their progress
 * and review history stay (joining again brings the schedule back). A deck the learner did not
 * join answers its state; one they may no longer see answers 404 unless they had joined it.
 */
export async function leaveDeck(deps: AppDeps, userId: string, id: string): Promise<DeckJoinState> {
  return deps.db.transaction().execute(async (trx) => {
    await lockOwner(trx, userId);
    if ((await listJoinedAmong(trx, userId, [id])).length > 0) {
      // The deck's row first, then its join (as joinDeck says why).
      await addToLearnerCount(trx, id, -1);
      await deleteJoin(trx, id, userId);
      return { joined: false, learnerCount: await learnerCountOf(trx, id) };
    }
    const [row] = await findDeckRows(trx, [id]);
    if (!row || !deckVisibleTo(row, userId)) throw deckNotFound();
    return { joined: false, learnerCount: Number(row.learner_count) };
  });
}

/** GET /api/explore/joined: the learner's joined decks that are public now, newest join first. */
export async function listJoinedDecks(deps: AppDeps, userId: string): Promise<DeckSummary[]> {
  const joins = await listActiveJoinsOfUser(deps.db, userId, ownerLimits.joinedDecksMax);
  const rows = new Map(
    (
      await findDeckRows(
        deps.db,
        joins.map((join) => join.category_id),
      )
    ).map((row) => [row.id, row]),
  );
  const listed = joins.flatMap((join) => {
    const row = rows.get(join.category_id);
    return row && isListedDeck(row) && row.owner_id !== userId ? [row] : [];
  });
  return toSummaries(deps.db, userId, listed);
}

/**
 * Every deck the learner joined is left, each deck's count lowered: on the transaction that
 * deletes their account, which holds their row's lock (a join sent meanwhile waits for it, then
 * finds the account gone); the joins would otherwise go with the account, by cascade, uncounted.
 */
export async function leaveAllDecks(db: Db, userId: string): Promise<void> {
  for (const categoryId of await listAllJoinsOfUser(db, userId)) {
    // The deck's row first, then its join (as joinDeck says why).
    await addToLearnerCount(db, categoryId, -1);
  }
  await deleteJoinsOfUser(db, userId);
}
