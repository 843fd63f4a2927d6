import type { StudyQueueItem } from '@glossa/contract';
import { findLanguage } from '@glossa/contract/values';
import { t } from '@lingui/core/macro';

export function languageName(code: string): string {
  const language = findLanguage(code);
  if (!language) return code;
  return language.nativeName === language.englishName
    ? language.nativeName
    : `${language.nativeName} (${language.englishName})`;
}

export function languageDirection(code: string): 'ltr' | 'rtl' | 'auto' {
  return findLanguage(code)?.direction ?? 'auto';
}

const comboMilestones = [10, 25, 50, 100] as const;

export function isMilestone(combo: number): boolean {
  return (comboMilestones as readonly number[]).includes(combo);
}

/** A language's English name (the direction's label: "Spanish → English"). */
export function languageEnglishName(code: string): string {
  return findLanguage(code)?.englishName ?? code;
}

/** What a queue item asks (decision 0027): what is shown, in which language, and what is typed. */
export interface Asked {
  /** The texts shown: the front forward; the answers (the translation) in reverse. */
  prompt: string[];
  promptLanguage: string;
  /** What the guess is scored against, and its language. */
  expected: string[];
  answerLanguage: string;
  /** "Spanish → English": the prompt's language, then the answer's. */
  label: string;
  /** The same for a screen reader: "Asked from Spanish to English". */
  spoken: string;
}

export function askedOf(
  item: Pick<
    StudyQueueItem,
    'direction' | 'front' | 'answers' | 'fromLanguageCode' | 'toLanguageCode'
  >,
): Asked {
  const reverse = item.direction === 'reverse';
  const promptLanguage = reverse ? item.toLanguageCode : item.fromLanguageCode;
  const answerLanguage = reverse ? item.fromLanguageCode : item.toLanguageCode;
  const from = languageEnglishName(promptLanguage);
  const to = languageEnglishName(answerLanguage);
  return {
    prompt: reverse ? item.answers : [item.front],
    promptLanguage,
    expected: reverse ? [item.front] : item.answers,
    answerLanguage,
    label: `${from} → ${to}`,
    // Made when read, in the interface's language then (Lingui's global i18n): the answer form
    // asks for the item on every keystroke and never reads it.
    get spoken() {
      return reverse ? t`Reverse: asked from ${from} to ${to}` : t`Asked from ${from} to ${to}`;
    },
  };
}
