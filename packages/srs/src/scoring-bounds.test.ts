import {
  answerFits,
  cardLimits,
  scoredLength,
  splitVariants,
  studyLimits,
  variantsFit,
} from '@glossa/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alignGraphemes } from './alignment';
import { distanceQuarters, GraphemeCodes, QUARTERS, Rows } from './distance';
import { graphemes, normaliseAnswer } from './normalise';
import { scoreGuess, scoringBounds } from './scoring';
import { referenceScoreGuess } from './scoring-reference.test-support';

// The bounded scorer (issue 14, item 4) against the scorer before its bounds: within the
// contract's limits it answers the same score, variant, diff and success, and no input makes
// it look at more than the bounds.

const letters = [
  'a',
  'b',
  'e',
  'é',
  'è',
  'n',
  'ñ',
  'o',
  'ö',
  's',
  'ß',
  'T',
  '日',
  '本',
  'ש',
  'שָׁ',
  '👍',
  "'",
  'ﬃ',
];
const word = fc
  .oneof(
    { weight: 6, arbitrary: fc.array(fc.constantFrom(...letters), { minLength: 1, maxLength: 5 }) },
    // Leading articles of the languages below, so that their weighing is checked too.
    {
      weight: 1,
      arbitrary: fc.constantFrom(['d', 'e', 'r'], ['d', 'i', 'e'], ['l', 'e'], ['l', 'a']),
    },
  )
  .map((parts) => parts.join(''));
/** A word typed with a slip: a letter changed, dropped or doubled (whole graphemes). */
const typedWord = (text: string) => {
  const parts = graphemes(text);
  const typed = (i: number, replacement: string[]) =>
    [...parts.slice(0, i), ...replacement, ...parts.slice(i + 1)].join('');
  return fc.oneof(
    fc.constant(text),
    fc.constant(text.toUpperCase()),
    fc
      .nat({ max: parts.length - 1 })
      .chain((i) =>
        fc.constantFrom(typed(i, []), typed(i, ['x']), typed(i, [parts[i] ?? '', parts[i] ?? ''])),
      ),
  );
};
const separator = fc.constantFrom('; ', ' | ', '/', ';');

/** Answers and a guess made of the same few words, so that high scores and reorderings occur. */
const scoredCase = fc.array(word, { minLength: 1, maxLength: 6 }).chain((pool) =>
  fc.record({
    answers: fc.array(
      fc
        .array(
          fc
            .shuffledSubarray(pool, { minLength: 1, maxLength: Math.min(4, pool.length) })
            .map((w) => w.join(' ')),
          { minLength: 1, maxLength: 3 },
        )
        .chain((variants) =>
          fc
            .array(separator, {
              minLength: variants.length - 1,
              maxLength: variants.length - 1,
            })
            .map((seps) => variants.map((v, i) => (i === 0 ? v : `${seps[i - 1]}${v}`)).join('')),
        ),
      { minLength: 1, maxLength: 3 },
    ),
    guess: fc
      .shuffledSubarray(pool, { minLength: 1 })
      .chain((words) => fc.tuple(...words.map(typedWord)))
      .map((words) => words.join(' ')),
    language: fc.constantFrom(undefined, 'de', 'tr', 'fr'),
  }),
);

/** A guess of the answer's words in another order, some with a slip. */
const reorderedCase = fc.array(word, { minLength: 2, maxLength: 6 }).chain((answerWords) =>
  fc.record({
    answers: fc
      .array(fc.array(word, { minLength: 1, maxLength: 4 }), { maxLength: 8 })
      .map((others) => [...others.map((w) => w.join(' ')), answerWords.join(' ')]),
    guess: fc
      .shuffledSubarray(answerWords, { minLength: answerWords.length })
      .chain((words) => fc.tuple(...words.map(typedWord)))
      .map((words) => words.join(' ')),
    language: fc.constantFrom(undefined, 'de'),
  }),
);

