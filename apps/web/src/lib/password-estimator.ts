import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import commonPasswords from '@zxcvbn-ts/language-common/dist/passwords.json.mjs';
import keyboardGraphs from '@zxcvbn-ts/language-common/dist/adjacencyGraphs.json.mjs';
import englishWords from '@zxcvbn-ts/language-en/dist/commonWords.json.mjs';
import firstNames from '@zxcvbn-ts/language-en/dist/firstnames.json.mjs';
import translations from '@zxcvbn-ts/language-en/dist/translations.mjs';

type AdviceTexts = Pick<typeof translations, 'warnings' | 'suggestions'>;

// Loaded only by the forms that set a password (lib/password-strength.ts imports it lazily). Its
// dictionaries are most of its weight: the common passwords, English words and first names, and
// the keyboard layouts; the packages' last names and Wikipedia words are left out (they would
// nearly double the chunk, decision 0017).

const estimator = new ZxcvbnFactory({
  translations,
  graphs: keyboardGraphs,
  dictionary: {
    'passwords-common': commonPasswords,
    'commonWords-en': englishWords,
    'firstnames-en': firstNames,
  },
  // Off (the default): it compares the whole password with every dictionary word, hundreds of
  // milliseconds per keystroke on a phone; the dictionary, l33t and pattern matchers stay.
  useLevenshteinDistance: false,
});

// zxcvbn-ts's own translations of its advice (warnings and suggestions), one chunk per language,
// loaded with the estimator in the interface's language (decision 0037): es and fr speak as the
// interface does (tú, vous); de words its advice without address.
const adviceLanguages: Record<string, () => Promise<{ default: AdviceTexts }>> = {
  de: () => import('@zxcvbn-ts/language-de/dist/translations.esm.js'),
  es: () => import('@zxcvbn-ts/language-es-es/dist/translations.mjs'),
  fr: () => import('@zxcvbn-ts/language-fr/dist/translations.mjs'),
};
const adviceTexts = new Map<string, AdviceTexts>();

/** Loads zxcvbn's advice in a language (once; English is built in, others fall back to it). */
export async function loadAdvice(locale: string): Promise<void> {
  const load = adviceLanguages[locale];
  if (!load || adviceTexts.has(locale)) return;
  adviceTexts.set(locale, (await load()).default);
}

/** Each English text of the advice, by where it sits in the translations. */
const adviceKeys = new Map<string, [keyof AdviceTexts, string]>(
  (['warnings', 'suggestions'] as const).flatMap((group) =>
    Object.entries(translations[group]).map(
      ([key, text]): [string, [keyof AdviceTexts, string]] => [text, [group, key]],
    ),
  ),
);

function inLanguage(text: string, locale: string): string {
  const where = adviceKeys.get(text);
  const texts = adviceTexts.get(locale);
  if (!where || !texts) return text;
  const translated = (texts[where[0]] as Record<string, string | undefined>)[where[1]];
  return translated ?? text;
}

/**
 * zxcvbn's score (0 to 4) and first piece of advice for a password and the account's names, the
 * advice in `locale` when its texts are loaded (`loadAdvice`), else in English.
 */
export function estimate(password: string, userInputs: string[], locale = 'en') {
  const { score, feedback } = estimator.check(password, userInputs);
  const suggestion = feedback.suggestions[0];
  return {
    score,
    warning: feedback.warning === null ? null : inLanguage(feedback.warning, locale),
    suggestion: suggestion === undefined ? null : inLanguage(suggestion, locale),
  };
}

/** The estimate and the contract rule's message, in one language. */
export interface Estimator {
  estimate(
    password: string,
    userInputs: string[],
  ): { score: 0 | 1 | 2 | 3 | 4; warning: string | null; suggestion: string | null };
  /** The contract's message (the server's rule) in that language. */
  translate(message: string): string;
}

/**
 * The estimator with its advice and the contract's messages in `locale` (each table fetched once
 * per language; English when one cannot be).
 */
export async function estimatorIn(locale: string): Promise<Estimator> {
  const [catalog] = await Promise.all([
    import('./form-resolver')
      .then(({ contractMessages }) => contractMessages(locale))
      .catch(() => undefined),
    loadAdvice(locale).catch(() => undefined),
  ]);
  return {
    estimate: (password, userInputs) => estimate(password, userInputs, locale),
    translate: catalog ? (message) => catalog.translate(message) : (message) => message,
  };
}
