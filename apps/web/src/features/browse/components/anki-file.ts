import type { AnkiAnalysis, AnkiImportResult, AnkiMapping, AnkiNoteType } from '@glossa/contract';
import { plural } from './import-file';

/** An Anki package, by its name: a deck (.apkg) or a whole collection (.colpkg). */
export const isAnkiFile = (name: string) => /\.(apkg|colpkg)$/i.test(name);

/** The file as base64, as the import calls take it (a data URL's tail: no copy through a string). */
export function readFileBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** A note type's mapping, or null when it is not imported. */
export type NoteTypeChoice = Omit<AnkiMapping, 'noteTypeId'> | null;

const backNames = /^(back|answer|answers|meaning|translation|reverse|english)$/i;
const notesNames = /^(notes?|extra|back extra|example|examples|comment|hint)$/i;

/**
 * What a note type's fields probably are: the first field the front, a field named like an answer
 * (else the second) the answers (a cloze type's are its deletions), a field named like notes the
 * notes. Note types without notes are not imported.
 */
export function guessChoice(type: AnkiNoteType): NoteTypeChoice {
  if (type.notes === 0 || type.fields.length === 0) return null;
  const answers = type.fields.findIndex((name, i) => i > 0 && backNames.test(name.trim()));
  const notes = type.fields.findIndex((name, i) => i > 0 && notesNames.test(name.trim()));
  // A cloze's answers are its deletions: no field of its own is needed for them.
  const clozes = type.clozeNotes === type.notes;
  const answersField = clozes ? 0 : answers > 0 ? answers : Math.min(1, type.fields.length - 1);
  return {
    frontField: 0,
    answersField,
    notesField: notes > 0 && notes !== answersField ? notes : null,
  };
}

export const initialChoices = (analysis: AnkiAnalysis) =>
  Object.fromEntries(analysis.noteTypes.map((type) => [type.id, guessChoice(type)]));

/** "4 notes, 5 cards, 6 answers in the history, 1 media file (not imported)". */
export function packageSummary(analysis: AnkiAnalysis): string {
  const parts = [
    plural(analysis.notes, 'note'),
    plural(analysis.cards, 'card'),
    plural(analysis.reviews, 'answer') + ' in the history',
  ];
  if (analysis.media > 0) parts.push(`${plural(analysis.media, 'media file')} (not imported)`);
  return parts.join(', ');
}

/** What the import did, in words, every count that is not zero. */
export function ankiImportSummary(result: AnkiImportResult): string {
  const parts = [`${plural(result.imported, 'card')} imported`];
  if (result.clozeCards > 0)
    parts.push(`${result.clozeCards.toLocaleString()} of them from clozes`);
  if (result.createdCategories > 0) {
    parts.push(`${plural(result.createdCategories, 'category', 'categories')} created`);
  }
  if (result.reviews > 0) parts.push(`${plural(result.reviews, 'answer')} of history`);
  const skipped = [
    [result.skipped.unmapped, 'of note types not imported'],
    [result.skipped.cloze, 'with clozes'],
    [result.skipped.empty, 'without a front or an answer'],
    [result.skipped.tooLong, 'too long for a card'],
  ] as const;
  for (const [count, why] of skipped) {
    if (count > 0) parts.push(`${plural(count, 'note')} ${why} skipped`);
  }
  if (result.media > 0) parts.push(`${plural(result.media, 'media file')} not imported`);
  if (result.flattenedDecks > 0) {
    parts.push(`${plural(result.flattenedDecks, 'deck')} too deep put into a parent category`);
  }
  return `${parts.join(', ')}.`;
}
