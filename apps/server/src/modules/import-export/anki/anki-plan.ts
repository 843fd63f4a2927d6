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
  cloze: boolean;
}

export interface AnkiPlan {
  cards: PlannedAnkiCard[];
  skipped: AnkiImportResult['skipped'];
  flattenedDecks: number;
}

const cardText = createCardBodySchema.pick({ front: true, answers: true, notes: true });

const limitNotes = (text: string) =>
  text.length > cardLimits.notesMax ? `${text.slice(0, cardLimits.notesMax - 1)}…` : text;

/** A deck's names as category names: trimmed, within the name limit, never empty. */
const categoryNames = (path: string[]) =>
  path.map((name) => name.trim().slice(0, categoryLimits.nameMax).trim() || '-');

/**
 * What an import makes of a collection (pure): each note of a mapped type becomes a card (or one
 * per cloze number), checked by POST /api/cards's schema; a note that fails it is counted, not
 * refused, so that one long note does not stop a deck of thousands. Decks deeper than `maxDepth`
 * levels below the base go into their ancestor at that depth.
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
  const add = (
    candidate: { front: string; answers: string[]; notes: string },
    home: { deckId: string } | undefined,
    ankiCardId: string | null,
    cloze: boolean,
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
    cards.push({
      front: text.data.front,
      answers: text.data.answers,
      notes: text.data.notes ?? '',
      path: pathOf(home?.deckId),
      ankiCardId,
      cloze,
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
    const notes = limitNotes(
      mapping.notesField == null ? '' : (note.fields[mapping.notesField] ?? ''),
    );
    if (hasCloze(front)) {
      if (body.cloze === 'skip') {
        skipped.cloze++;
        continue;
      }
      for (const cloze of clozeCards(front)) {
        // Its own Anki card (ordinal number − 1) when the package has it; its history is that one's.
        const own = ofNote?.get(cloze.number - 1);
        const home = own ?? ofNote?.values().next().value;
        add({ front: cloze.front, answers: cloze.answers, notes }, home, own?.id ?? null, true);
      }
      continue;
    }
    const answers = splitAnswers((note.fields[mapping.answersField] ?? '').replace(/\n+/g, ';'));
    // The first template's card is the forward direction: its history is the card's.
    const own = ofNote?.get(0);
    add({ front, answers, notes }, own ?? ofNote?.values().next().value, own?.id ?? null, false);
  }
  return { cards, skipped, flattenedDecks: flattened.size };
}
