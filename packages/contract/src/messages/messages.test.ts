import { describe, expect, it } from 'vitest';
import type { ContractTranslations } from './contract-messages';
import { translations as de } from './de';
import { translations as es } from './es';
import { translations as fr } from './fr';
import { messageCatalog, type TranslatedLocale } from './message-catalog';
import {
  contractFilesWithoutMessages,
  covers,
  placeholdersOf,
  sourceMessages,
  untranslated,
} from './source-messages.test-support';

// The contract's tables (decision 0037): the web's forms show the contract's messages with one of
// them, loaded with the form's check, so each must translate, alone, every message the contract's
// schemas can give (found in its source as the server's check finds them).

const tables: Record<TranslatedLocale, ContractTranslations> = { es, fr, de };
const catalogs = {
  es: messageCatalog(es, 'es'),
  fr: messageCatalog(fr, 'fr'),
  de: messageCatalog(de, 'de'),
};

describe('the contract’s message tables', () => {
  const messages = sourceMessages(['packages/contract/src'], contractFilesWithoutMessages);

  it('finds the messages of the contract’s source (the rule still works)', () => {
    expect(messages.size).toBeGreaterThan(80);
    expect(messages.has('Give at least one answer')).toBe(true);
    expect(messages.has('{} must be at most {}')).toBe(true);
  });

  it('translate every message of the contract, each table alone', () => {
    for (const catalog of Object.values(catalogs)) {
      expect(untranslated(catalog, messages)).toEqual([]);
    }
  });

  it('keep the placeholders of the English in each translation', () => {
    for (const [locale, table] of Object.entries(tables)) {
      for (const [english, text] of Object.entries(table)) {
        expect(placeholdersOf(text), `${locale}: ${english}`).toEqual(placeholdersOf(english));
        expect(text.trim(), `${locale}: ${english}`).not.toBe('');
      }
    }
  });

  it('translate a message by its text or its shape, with its label and its numbers', () => {
    expect(catalogs.de.translate('Password must be at least 8 characters')).toBe(
      'Das Passwort muss mindestens 8 Zeichen lang sein',
    );
    expect(catalogs.de.translate('Username must be at most 32 characters')).toBe(
      'Benutzername darf höchstens 32 Zeichen lang sein',
    );
    expect(catalogs.es.translate('Front is required')).toBe('Anverso es un campo obligatorio');
    expect(catalogs.fr.translate('Give at most 1,000 answers')).toBe(
      'Donnez au plus 1\u202f000 réponses',
    );
    // zod's own message, for a schema without one; a lowercase label is a field's name, kept.
    expect(catalogs.de.translate('Invalid input: expected string, received undefined')).toBe(
      'Ungültige Eingabe: string erwartet, undefined erhalten',
    );
    expect(catalogs.fr.translate('sort must be at most 3')).toBe('sort doit valoir au plus 3');
    // Not the contract's: unchanged, and not covered.
    expect(catalogs.de.translate('Sign in to continue')).toBe('Sign in to continue');
    expect(covers(catalogs.de, 'Nothing must be at most 3 characters')).toBe(false);
  });
});
