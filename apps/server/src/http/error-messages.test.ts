import {
  contractFilesWithoutMessages,
  covers,
  placeholdersOf,
  sourceMessages,
  untranslated,
} from '@glossa/contract/messages/source-messages';
import { translations as contractGerman } from '@glossa/contract/messages/de';
import { describe, expect, it } from 'vitest';
import { errorCatalog } from './error-catalog';
import { catalogs, translateMessage } from './error-messages';

// The server's catalog check (decision 0037): every message the server or the contract's schemas
// can put in an error envelope has its Spanish, French and German translation, in error-catalog.ts
// or in the contract's tables (packages/contract/src/messages, which have their own check of the
// contract's messages). The messages are found in the source (@glossa/contract/messages/
// source-messages): every string that reads as prose, outside logs, internal errors (new Error)
// and the API description, in the files below. A new message without a translation fails here.

const sourceDirs = ['apps/server/src', 'packages/contract/src'];
/** Files with no message for an envelope: SQL, the command line, settings, mail, tests. */
const skippedFiles = new RegExp(
  [
    contractFilesWithoutMessages.source,
    /\.repository\.ts$|\/test\//.source,
    /apps\/server\/src\/(db|cli|mail)\/|apps\/server\/src\/(config|main)\.ts$/.source,
    /error-catalog\.ts$|error-messages\.ts$/.source,
  ].join('|'),
);
/** Prose found by the rule that is not an envelope's message, and why. */
const notMessages = new Map<string, string>([
  ['Glossa API', 'the OpenAPI title'],
  ['User-agent: *', 'robots.txt'],
  ['Disallow: /app/', 'robots.txt'],
  ['Disallow: /api/', 'robots.txt'],
  ['Sitemap: {}/sitemap.xml', 'robots.txt'],
  ['Bearer {}', 'an Authorization header'],
  ['Server going away', 'a websocket close reason, read by the client code'],
  ['Too many connections of this account', 'a websocket close reason'],
  ['The credentials changed', 'a websocket close reason'],
  ['This session ended', 'a websocket close reason'],
  ['Signed out', 'a websocket close reason'],
  ['The access token expired', 'a websocket close reason'],
  ['Too many messages', 'a websocket close reason'],
  ['Unknown message', 'a websocket close reason'],
  ['Report of the deck “{}” by {} ({}):\n{}', 'a report stored for the admins, in English'],
  ['The language detector thread', 'a worker thread’s name, in its internal errors (logs)'],
  ['The fit thread', 'a worker thread’s name, in its internal errors (logs)'],
  ['The Anki reader thread', 'a worker thread’s name, in its internal errors (logs)'],
]);

describe('the error catalog', () => {
  const messages = sourceMessages(sourceDirs, skippedFiles);

  it('finds the messages of the source (the rule still works)', () => {
    expect(messages.size).toBeGreaterThan(200);
    expect(messages.has('Sign in to continue')).toBe(true);
    expect(messages.has('{} must be at most {}')).toBe(true);
  });

  it('translates every message of the server and the contract, in each language', () => {
    for (const catalog of Object.values(catalogs)) {
      expect(untranslated(catalog, messages, notMessages)).toEqual([]);
    }
  });

  it('lists no exception that the source no longer has', () => {
    expect([...notMessages.keys()].filter((text) => !messages.has(text))).toEqual([]);
  });

  it('keeps the placeholders of the English in each translation', () => {
    for (const [english, translations] of Object.entries(errorCatalog)) {
      for (const [locale, text] of Object.entries(translations)) {
        expect(placeholdersOf(text), `${locale}: ${english}`).toEqual(placeholdersOf(english));
        expect(text.trim(), `${locale}: ${english}`).not.toBe('');
      }
    }
  });

  it('leaves the contract’s messages to the contract’s tables (one translation of each)', () => {
    expect(Object.keys(errorCatalog).filter((english) => english in contractGerman)).toEqual([]);
  });

  it('translates the parts of a message: numbers the language’s way, labels from the catalog', () => {
    expect(translateMessage('Username must be at most 32 characters', 'de')).toBe(
      'Benutzername darf höchstens 32 Zeichen lang sein',
    );
    expect(
      translateMessage('An owner can have at most 10,000 cards (9,990 now, adding 20)', 'fr'),
    ).toBe(
      'Un propriétaire peut avoir au plus 10\u202f000 cartes (9\u202f990 actuellement, 20 en plus)',
    );
    expect(translateMessage('front: Front is required', 'es')).toBe(
      'front: Anverso es un campo obligatorio',
    );
    expect(
      translateMessage(
        'You made many changes to your account in a short time: try again in about 3 minutes.',
        'es',
      ),
    ).toBe(
      'Has hecho muchos cambios en tu cuenta en poco tiempo: vuelve a intentarlo dentro de unos 3 minutos.',
    );
    expect(translateMessage('sort must be popular, new or name', 'de')).toBe(
      'sort muss popular, new oder name sein',
    );
    // English is the source, and an unknown message stays as it is.
    expect(translateMessage('Front is required', 'en')).toBe('Front is required');
    expect(translateMessage('Nothing like this exists', 'fr')).toBe('Nothing like this exists');
    // zod's own messages, for a schema without one.
    expect(translateMessage('Invalid input: expected string, received number', 'fr')).toBe(
      'Entrée non valide : string attendu, number reçu',
    );
    expect(translateMessage('Too big: expected string to have <=64 characters', 'de')).toBe(
      'Zu groß: string sollte <=64 Zeichen haben',
    );
    // A shape alone is not a translation: its parts must be in the catalog too.
    expect(covers(catalogs.de, 'name: Front is required')).toBe(true);
    expect(covers(catalogs.de, 'name: Nothing like this exists')).toBe(false);
    expect(covers(catalogs.de, 'Nothing must be at most 3 characters')).toBe(false);
  });
});
