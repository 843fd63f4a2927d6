import {
  exploreLimits,
  type DeckPreview,
  type DeckReportReason,
  type FeedbackCreated,
  type ReportDeckBody,
} from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import { readFirstCards } from '../cards/deck-cards.service';
import { readDeck, requireListedDeck } from '../categories/decks.service';
import { reportToAdmins } from '../feedback/feedback.service';

// Explore composes the categories' public decks (listed, joined, copied) with their cards and
// the admins' feedback queue (docs/decisions/0022-explore.md).

/**
 * GET /api/explore/decks/{id}: a deck as strangers read it, without joining: its description, its
 * sub-categories (the nearest to the top first, previewSubcategoriesMax at most) and first cards.
 */
export async function previewDeck(deps: AppDeps, userId: string, id: string): Promise<DeckPreview> {
  const deck = await readDeck(deps, userId, id);
  const cards = await readFirstCards(
    deps.db,
    deck.categories.map((category) => category.id),
    exploreLimits.previewCards,
  );
  const subcategories = deck.categories.filter((category) => category.id !== id);
  const listed = subcategories.slice(0, exploreLimits.previewSubcategoriesMax);
  return {
    deck: deck.summary,
    published: deck.published,
    subcategories: listed.map((category) => ({
      id: category.id,
      parentId: category.parentId ?? id,
      name: category.name,
      depth: category.depth,
      cardCount: deck.cardCounts.get(category.id) ?? 0,
    })),
    subcategoriesOmitted: subcategories.length - listed.length,
    cards,
  };
}

const reasonText: Record<DeckReportReason, string> = {
  abuse: 'abuse',
  wrong: 'wrong content',
  other: 'other',
};

/** Where a deck opens in the app: explore with its preview (the link an admin follows). */
export const deckLink = (id: string) => `/app/explore?deck=${encodeURIComponent(id)}`;

/**
 * POST /api/explore/decks/{id}/report: into the admins' feedback queue (kind `report`), naming the
 * deck and its owner, with the deck's link as its page; the learner's daily limit of messages
 * applies (429).
 */
export async function reportDeck(
  deps: AppDeps,
  userId: string,
  id: string,
  body: ReportDeckBody,
): Promise<FeedbackCreated> {
  const deck = await requireListedDeck(deps, id);
  return reportToAdmins(deps, userId, {
    message: `Report of the deck “${deck.name}” by ${deck.ownerUsername} (${reasonText[body.reason]}):\n${body.message}`,
    page: deckLink(deck.id),
  });
}
