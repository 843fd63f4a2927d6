import {
  languageToolLimits,
  type TranslateBody,
  type TranslateResult,
  type TranslationSuggestion,
} from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import { answersOfCardsWithFront, lower } from '../cards/cards.service';
import type { TranslationProvider } from './translation-provider';

/** How long the provider may take before the card suggestions are answered without it. */
const providerTimeoutMs = 1500;
/** Owners whose cards suggestions are gathered from (besides the learner), and cards of each. */
const ownersScanned = 200;
const cardsPerOwner = 3;
/** Learners of one card counted (enough to tell a studied card from one nobody studies). */
const learnersPerCard = 50;

/**
 * Answers of readable cards with this front and pair, ranked by how many accounts give them:
 * each owner counts once per answer whatever the number of their cards, and so does each learner
 * who studies a card with it, so one account's many cards cannot outrank several accounts. The
 * caller's own answers come first (docs/decisions/0016-invitations.md).
 */
async function cardSuggestions(deps: AppDeps, userId: string, body: TranslateBody) {
  const cards = await answersOfCardsWithFront(deps, userId, {
    front: body.text,
    from: body.from,
    to: body.to,
    perOwner: cardsPerOwner,
    owners: ownersScanned,
    learnersPerCard,
  });
  const entries = new Map<string, { text: string; own: boolean; accounts: Set<string> }>();
  for (const card of cards) {
    for (const answer of card.answers) {
      const key = lower(answer);
      const entry = entries.get(key) ?? { text: answer, own: false, accounts: new Set() };
      entry.accounts.add(card.ownerId);
      for (const learner of card.learnerIds) entry.accounts.add(learner);
      // The learner's own spelling wins over another learner's.
      if (card.own && !entry.own) Object.assign(entry, { text: answer, own: true });
      entries.set(key, entry);
    }
  }
  // Map keeps the order answers were first met in (the owners' oldest cards first): the tie-break.
  return [...entries.values()]
    .sort((a, b) => Number(b.own) - Number(a.own) || b.accounts.size - a.accounts.size)
    .map((entry) => entry.text);
}

/** The provider's translations, or none when it fails or is slower than providerTimeoutMs. */
async function providerSuggestions(
  deps: AppDeps,
  provider: TranslationProvider | undefined,
  body: TranslateBody,
): Promise<string[]> {
  if (!provider) return [];
  try {
    return await provider.translate({
      text: body.text,
      from: body.from,
      to: body.to,
      signal: AbortSignal.timeout(providerTimeoutMs),
    });
  } catch (error) {
    // A down or slow provider must not cost the learner the card suggestions.
    deps.log.warn({ err: error }, 'the translation provider failed; answering card suggestions');
    return [];
  }
}

/** POST /api/translate */
export async function translate(
  deps: AppDeps,
  provider: TranslationProvider | undefined,
  userId: string,
  body: TranslateBody,
): Promise<TranslateResult> {
  const [fromCards, fromProvider] = await Promise.all([
    cardSuggestions(deps, userId, body),
    providerSuggestions(deps, provider, body),
  ]);
  const seen = new Set<string>();
  const suggestions: TranslationSuggestion[] = [];
  const add = (text: string, source: TranslationSuggestion['source']) => {
    const key = lower(text);
    if (seen.has(key) || suggestions.length >= languageToolLimits.suggestionsMax) return;
    seen.add(key);
    suggestions.push({ text, source });
  };
  for (const text of fromCards) add(text, 'cards');
  for (const text of fromProvider) add(text, 'provider');
  return { suggestions };
}
