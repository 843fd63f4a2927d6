import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARTICLE_WEIGHT, leadingArticles, scoreBand, splitLeadingArticle } from './articles';
import { scoreGuess } from './scoring';

// Issue 16, item 2: leading articles and the infinitive marker weigh little, per language.

const languages = Object.keys(leadingArticles);
/** One word of letters that is no article anywhere (so that it is never split off). */
const plainWord = fc
  .array(fc.constantFrom('b', 'c', 'k', 'm', 'r', 's', 'u', 'y', 'é', 'ö', 'ñ'), {
    minLength: 1,
    maxLength: 7,
  })
  .map((letters) => letters.join(''));
/** A language and, maybe, one of its articles before a word. */
const withArticle = (language: string) =>
  fc.tuple(
    fc.option(fc.constantFrom(...(leadingArticles[language] ?? [])), { nil: undefined }),
    plainWord,
  );
const phrase = ([article, word]: [string | undefined, string]) =>
  article === undefined ? word : article.endsWith("'") ? `${article}${word}` : `${article} ${word}`;

describe('leading articles', () => {
  it('costs a missing article a little, so "tree" for "the tree" passes', () => {
    const tree = scoreGuess('tree', ['the tree'], { language: 'en' });
    expect(tree.score).toBeCloseTo(ARTICLE_WEIGHT, 12);
    expect(tree.success).toBe(true);
    expect(tree.diff.filter((part) => part.kind === 'missing').map((part) => part.text)).toEqual([
      't',
      'h',
      'e',
      ' ',
    ]);
    expect(scoreGuess('go', ['to go'], { language: 'en' }).success).toBe(true);
    expect(scoreGuess('homme', ["l'homme"], { language: 'fr' }).score).toBeCloseTo(0.9, 12);
    expect(scoreGuess('Hund', ['der Hund'], { language: 'de' }).success).toBe(true);
    expect(scoreGuess('casa', ['la casa'], { language: 'es-MX' }).success).toBe(true);
  });

  it('gives nothing for a shared article: "the orange" for "the apple" scores as "orange"', () => {
    const shared = scoreGuess('the orange', ['the apple'], { language: 'en' }).score;
    expect(shared).toBe(scoreGuess('orange', ['apple'], { language: 'en' }).score);
    expect(shared).toBeLessThan(0.3);
  });

  it('weighs a wrong article like a missing one, and keeps an answer that is only an article', () => {
    expect(scoreGuess('la chat', ['le chat'], { language: 'fr' }).score).toBeCloseTo(0.9, 12);
    expect(scoreGuess('the', ['the'], { language: 'en' }).score).toBe(1);
    expect(splitLeadingArticle('the', 'en')).toEqual({ prefix: '', word: '', rest: 'the' });
    expect(splitLeadingArticle('les chats', 'fr')).toMatchObject({ word: 'les', rest: 'chats' });
    expect(splitLeadingArticle('the tree', 'xx')).toMatchObject({ word: '', rest: 'the tree' });
    expect(splitLeadingArticle('the tree', undefined)).toMatchObject({ word: '' });
  });

  it('scores within [0, 1], an exact match 1 and nothing else 1', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 20 }),
        fc.array(fc.string({ maxLength: 20 }), { minLength: 1, maxLength: 3 }),
        fc.constantFrom(undefined, ...languages),
        (guess, answers, language) => {
          const { score } = scoreGuess(guess, answers, { language });
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(1);
        },
      ),
    );
    fc.assert(
      fc.property(
        fc
          .constantFrom(...languages)
          .chain((language) =>
            fc.tuple(fc.constant(language), withArticle(language), withArticle(language)),
          ),
        ([language, a, b]) => {
          expect(scoreGuess(phrase(a), [phrase(a)], { language }).score).toBe(1);
          const score = scoreGuess(phrase(a), [phrase(b)], { language }).score;
          if (score === 1) expect(phrase(a)).toBe(phrase(b));
        },
      ),
    );
  });

  it('is symmetric: guess and answer swapped score the same', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...languages)
          .chain((language) =>
            fc.tuple(fc.constant(language), withArticle(language), withArticle(language)),
          ),
        ([language, a, b]) => {
          expect(scoreGuess(phrase(a), [phrase(b)], { language }).score).toBe(
            scoreGuess(phrase(b), [phrase(a)], { language }).score,
          );
        },
      ),
    );
  });

  it('costs exactly the article weight when only the article differs, and nothing when shared', () => {
    fc.assert(
      fc.property(
        fc
          .constantFrom(...languages)
          .chain((language) =>
            fc.tuple(fc.constant(language), withArticle(language), withArticle(language)),
          ),
        ([language, [articleA, wordA], [articleB, wordB]]) => {
          const rest = scoreGuess(wordA, [wordB], { language }).score;
          const score = scoreGuess(phrase([articleA, wordA]), [phrase([articleB, wordB])], {
            language,
          }).score;
          expect(score).toBeCloseTo(articleA === articleB ? rest : ARTICLE_WEIGHT * rest, 12);
        },
      ),
    );
  });
});

describe('score bands', () => {
  it('steps through exact, almost, close, partly and wrong', () => {
    expect(scoreBand(1, true)).toBe('exact');
    expect(scoreBand(0.9, true)).toBe('almost');
    expect(scoreBand(0.8, false)).toBe('close');
    expect(scoreBand(0.5, false)).toBe('partly');
    expect(scoreBand(0.2, false)).toBe('wrong');
    // A wrong answer the learner overrode reads as right.
    expect(scoreBand(0.2, true)).toBe('almost');
  });

  it('orders the bands by score', () => {
    const rank = ['wrong', 'partly', 'close', 'almost', 'exact'];
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          const pass = (score: number) => score >= 0.85;
          expect(rank.indexOf(scoreBand(low, pass(low)))).toBeLessThanOrEqual(
            rank.indexOf(scoreBand(high, pass(high))),
          );
        },
      ),
    );
  });
});
