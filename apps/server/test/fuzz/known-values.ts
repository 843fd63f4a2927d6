import { randomUUID } from 'node:crypto';
import { exportColumns, versionMax } from '@glossa/contract';
import fc from 'fast-check';
import type { World } from '../world';
import {
  buildPackage,
  sampleCollection,
  toBase64,
} from '../../src/modules/import-export/anki/anki-fixture.test-support';
import type { KnownValues } from './schema-arbitrary';

/** Cursors a client could forge: not base64, base64 of something else, with a NUL, too long. */
function badCursors(real: string[]): string[] {
  const b64 = (text: string) => Buffer.from(text).toString('base64url');
  const tampered = real.map(
    (cursor) => `${cursor.slice(0, -2)}${cursor.endsWith('A') ? 'B' : 'A'}A`,
  );
  // A NUL inside the decoded key, for every sort and order, so that one reaches the query.
  const withNul = ['created', 'updated', 'front', 'due'].flatMap((sort) =>
    ['asc', 'desc'].map((order) =>
      b64(JSON.stringify([sort, order, sort === 'front' ? 'a\u0000' : 1, '\u0000'])),
    ),
  );
  return [
    ...tampered,
    ...withNul,
    '',
    '!!!',
    '====',
    'A',
    b64('not json'),
    b64('[]'),
    b64('["created","desc",1,"x",5]'),
    b64('["front","asc",1,"x"]'),
    b64('["created","desc","1","x"]'),
    b64('["created","desc",1e400,"x"]'),
    b64('["created","desc",1,"\u0000"]'),
    b64('["front","asc","\u0000","x"]'),
    b64('\u0000'),
    b64('{"__proto__":1}'),
    `${real[0] ?? 'AAAA'}\u0000`,
    Buffer.from([0xff, 0xfe, 0x00, 0x01]).toString('base64url'),
    'A'.repeat(1024),
  ];
}

const pick = <T>(...values: T[]) => fc.constantFrom(...values);

/** Anki packages (decision 0035): sound ones of both schemas, a truncated one, a bare header. */
const ankiPackages = (() => {
  const modern = buildPackage(sampleCollection('v18'), 'anki21b');
  const legacy = buildPackage(sampleCollection('legacy'), 'anki2');
  return [
    toBase64(modern),
    toBase64(legacy),
    toBase64(modern.slice(0, Math.floor(modern.length / 2))),
    toBase64(Buffer.from('PK\u0003\u0004')),
    toBase64(Buffer.from('front,answers\nla casa,house')),
  ];
})();

// Built once: fast-check's string arbitraries are costly to construct.
const newName = fc.stringMatching(/^[a-z0-9_.-]{3,32}$/);
const newPassword = fc.string({ minLength: 8, maxLength: 40 });
const newCategoryName = fc.string({ minLength: 1, maxLength: 30 });

/**
 * What this world's fields can hold that means something on the server: its ids (cards,
 * categories, users, sessions, reviews), usernames, e-mails, the owner's password and refresh
 * token, language codes, cursors of a real list, files to import, and new names and addresses
 * that sign-up accepts. Keyed by field name; the schema's own values are mixed in as well.
 */
export function knownValues(world: World, cursors: string[]): KnownValues {
  const { ids, users } = world;
  const people = Object.values(users);
  const unknownId = randomUUID();
  const cardIds = [...Object.values(ids.cards), unknownId];
  const categoryIds = [...Object.values(ids.categories), unknownId];
  const userIds = [...people.map((user) => user.id), unknownId];
  const anyId = pick(...cardIds, ...categoryIds, ...userIds);
  const languageCode = pick('es', 'en', 'fr', 'de', 'ja', 'ar', 'zh');
  const csvHeader = exportColumns.join(',');
  const table: Record<string, fc.Arbitrary<unknown>> = {
    id: anyId,
    cardid: pick(...cardIds),
    categoryid: fc.oneof(pick(...categoryIds), fc.constant('none')),
    parentid: pick(...categoryIds, null),
    userid: pick(...userIds),
    ids: anyId,
    tokenid: pick(world.tokenIdOf('owner'), world.tokenIdOf('viewer'), unknownId),
    clientreviewid: fc.oneof(pick(...Object.values(ids.reviews)), fc.uuid()),
    copyid: fc.uuid(),
    fromlanguagecode: languageCode,
    tolanguagecode: languageCode,
    defaultfromlanguagecode: languageCode,
    from: languageCode,
    to: languageCode,
    candidates: languageCode,
    username: fc.oneof(pick(...people.map((user) => user.username)), newName),
    email: fc.oneof(
      pick(...people.map((user) => user.email)),
      newName.map((name) => `${name}@example.com`),
    ),
    login: pick(
      ...people.flatMap((user) => [user.username, user.email]),
      'nobody',
      'nobody@example.com',
    ),
    password: fc.oneof(pick(users.owner.password), newPassword),
    currentpassword: pick(users.owner.password, 'wrong password'),
    refresh: pick(users.owner.refresh, users.viewer.refresh, world.tamperedToken),
    cursor: pick(...cursors, ...badCursors(cursors)),
    file: pick(...ankiPackages),
    notetypeid: pick('1001', '1002', '0'),
    front: pick('la casa', 'LA CASA', 'la cása', 'el gato', '東京', 'x'),
    // Text filters and search (docs/decisions/0021-search.md): LIKE wildcards, the operators of
    // FTS5 and tsquery, unbalanced quotes and parentheses, control characters, scripts without
    // spaces, and far more than any limit.
    q: pick(
      'casa',
      'the',
      '%',
      '_',
      '\\',
      '%_%',
      "'",
      'ñ',
      'CASA',
      'cása*',
      '"la casa',
      '"',
      '*',
      'NEAR(la casa, 2)',
      'casa OR gato',
      'NOT casa',
      '-casa',
      'doc:casa',
      'scope : kcard',
      '{doc scope}: casa',
      '(casa',
      'casa)',
      "'casa':* & !gato | <->",
      '^ca',
      '\u0001\u0008\u001f\u007f',
      '图书',
      'ねこ',
      'ΑΘΗΝΑ',
      'a'.repeat(10_000),
    ),
    language: languageCode,
    text: pick(
      `${csvHeader}\nla casa,the house,,Fuzz/Sub,es,en\nel perro,the dog; a dog,note,,es,en`,
      `${csvHeader}\n"a, b","c;d","say ""hi""",/,es,en`,
      `${csvHeader}\n,,,,,`,
      `front\tanswers\nx\ty`,
      `${csvHeader}\n=1+1,+1,-1,@a,es,en`,
      'la casa',
      'the house',
      '東京',
    ),
    name: fc.oneof(pick('Fuzz', 'Fuzz/Sub', 'a/b', '.', '..'), newCategoryName),
    mapping: pick(Object.fromEntries(exportColumns.map((column) => [column, column]))),
    // The versions a card or category of the world is at (a few changes), and one never reached.
    expectedversion: pick(1, 2, 3, versionMax),
    timezone: pick('Pacific/Auckland', 'America/Los_Angeles', 'UTC', 'Mars/Olympus', 'utc', ''),
  };
  return (field) => table[field.toLowerCase()];
}