describe('scoring within the bounds', () => {
  it('answers what the scorer before bounds answers, word orders tried to the end', () => {
    fc.assert(
      fc.property(scoredCase, ({ answers, guess, language }) => {
        expect(answers.every(answerFits) && variantsFit(answers)).toBe(true);
        const options = { language, minimumScore: 0.8 };
        expect(scoreGuess(guess, answers, { ...options, wordOrderCells: Infinity })).toEqual(
          referenceScoreGuess(guess, answers, options),
        );
      }),
      { numRuns: 300 },
    );
  }, 120_000);

  it('answers the same for any text, reordered or not', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 12 });
    fc.assert(
      fc.property(
        fc.array(text, { minLength: 1, maxLength: 4 }),
        fc.array(text, { minLength: 1, maxLength: 4 }),
        (answers, guessWords) => {
          const guess = guessWords.join(' ');
          expect(scoreGuess(guess, answers, { wordOrderCells: Infinity })).toEqual(
            referenceScoreGuess(guess, answers),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('answers the same within the word-order budget for an answer typed in another order', () => {
    fc.assert(
      fc.property(reorderedCase, ({ answers, guess, language }) => {
        expect(scoreGuess(guess, answers, { language })).toEqual(
          referenceScoreGuess(guess, answers, { language }),
        );
      }),
      { numRuns: 100 },
    );
  }, 120_000);

  it('never scores above the scorer before bounds, nor below the guess as typed, within the budget', () => {
    fc.assert(
      fc.property(scoredCase, fc.nat({ max: 20_000 }), ({ answers, guess, language }, cells) => {
        const bounded = scoreGuess(guess, answers, { language, wordOrderCells: cells }).score;
        expect(bounded).toBeLessThanOrEqual(
          referenceScoreGuess(guess, answers, { language }).score,
        );
        expect(bounded).toBeGreaterThanOrEqual(
          scoreGuess(guess, answers, { language, wordOrderCells: 0 }).score,
        );
      }),
      { numRuns: 200 },
    );
  }, 120_000);

  it('never cuts an answer or a guess the contract accepts', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(...letters, ' ', '(', ')', '\u0301', 'İ'),
          maxLength: 60,
        }),
        fc.constantFrom(undefined, 'de', 'tr', 'lt', 'az'),
        (text, language) => {
          const length = scoredLength(text);
          for (const dropHints of [false, true]) {
            expect(
              graphemes(normaliseAnswer(text, { language, dropHints })).length,
            ).toBeLessThanOrEqual(length);
          }
          const variants = splitVariants(text);
          const inVariants = variants.reduce((sum, v) => sum + scoredLength(v), 0);
          expect(inVariants).toBeLessThanOrEqual(length);
        },
      ),
    );
    expect(scoringBounds.variantGraphemes).toBe(cardLimits.answerMax);
    expect(scoringBounds.guessGraphemes).toBe(studyLimits.guessMax);
    expect(scoringBounds.variants).toBe(cardLimits.variantsMax);
  });
});

describe('the bounded distance', () => {
  const codes = new GraphemeCodes();
  const rows = new Rows();
  const sequence = fc.array(fc.constantFrom('a', 'á', 'e', 'é', 'n', 'ñ', ' ', '日', 'ש', 'שָׁ'), {
    maxLength: 10,
  });

  it('is alignGraphemes’ distance in quarters, either side typed, given up only past the cutoff', () => {
    fc.assert(
      fc.property(sequence, sequence, fc.nat({ max: 50 }), (a, b, cutoff) => {
        const exact = alignGraphemes(a, b).distance * QUARTERS;
        const [ca, cb] = [codes.encode(a), codes.encode(b)];
        expect(distanceQuarters(rows, cb, ca, Infinity).quarters).toBe(exact);
        expect(distanceQuarters(rows, ca, cb, Infinity).quarters).toBe(exact);
        expect(distanceQuarters(rows, cb, ca, cutoff).quarters).toBe(Math.min(exact, cutoff));
      }),
    );
  });
});

describe('scoring past the bounds', () => {
  it('tries every order of words that join the space before them, as far as the budget goes', () => {
    // A word beginning with a combining mark makes one grapheme with the space before it.
    const guess = 'b \u0301a c';
    const answers = ['c \u0301a b', 'a b c'];
    expect(scoreGuess(guess, answers, { wordOrderCells: Infinity })).toEqual(
      referenceScoreGuess(guess, answers),
    );
    expect(scoreGuess(guess, answers)).toEqual(referenceScoreGuess(guess, answers));
  });

  it('looks at the first variants only (cards saved before the limits)', () => {
    const answers = [
      Array.from({ length: cardLimits.variantsMax }, (_, i) => `v${i}`).join('; '),
      'house',
    ];
    expect(scoreGuess('house', answers).score).toBeLessThan(1);
    expect(scoreGuess('house', answers.slice(1)).score).toBe(1);
  });

  it('looks at the first graphemes of a variant and of the guess', () => {
    const long = 'a'.repeat(cardLimits.answerMax);
    expect(scoreGuess(long, [`${long}bbbb`]).score).toBe(1);
    expect(scoreGuess(`${'b'.repeat(studyLimits.guessMax)}a`, ['b']).diff).toHaveLength(
      studyLimits.guessMax,
    );
  });

  it('finds a reordered answer behind many long multi-word variants', () => {
    // Six words against many long multi-word variants: the orders of the first use up the budget;
    // the closest order word by word still counts for every variant after.
    const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];
    const filler = (i: number) =>
      Array.from({ length: 6 }, (_, w) => `${'qwxz'.repeat(3)}${i}${w}`).join(' ');
    const answers = [
      Array.from({ length: 30 }, (_, i) => filler(i)).join('; '),
      [...words].reverse().join(' '),
    ];
    const result = scoreGuess(words.join(' '), answers);
    expect(result.score).toBe(1);
    expect(result.expected).toBe([...words].reverse().join(' '));
  });
});
