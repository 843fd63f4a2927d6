import { compile, type HtmlToTextOptions } from 'html-to-text';

// Anki's fields are HTML; a card's are plain text (decision 0035). A maintained converter turns
// one into the other (tags dropped, entities decoded, blocks and <br> made line breaks); media
// references ([sound:…], images) are dropped, as media are not imported.

const options: HtmlToTextOptions = {
  wordwrap: false,
  selectors: [
    { selector: 'img', format: 'skip' },
    { selector: 'audio', format: 'skip' },
    { selector: 'video', format: 'skip' },
    { selector: 'a', options: { ignoreHref: true } },
    { selector: 'style', format: 'skip' },
    { selector: 'script', format: 'skip' },
  ],
};

/** Compiled once: building the converter per call cost milliseconds, per field of 50,000 notes. */
const convert = compile(options);

/** One field as plain text: no tags, entities decoded, media references gone, trimmed. */
export function fieldText(html: string): string {
  const text = /[<&]/.test(html) ? convert(html) : html;
  return text
    .replace(/\[sound:[^\]]*\]/g, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const clozePattern = /\{\{c(\d+)::([\s\S]*?)(?:::([\s\S]*?))?\}\}/g;

/** Whether a field (as text) has cloze deletions. */
export const hasCloze = (text: string) => /\{\{c\d+::/.test(text);

/** One card of a cloze note: its front with that cloze blanked, the clozes' texts its answers. */
export interface ClozeCard {
  /** The cloze's number (c1 is 1): Anki's card of ordinal number − 1. */
  number: number;
  front: string;
  answers: string[];
}

/**
 * A cloze field's cards, one per cloze number in order of number: every deletion of that number
 * blanked (`[…]`, or `[hint]`), the others shown as their text.
 */
export function clozeCards(text: string): ClozeCard[] {
  const numbers = [...new Set([...text.matchAll(clozePattern)].map((m) => Number(m[1])))].sort(
    (a, b) => a - b,
  );
  return numbers.map((number) => {
    const answers: string[] = [];
    const front = text.replace(clozePattern, (_, n: string, body: string, hint?: string) => {
      if (Number(n) !== number) return body;
      answers.push(body.trim());
      return hint ? `[${hint.trim()}]` : '[…]';
    });
    return { number, front: front.trim(), answers: [...new Set(answers)].filter(Boolean) };
  });
}
