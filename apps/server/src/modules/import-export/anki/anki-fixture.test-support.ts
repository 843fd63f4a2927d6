import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { zstdCompressSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { zipSync, type Zippable } from 'fflate';

// Anki packages built by the tests themselves (decision 0035): a collection in either schema
// written with better-sqlite3 as Anki lays it out, zipped with fflate, the anki21b variant
// compressed with Node's own zstd encoder.

export interface FixtureNoteType {
  id: number;
  name: string;
  fields: string[];
}
export interface FixtureNote {
  id: number;
  typeId: number;
  fields: string[];
  /** Its guid (`g<id>` when left out) and tags (none). */
  guid?: string;
  tags?: string[];
  /** Its cards: ordinal (template or cloze number − 1) and deck. */
  cards: { id: number; ord: number; deckId: number; odid?: number }[];
}
export interface FixtureReview {
  /** Epoch ms (Anki's revlog id). */
  id: number;
  cardId: number;
  ease: number;
  time: number;
  type?: number;
}
export interface FixtureCollection {
  /** `legacy`: note types and decks as JSON in col (anki2, anki21); `v18`: in their own tables. */
  schema: 'legacy' | 'v18';
  noteTypes: FixtureNoteType[];
  /** Names in Anki's `A::B` form. */
  decks: { id: number; name: string }[];
  notes: FixtureNote[];
  reviews: FixtureReview[];
  /** Run after the tables are made (an unexpected table, a trigger). */
  extraSql?: string;
}

const legacyTables = `
create table col (id integer primary key, crt integer not null, mod integer not null,
  scm integer not null, ver integer not null, dty integer not null, usn integer not null,
  ls integer not null, conf text not null, models text not null, decks text not null,
  dconf text not null, tags text not null);
create table notes (id integer primary key, guid text not null, mid integer not null,
  mod integer not null, usn integer not null, tags text not null, flds text not null,
  sfld integer not null, csum integer not null, flags integer not null, data text not null);
create table cards (id integer primary key, nid integer not null, did integer not null,
  ord integer not null, mod integer not null, usn integer not null, type integer not null,
  queue integer not null, due integer not null, ivl integer not null, factor integer not null,
  reps integer not null, lapses integer not null, left integer not null, odue integer not null,
  odid integer not null, flags integer not null, data text not null);
create table revlog (id integer primary key, cid integer not null, usn integer not null,
  ease integer not null, ivl integer not null, lastIvl integer not null, factor integer not null,
  time integer not null, type integer not null);
create table graves (usn integer not null, oid integer not null, type integer not null);
create index ix_notes_usn on notes (usn);
create index ix_cards_nid on cards (nid);
create index ix_revlog_cid on revlog (cid);
`;

const v18Tables = `
create table notetypes (id integer not null primary key, name text not null,
  mtime_secs integer not null, usn integer not null, config blob not null);
create table fields (ntid integer not null, ord integer not null, name text not null,
  config blob not null, primary key (ntid, ord)) without rowid;
create table templates (ntid integer not null, ord integer not null, name text not null,
  mtime_secs integer not null, usn integer not null, config blob not null,
  primary key (ntid, ord)) without rowid;
create table decks (id integer primary key not null, name text not null,
  mtime_secs integer not null, usn integer not null, common blob not null, kind blob not null);
create table deck_config (id integer primary key not null, name text not null,
  mtime_secs integer not null, usn integer not null, config blob not null);
create table config (key text not null primary key, usn integer not null,
  mtime_secs integer not null, val blob not null) without rowid;
create table tags (tag text not null primary key, usn integer not null, collapsed boolean not null,
  config blob null) without rowid;
`;

/** The collection's SQLite file. */
export function buildCollection(fixture: FixtureCollection): Uint8Array {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'anki-fixture-'));
  try {
    const file = path.join(dir, 'collection.sqlite');
    const db = new Database(file);
    db.exec(legacyTables);
    const legacy = fixture.schema === 'legacy';
    if (!legacy) db.exec(v18Tables);
    const models = Object.fromEntries(
      fixture.noteTypes.map((t) => [
        String(t.id),
        { id: t.id, name: t.name, flds: t.fields.map((name, ord) => ({ name, ord })) },
      ]),
    );
    const decks = Object.fromEntries(fixture.decks.map((d) => [String(d.id), d]));
    db.prepare(
      `insert into col values (1, 0, 0, 0, ${legacy ? 11 : 18}, 0, 0, 0, '{}', ?, ?, '{}', '{}')`,
    ).run(legacy ? JSON.stringify(models) : '', legacy ? JSON.stringify(decks) : '');
    if (!legacy) {
      for (const t of fixture.noteTypes) {
        db.prepare('insert into notetypes values (?, ?, 0, 0, ?)').run(
          t.id,
          t.name,
          Buffer.alloc(0),
        );
        t.fields.forEach((name, ord) =>
          db
            .prepare('insert into fields values (?, ?, ?, ?)')
            .run(t.id, ord, name, Buffer.alloc(0)),
        );
      }
      for (const d of fixture.decks) {
        db.prepare('insert into decks values (?, ?, 0, 0, ?, ?)').run(
          d.id,
          d.name.split('::').join('\u001f'),
          Buffer.alloc(0),
          Buffer.alloc(0),
        );
      }
    }
    const note = db.prepare("insert into notes values (?, ?, ?, 0, 0, ?, ?, ?, 0, 0, '')");
    const card = db.prepare(
      "insert into cards values (?, ?, ?, ?, 0, 0, 2, 2, 0, 1, 2500, 1, 0, 0, 0, ?, 0, '')",
    );
    // One transaction: a commit per row would make a large fixture take minutes.
    db.transaction(() => {
      for (const n of fixture.notes) {
        // Anki writes tags space-separated, with a space before and after.
        const tags = n.tags?.length ? ` ${n.tags.join(' ')} ` : '';
        note.run(
          n.id,
          n.guid ?? `g${n.id}`,
          n.typeId,
          tags,
          n.fields.join('\u001f'),
          n.fields[0] ?? '',
        );
        for (const c of n.cards) card.run(c.id, n.id, c.deckId, c.ord, c.odid ?? 0);
      }
      const review = db.prepare('insert into revlog values (?, ?, 0, ?, 1, 0, 2500, ?, ?)');
      for (const r of fixture.reviews) review.run(r.id, r.cardId, r.ease, r.time, r.type ?? 1);
    })();
    if (fixture.extraSql) db.exec(fixture.extraSql);
    db.close();
    return new Uint8Array(fs.readFileSync(file));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export type PackageFormat = 'anki2' | 'anki21' | 'anki21b';

/**
 * A package as Anki writes it: the collection under its format's name (anki21b zstd-compressed,
 * beside the legacy placeholder Anki keeps for old clients), the media map and media files.
 */
export function buildPackage(
  fixture: FixtureCollection,
  format: PackageFormat,
  media: Record<string, Uint8Array> = {},
): Uint8Array {
  const sqlite = buildCollection(fixture);
  const members: Zippable = {};
  if (format === 'anki21b') {
    members['collection.anki21b'] = new Uint8Array(zstdCompressSync(sqlite));
    // The placeholder for older clients: a legacy collection with nothing to import.
    members['collection.anki2'] = buildCollection({
      schema: 'legacy',
      noteTypes: [],
      decks: [],
      notes: [],
      reviews: [],
    });
  } else {
    members[`collection.${format}`] = sqlite;
  }
  const names = Object.keys(media);
  members.media = new TextEncoder().encode(
    JSON.stringify(Object.fromEntries(names.map((name, i) => [String(i), name]))),
  );
  names.forEach((name, i) => {
    members[String(i)] = media[name] ?? new Uint8Array();
  });
  return zipSync(members);
}

export const day = 86_400_000;

/**
 * A small deck of Spanish: Basic notes in `Spanish` and `Spanish::Food`, one with HTML and an
 * image, one with an empty back, a cloze note with two clozes (one with a hint), and a history of
 * four answers (Good, Good, Again, Easy) on the first note's card, starting `start`.
 */
export function sampleCollection(
  schema: FixtureCollection['schema'],
  start = Date.UTC(2026, 0, 1),
): FixtureCollection {
  return {
    schema,
    noteTypes: [
      { id: 1001, name: 'Basic', fields: ['Front', 'Back'] },
      { id: 1002, name: 'Cloze', fields: ['Text', 'Back Extra'] },
    ],
    decks: [
      { id: 1, name: 'Default' },
      { id: 2, name: 'Spanish' },
      { id: 3, name: 'Spanish::Food' },
    ],
    notes: [
      {
        id: 11,
        typeId: 1001,
        fields: ['<b>la casa</b>', 'the house; home'],
        cards: [{ id: 111, ord: 0, deckId: 2 }],
      },
      {
        id: 12,
        typeId: 1001,
        fields: ['el pan &amp; la leche<img src="pan.jpg">', 'bread and milk<br>[sound:pan.mp3]'],
        cards: [{ id: 121, ord: 0, deckId: 3 }],
      },
      {
        id: 13,
        typeId: 1002,
        fields: ['{{c1::Madrid}} is the capital of {{c2::Spain::country}}', 'Geography'],
        cards: [
          { id: 131, ord: 0, deckId: 2 },
          { id: 132, ord: 1, deckId: 2 },
        ],
      },
      {
        id: 14,
        typeId: 1001,
        fields: ['sin respuesta', ''],
        cards: [{ id: 141, ord: 0, deckId: 2 }],
      },
    ],
    reviews: [
      { id: start, cardId: 111, ease: 3, time: 4000 },
      { id: start + 1 * day, cardId: 111, ease: 3, time: 3000 },
      { id: start + 4 * day, cardId: 111, ease: 1, time: 9000 },
      { id: start + 5 * day, cardId: 111, ease: 4, time: 1500 },
      { id: start + 2 * day, cardId: 131, ease: 2, time: 6000 },
      // A rescheduling (type 4, ease 0) is no answer.
      { id: start + 3 * day, cardId: 131, ease: 0, time: 0, type: 4 },
    ],
  };
}

export const toBase64 = (data: Uint8Array) => Buffer.from(data).toString('base64');
