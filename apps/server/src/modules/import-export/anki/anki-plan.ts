import {
  cardLimits,
  categoryLimits,
  createCardBodySchema,
  type AnkiImportBody,
  type AnkiImportResult,
} from '@glossa/contract';
import { splitAnswers } from '../csv';
import type { AnkiCollection } from './anki-collection';
import { clozeCards, hasCloze } from './anki-text';

/** A card to create from a note, with its deck's category path and the Anki card it continues. */
export interface PlannedAnkiCard {
  front: string;
  answers: string[];
  notes: string;
  /** Category names below the import's base. */
  path: string[];
  /** The Anki card whose review history becomes this card's (forward direction), if any. */
  ankiCardId: string | null;
  /**
   * What the card continues, `<ordinal>:<note guid>` (the template's or cloze's ordinal): a second
   * import of the package recognises it. Null for a note without a usable guid.
   */
  ankiKey: string | null;
  cloze: boolean;
  /** Whether the note's tags went into the card's notes. */
  tagged: boolean;
}

export interface AnkiPlan {
  cards: PlannedAnkiCard[];
  skipped: AnkiImportResult['skipped'];
  flattenedDecks: number;
  /** Cards of a note (guid and ordinal) that an earlier note of the package made already. */
  repeated: number;
}

const cardText = createCardBodySchema.pick({ front: true, answers: true, notes: true });

const limitNotes = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** Anki's own markers: how Anki treated the note (a leech, marked to look at), not what it is. */
const ankiMarkers = new Set(['leech', 'marked']);
/** Characters of the tags' line in a card's notes. */
const tagsLineMax = 200;

/**
 * A note's tags as one line of its cards' notes, `#verb #chapter::3` (cards have no tags of their
 * own; decision 0035): searchable, shown with the notes. Anki's own markers are left out; tags
 * past the line's length are dropped whole.
 */
export function tagsLine(tags: readonly string[]): string {
  let line = '';
  for (const tag of tags) {
    if (ankiMarkers.has(tag.toLowerCase())) continue;
    const word = `#${tag}`;
    if (line.length + 1 + word.length > tagsLineMax) continue;
    line = line ? `${line} ${word}` : word;
  }
  return line;
}

/** The mapped notes field and the tags' line below it, within a card's notes limit. */
function cardNotes(text: string, tags: string): string {
  if (!tags) return limitNotes(text, cardLimits.notesMax);
  if (!text) return tags;
  return `${limitNotes(text, cardLimits.notesMax - tags.length - 1)}\n${tags}`;
}

/** Longest note guid kept as a key (Anki's are 10 characters); a longer one makes no key. */
const guidMax = 64;
const ankiKey = (guid: string, ord: number) =>
  guid && guid.length <= guidMax ? `${ord}:${guid}` : null;

/** A deck's names as category names: trimmed, within the name limit, never empty. */
const categoryNames = (path: string[]) =>
  path.map((name) => name.trim().slice(0, categoryLimits.nameMax).trim() || '-');

/**
 * What an import makes of a collection (pure): each note of a mapped type becomes a card (or one
 * per cloze number), checked by POST /api/cards's schema; a note that fails it is counted, not
 * refused, so that one long note does not stop a deck of thousands. Decks deeper than `maxDepth`
 * levels below the base go into their ancestor at that depth. Each card carries its Anki key (the
 * note's guid and the card's ordinal), which the import checks against the owner's cards.
 */
export function planAnkiCards(
  collection: AnkiCollection,
  body: Pick<AnkiImportBody, 'mappings' | 'cloze'>,
  maxDepth: number,
): AnkiPlan {
  const mappings = new Map(body.mappings.map((mapping) => [mapping.noteTypeId, mapping]));
  const decks = new Map(collection.decks.map((deck) => [deck.id, deck.path]));
  const cardsOfNote = new Map<string, Map<number, { id: string; deckId: string }>>();
  for (const card of collection.cards) {
    const ofNote =
      cardsOfNote.get(card.noteId) ?? new Map<number, { id: string; deckId: string }>();
    ofNote.set(card.ord, { id: card.id, deckId: card.deckId });
    cardsOfNote.set(card.noteId, ofNote);
  }
  const skipped = { unmapped: 0, cloze: 0, empty: 0, tooLong: 0 };
  const flattened = new Set<string>();
  const cards: PlannedAnkiCard[] = [];
  const pathOf = (deckId: string | undefined) => {
    const names = deckId ? (decks.get(deckId) ?? []) : [];
    if (names.length > maxDepth && deckId) flattened.add(deckId);
    return categoryNames(names.slice(0, Math.max(0, maxDepth)));
  };
  const keys = new Set<string>();
  let repeated = 0;
  const add = (
    candidate: { front: string; answers: string[]; notes: string },
    home: { deckId: string } | undefined,
    ankiCardId: string | null,
    key: { ankiKey: string | null; cloze: boolean; tagged: boolean },
  ) => {
    if (!candidate.front || candidate.answers.length === 0) {
      skipped.empty++;
      return;
    }
    const text = cardText.safeParse(candidate);
    if (!text.success) {
      skipped.tooLong++;
      return;
    }
    if (key.ankiKey !== null) {
      // Two notes of one package with one guid (a package edited by hand): the first one counts.
      if (keys.has(key.ankiKey)) {
        repeated++;
        return;
      }
      keys.add(key.ankiKey);
    }
    cards.push({
      front: text.data.front,
      answers: text.data.answers,
      notes: text.data.notes ?? '',
      path: pathOf(home?.deckId),
      ankiCardId,
      ...key,
    });
  };
  for (const note of collection.notes) {
    const mapping = mappings.get(note.typeId);
    if (!mapping) {
      skipped.unmapped++;
      continue;
    }
    const ofNote = cardsOfNote.get(note.id);
    const front = note.fields[mapping.frontField] ?? '';
    const tags = tagsLine(note.tags);
    const notes = cardNotes(
      mapping.notesField == null ? '' : (note.fields[mapping.notesField] ?? ''),
      tags,
    );
    const tagged = tags !== '';
    if (hasCloze(front)) {
      if (body.cloze === 'skip') {
        skipped.cloze++;
        continue;
      }
      for (const cloze of clozeCards(front)) {
        // Its own Anki card (ordinal number − 1) when the package has it; its history is that one's.
        const own = ofNote?.get(cloze.number - 1);
        const home = own ?? ofNote?.values().next().value;
        add({ front: cloze.front, answers: cloze.answers, notes }, home, own?.id ?? null, {
          ankiKey: ankiKey(note.guid, cloze.number - 1),
          cloze: true,
          tagged,
        });
      }
      continue;
    }
    const answers = splitAnswers((note.fields[mapping.answersField] ?? '').replace(/\n+/g, ';'));
    // The first template's card is the forward direction: its history is the card's.
    const own = ofNote?.get(0);
    add({ front, answers, notes }, own ?? ofNote?.values().next().value, own?.id ?? null, {
      ankiKey: ankiKey(note.guid, 0),
      cloze: false,
      tagged,
    });
  }
  return { cards, skipped, flattenedDecks: flattened.size, repeated };
}
