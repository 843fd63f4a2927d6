import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ankiImportLimits, type AnkiFormat } from '@glossa/contract';
import { PackageError } from './anki-package';
import { fieldText } from './anki-text';

// An Anki collection's SQLite file read (decision 0035), from a private temporary copy, in the
// reader thread. Both schemas: the legacy one keeps note types and decks as JSON in `col`; the
// current one (schema 18, collection.anki21b and recent anki21) in tables of their own.

export interface AnkiCollection {
  format: AnkiFormat;
  media: number;
  decks: { id: string; path: string[] }[];
  noteTypes: { id: string; name: string; fields: string[] }[];
  /**
   * Fields as plain text; guid: the note's id across collections (the same note in every package
   * made from it, what a second import recognises); tags: its tags, as Anki spells them.
   */
  notes: { id: string; guid: string; typeId: string; fields: string[]; tags: string[] }[];
  /** deckId: the card's home deck (its original one when in a filtered deck). */
  cards: { id: string; noteId: string; deckId: string; ord: number }[];
  /** Answers (ease 1–4) of the review log, oldest first; only when asked for. */
  reviews: { cardId: string; at: number; ease: number; ms: number }[];
  reviewCount: number;
}

/** Every table either schema has; any other (or a view or trigger) is refused. */
const knownTables = new Set([
  'col',
  'notes',
  'cards',
  'revlog',
  'graves',
  'deck_config',
  'config',
  'fields',
  'templates',
  'notetypes',
  'decks',
  'tags',
  'sqlite_stat1',
  'sqlite_stat4',
]);
const requiredTables = ['col', 'notes', 'cards', 'revlog'];

const damaged = () => new PackageError('The collection is damaged (its database cannot be read)');

function checkSchema(db: Database.Database): Set<string> {
  const rows = db.prepare('select type, name from sqlite_master').all() as {
    type: string;
    name: string;
  }[];
  const tables = new Set<string>();
  for (const row of rows) {
    if (row.type === 'index') continue;
    if (row.type !== 'table' || !knownTables.has(row.name)) {
      throw new PackageError(
        `The collection has an unexpected ${row.type} "${row.name.slice(0, 40)}"; it was not read`,
      );
    }
    tables.add(row.name);
  }
  const missing = requiredTables.find((name) => !tables.has(name));
  if (missing) throw new PackageError(`The collection has no "${missing}" table; it was not read`);
  return tables;
}

const count = (db: Database.Database, table: string) =>
  (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;

function readJson(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    throw damaged();
  }
}

type Shapes = Pick<AnkiCollection, 'decks' | 'noteTypes'>;

/** The legacy schema: note types and decks as JSON objects in `col`. */
function legacyShapes(db: Database.Database): Shapes {
  const col = db.prepare('select models, decks from col').get() as
    { models: string; decks: string } | undefined;
  if (!col) throw damaged();
  const noteTypes = Object.values(readJson(col.models)).map((value) => {
    const model = value as { id?: unknown; name?: unknown; flds?: { name?: unknown }[] };
    return {
      id: String(model.id),
      name: String(model.name ?? ''),
      fields: Array.isArray(model.flds) ? model.flds.map((f) => String(f.name ?? '')) : [],
    };
  });
  const decks = Object.values(readJson(col.decks)).map((value) => {
    const deck = value as { id?: unknown; name?: unknown };
    return { id: String(deck.id), path: String(deck.name ?? '').split('::') };
  });
  return { noteTypes, decks };
}

/** Schema 18: note types, their fields and decks in tables (a deck's names joined by \x1f). */
function tableShapes(db: Database.Database): Shapes {
  const types = db.prepare('select id, name from notetypes order by id').all() as {
    id: number;
    name: string;
  }[];
  const fields = db.prepare('select ntid, name from fields order by ntid, ord').all() as {
    ntid: number;
    name: string;
  }[];
  const decks = db.prepare('select id, name from decks order by id').all() as {
    id: number;
    name: string;
  }[];
  return {
    noteTypes: types.map((type) => ({
      id: String(type.id),
      name: type.name,
      fields: fields.filter((f) => f.ntid === type.id).map((f) => f.name),
    })),
    decks: decks.map((deck) => ({ id: String(deck.id), path: deck.name.split('\u001f') })),
  };
}

