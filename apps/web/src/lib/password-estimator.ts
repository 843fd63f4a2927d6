import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import commonPasswords from '@zxcvbn-ts/language-common/dist/passwords.json.mjs';
import keyboardGraphs from '@zxcvbn-ts/language-common/dist/adjacencyGraphs.json.mjs';
import englishWords from '@zxcvbn-ts/language-en/dist/commonWords.json.mjs';
import firstNames from '@zxcvbn-ts/language-en/dist/firstnames.json.mjs';
import translations from '@zxcvbn-ts/language-en/dist/translations.mjs';

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

/** zxcvbn's score (0 to 4) and first piece of advice for a password and the account's names. */
export function estimate(password: string, userInputs: string[]) {
  const { score, feedback } = estimator.check(password, userInputs);
  return { score, warning: feedback.warning, suggestion: feedback.suggestions[0] ?? null };
}
