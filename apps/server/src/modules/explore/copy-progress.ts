import type { CopyProgress, DeckCopy } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';

// How far each running copy of a deck is, for GET /api/explore/copies/{copyId}: kept by the app
// that runs it, in memory (a copy is one request of one instance; docs/decisions/0022-explore.md),
// a few minutes after it ends so that the last poll and a resent copy find it.

interface CopyEntry extends CopyProgress {
  /** The copy made, once done: what the same copyId answers again. */
  result: DeckCopy | null;
  endedAt: number | null;
}

/** How long an ended copy is remembered. */
const keepMs = 5 * 60_000;
/** Copies remembered at most per app; the oldest ended ones go first. */
const entriesMax = 10_000;

const stores = new WeakMap<AppDeps, Map<string, CopyEntry>>();

function storeOf(deps: AppDeps): Map<string, CopyEntry> {
  let store = stores.get(deps);
  if (!store) {
    store = new Map();
    stores.set(deps, store);
  }
  return store;
}

const keyOf = (userId: string, copyId: string) => `${userId}/${copyId}`;

/** Forgets the copies that ended long enough ago, and the oldest ended ones past the bound. */
function prune(store: Map<string, CopyEntry>, now: number): void {
  for (const [key, entry] of store) {
    if (entry.endedAt !== null && (now - entry.endedAt > keepMs || store.size > entriesMax)) {
      store.delete(key);
    }
  }
}

/** The copy of this learner with this id, while it runs and a few minutes after. */
export function findCopy(deps: AppDeps, userId: string, copyId: string): CopyEntry | undefined {
  const store = storeOf(deps);
  prune(store, deps.now());
  return store.get(keyOf(userId, copyId));
}

/** Records a copy that starts (without an id, it is not followed): its entry, to update. */
export function startCopy(deps: AppDeps, userId: string, copyId: string | undefined): CopyEntry {
  const entry: CopyEntry = {
    status: 'copying',
    cardsTotal: 0,
    cardsCopied: 0,
    categoryId: null,
    result: null,
    endedAt: null,
  };
  if (copyId !== undefined) storeOf(deps).set(keyOf(userId, copyId), entry);
  return entry;
}

export function endCopy(deps: AppDeps, entry: CopyEntry, result: DeckCopy | null): void {
  entry.status = result ? 'done' : 'failed';
  entry.result = result;
  entry.endedAt = deps.now();
}

/** What the progress call answers of an entry. */
export const toCopyProgress = (entry: CopyEntry): CopyProgress => ({
  status: entry.status,
  cardsTotal: entry.cardsTotal,
  cardsCopied: entry.cardsCopied,
  categoryId: entry.categoryId,
});