function checkCounts(shapes: Shapes, notes: number) {
  const limits = ankiImportLimits;
  if (notes > limits.notesMax) {
    throw new PackageError(
      `Import at most ${limits.notesMax.toLocaleString('en')} notes at once; ` +
        `this package has ${notes.toLocaleString('en')}`,
    );
  }
  if (shapes.noteTypes.length > limits.noteTypesMax) {
    throw new PackageError(`The package has more than ${limits.noteTypesMax} note types`);
  }
  if (shapes.noteTypes.some((type) => type.fields.length > limits.fieldsMax)) {
    throw new PackageError(`A note type has more than ${limits.fieldsMax} fields`);
  }
  if (shapes.decks.length > limits.decksMax) {
    throw new PackageError(`The package has more than ${limits.decksMax} decks`);
  }
}

function readTables(
  db: Database.Database,
  format: AnkiFormat,
  media: number,
  withReviews: boolean,
): AnkiCollection {
  const tables = checkSchema(db);
  const shapes = tables.has('notetypes') ? tableShapes(db) : legacyShapes(db);
  const noteCount = count(db, 'notes');
  checkCounts(shapes, noteCount);
  const notes = (
    db.prepare('select id, guid, mid, flds, tags from notes order by id').all() as {
      id: number;
      guid: unknown;
      mid: number;
      flds: string;
      tags: unknown;
    }[]
  ).map((note) => ({
    id: String(note.id),
    guid: String(note.guid ?? ''),
    typeId: String(note.mid),
    fields: String(note.flds).split('\u001f').map(fieldText),
    // Anki keeps them space-separated, with a space before and after.
    tags: String(note.tags ?? '')
      .split(/\s+/)
      .filter(Boolean),
  }));
  const cards = (
    db.prepare('select id, nid, did, odid, ord from cards order by id').all() as {
      id: number;
      nid: number;
      did: number;
      odid: number;
      ord: number;
    }[]
  ).map((card) => ({
    id: String(card.id),
    noteId: String(card.nid),
    deckId: String(card.odid ? card.odid : card.did),
    ord: card.ord,
  }));
  const reviewCount = count(db, 'revlog');
  if (withReviews && reviewCount > ankiImportLimits.reviewsMax) {
    throw new PackageError(
      `The package's review history has more than ${ankiImportLimits.reviewsMax.toLocaleString('en')} answers`,
    );
  }
  // Types 0–3 are answers (learning, review, relearning, filtered); 4 and 5 are reschedulings.
  const reviews = withReviews
    ? (
        db
          .prepare(
            'select cid, id, ease, time from revlog where ease between 1 and 4 and type <= 3 order by id',
          )
          .all() as { cid: number; id: number; ease: number; time: number }[]
      ).map((row) => ({ cardId: String(row.cid), at: row.id, ease: row.ease, ms: row.time }))
    : [];
  return { format, media, ...shapes, notes, cards, reviews, reviewCount };
}

/**
 * A collection's SQLite file read whole, written for the read into `dir` (an empty folder the
 * caller made and removes); PackageError for anything not a sound Anki collection.
 */
export function readCollection(
  sqlite: Uint8Array,
  format: AnkiFormat,
  media: number,
  withReviews: boolean,
  dir: string,
): AnkiCollection {
  const file = path.join(dir, 'collection.sqlite');
  try {
    fs.writeFileSync(file, sqlite);
    let db: Database.Database;
    try {
      db = new Database(file, { fileMustExist: true });
    } catch {
      throw damaged();
    }
    try {
      return readTables(db, format, media, withReviews);
    } catch (error) {
      if (error instanceof PackageError) throw error;
      throw damaged();
    } finally {
      db.close();
    }
  } finally {
    fs.rmSync(file, { force: true });
  }
}
