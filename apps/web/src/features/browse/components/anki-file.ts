import type { AnkiAnalysis, AnkiImportResult, AnkiMapping, AnkiNoteType } from '@glossa/contract';
import { plural, t } from '@lingui/core/macro';

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
    reader.onerror = () => reject(reader.error ?? new Error(t`The file could not be read.`));
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
  const { notes, cards, reviews, media } = analysis;
  const parts = [
    plural(notes, { one: '# note', other: '# notes' }),
    plural(cards, { one: '# card', other: '# cards' }),
    plural(reviews, { one: '# answer in the history', other: '# answers in the history' }),
  ];
  if (media > 0) {
    parts.push(
      plural(media, { one: '# media file (not imported)', other: '# media files (not imported)' }),
    );
  }
  return parts.join(', ');
}

/** What the import did, in words, every count that is not zero. */
export function ankiImportSummary(result: AnkiImportResult): string {
  const { imported, clozeCards, createdCategories, reviews, media, flattenedDecks } = result;
  const { alreadyImported, tagged } = result;
  const { unmapped, cloze, empty, tooLong } = result.skipped;
  const parts = [plural(imported, { one: '# card imported', other: '# cards imported' })];
  if (clozeCards > 0) {
    parts.push(
      plural(clozeCards, { one: '# of them from clozes', other: '# of them from clozes' }),
    );
  }
  if (createdCategories > 0) {
    parts.push(
      plural(createdCategories, { one: '# category created', other: '# categories created' }),
    );
  }
  if (tagged > 0) {
    parts.push(
      plural(tagged, {
        one: '# with its Anki tags in its notes',
        other: '# with their Anki tags in their notes',
      }),
    );
  }
  if (reviews > 0) {
    parts.push(plural(reviews, { one: '# answer of history', other: '# answers of history' }));
  }
  if (alreadyImported > 0) {
    parts.push(
      plural(alreadyImported, {
        one: '# card already imported left as it is',
        other: '# cards already imported left as they are',
      }),
    );
  }
  if (unmapped > 0) {
    parts.push(
      plural(unmapped, {
        one: '# note of note types not imported skipped',
        other: '# notes of note types not imported skipped',
      }),
    );
  }
  if (cloze > 0) {
    parts.push(
      plural(cloze, { one: '# note with clozes skipped', other: '# notes with clozes skipped' }),
    );
  }
  if (empty > 0) {
    parts.push(
      plural(empty, {
        one: '# note without a front or an answer skipped',
        other: '# notes without a front or an answer skipped',
      }),
    );
  }
  if (tooLong > 0) {
    parts.push(
      plural(tooLong, {
        one: '# note too long for a card skipped',
        other: '# notes too long for a card skipped',
      }),
    );
  }
  if (media > 0) {
    parts.push(
      plural(media, { one: '# media file not imported', other: '# media files not imported' }),
    );
  }
  if (flattenedDecks > 0) {
    parts.push(
      plural(flattenedDecks, {
        one: '# deck too deep put into a parent category',
        other: '# decks too deep put into a parent category',
      }),
    );
  }
  return `${parts.join(', ')}.`;
}
