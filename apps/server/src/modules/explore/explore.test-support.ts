import {
  deckJoinStateSchema,
  deckPreviewSchema,
  explorePageSchema,
  joinedDeckListSchema,
  type DeckPreview,
  type ExplorePage,
} from '@glossa/contract';
import type { TestApp } from '../../../test/app';
import type { TestUser } from '../../../test/factories';
import { caller, cardBody, uniqueLabel } from '../categories/sharing.test-support';

/** A deck made through the API: its id, its sub-categories' ids and its cards' ids by name. */
export interface TestDeck {
  id: string;
  categories: Record<string, string>;
  cards: Record<string, string>;
}

/**
 * A top-level category of `owner` (public unless told) with a card, and sub-categories, each
 * with one card: `subs` maps a name to its visibility and parent's name (the deck when absent).
 */
export async function makeDeck(
  t: TestApp,
  owner: TestUser,
  options: {
    name?: string;
    visibility?: 'private' | 'shared' | 'public';
    from?: string;
    to?: string;
    description?: string;
    subs?: Record<string, { visibility: 'private' | 'shared' | 'public'; parent?: string }>;
    cards?: number;
  } = {},
): Promise<TestDeck> {
  const { must } = caller(t);
  const from = options.from ?? 'es';
  const to = options.to ?? 'en';
  const id = String(
    (
      await must('POST', '/api/categories', owner, {
        name: options.name ?? uniqueLabel('Deck'),
        description: options.description ?? 'A deck to test explore',
        visibility: options.visibility ?? 'public',
        fromLanguageCode: from,
        toLanguageCode: to,
      })
    )['id'],
  );
  const categories: Record<string, string> = { deck: id };
  const cards: Record<string, string> = {};
  const addCard = async (name: string, categoryId: string) => {
    cards[name] = String(
      (
        await must(
          'POST',
          '/api/cards',
          owner,
          cardBody({
            front: `${name} ${uniqueLabel('front')}`,
            categoryId,
            fromLanguageCode: from,
            toLanguageCode: to,
          }),
        )
      )['id'],
    );
  };
  for (let i = 0; i < (options.cards ?? 1); i += 1)
    await addCard(i === 0 ? 'deck' : `deck ${i}`, id);
  for (const [name, sub] of Object.entries(options.subs ?? {})) {
    categories[name] = String(
      (
        await must('POST', '/api/categories', owner, {
          name,
          visibility: sub.visibility,
          parentId: categories[sub.parent ?? 'deck'],
        })
      )['id'],
    );
    await addCard(name, categories[name] ?? id);
  }
  return { id, categories, cards };
}

/** The explore calls as one learner, answers parsed by the contract. */
export function exploreCalls(t: TestApp) {
  const { call, must } = caller(t);
  return {
    list: async (user: TestUser, query = ''): Promise<ExplorePage> =>
      explorePageSchema.parse(await must('GET', `/api/explore${query}`, user)),
    preview: async (user: TestUser, id: string): Promise<DeckPreview> =>
      deckPreviewSchema.parse(await must('GET', `/api/explore/decks/${id}`, user)),
    join: async (user: TestUser, id: string) =>
      deckJoinStateSchema.parse(await must('POST', `/api/explore/decks/${id}/join`, user)),
    leave: async (user: TestUser, id: string) =>
      deckJoinStateSchema.parse(await must('POST', `/api/explore/decks/${id}/leave`, user)),
    joined: async (user: TestUser) =>
      joinedDeckListSchema.parse(await must('GET', '/api/explore/joined', user)).items,
    call,
    must,
  };
}

/** The card ids of the learner's whole queue (own, shared and joined). */
export async function queueCardIds(t: TestApp, user: TestUser, query = ''): Promise<string[]> {
  const payload = await caller(t).must('GET', `/api/study/queue?limit=100${query}`, user);
  return (payload['items'] as { cardId: string }[]).map((item) => item.cardId);
}
