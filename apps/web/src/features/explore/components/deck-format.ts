import { t } from '@lingui/core/macro';
import { formatDate } from '../../../lib/dates';
import type { DeckSummary } from '@glossa/contract';
import { findLanguage } from '@glossa/contract/values';

/** A language's own name ("Español"), or its code when unknown. */
export function languageName(code: string | null): string {
  if (!code) return t`Any language`;
  return findLanguage(code)?.nativeName ?? code;
}

/** "Español → English", or what is missing. */
export function pairText(deck: Pick<DeckSummary, 'fromLanguageCode' | 'toLanguageCode'>): string {
  if (!deck.fromLanguageCode && !deck.toLanguageCode) return t`Languages not set`;
  return `${languageName(deck.fromLanguageCode)} → ${languageName(deck.toLanguageCode)}`;
}

/** A day as the learner's locale writes it ("12 May 2026"). */
export const dayText = (iso: string) => formatDate(iso);

/** The writing direction of a language's text ('auto' when unknown). */
export function languageDirection(code: string): 'ltr' | 'rtl' | 'auto' {
  return findLanguage(code)?.direction ?? 'auto';
}
