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
/** Cards read to gather suggestions from. */
const cardsScanned = 200;

/** Answers of readable cards with this front and pair: the caller's own first, most used first. */
async function cardSuggestions(deps: AppDeps, userId: string, body: TranslateBody) {
  const cards = await answersOfCardsWithFront(deps, userId, {
    front: body.text,
    from: body.from,
    to: body.to,
    limit: cardsScanned,
  });
  const counts = new Map<string, { text: string; count: number; own: boolean }>();
  for (const card of cards) {
    for (const answer of card.answers) {
      const key = lower(answer);
      const entry = counts.get(key) ?? { text: answer, count: 0, own: false };
      entry.count += 1;
      // The learner's own spelling wins over another learner's.
      if (card.own && !entry.own) Object.assign(entry, { text: answer, own: true });
      counts.set(key, entry);
    }
  }
  return [...counts.values()]
    .sort((a, b) => Number(b.own) - Number(a.own) || b.count - a.count)
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
