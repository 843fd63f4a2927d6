import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { alignGraphemes } from './alignment';
import { graphemes, isAccentVariant, normaliseAnswer, splitVariants } from './normalise';
import { scoreGuess } from './scoring';

describe('normalise', () => {
  it('trims, collapses spaces, lower-cases and strips punctuation but inner apostrophes', () => {
    expect(normaliseAnswer('  ¡Hola,   Señor!  ')).toBe('hola señor');
    expect(normaliseAnswer("C’est l'homme 'here'")).toBe("c'est l'homme here");
  });

  it('drops parenthesised hints only when asked (the expected side)', () => {
    expect(normaliseAnswer('(to) go (informal)', { dropHints: true })).toBe('go');
    expect(normaliseAnswer('(to) go')).toBe('to go');
  });

  it('lower-cases Turkish İ and I by the language code', () => {
    expect(normaliseAnswer('İSTANBUL', { language: 'tr' })).toBe('istanbul');
    expect(normaliseAnswer('IRMAK', { language: 'tr' })).toBe('ırmak');
  });

  it('splits variants on ; | / outside hints', () => {
    expect(splitVariants('go; walk | run / move (s.o./sth.)')).toEqual([
      'go',
      'walk',
      'run',
      'move (s.o./sth.)',
    ]);
  });

  it('splits printable ASCII as the segmenter does', () => {
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii' }), (text) => {
        expect(graphemes(text)).toEqual(Array.from(segmenter.segment(text), (p) => p.segment));
      }),
    );
  });

  it('counts emoji, combining marks and CJK as one grapheme each', () => {
    expect(graphemes('👍🏽🇫🇷')).toHaveLength(2);
    expect(graphemes('e\u0301te\u0301')).toHaveLength(3);
    expect(graphemes('日本語')).toHaveLength(3);
    expect(graphemes('שָׁלוֹם')).toHaveLength(4);
  });
});

describe('alignment', () => {
  it('says what was typed in place of each wrong letter, so the guess can be drawn as typed', () => {
    // "twelve" for "eleven" (issue 16, item 1): the guess is read back from the diff.
    const { diff } = alignGraphemes(graphemes('eleven'), graphemes('twelve'));
    const typed = diff
      .map((part) => (part.kind === 'missing' ? '' : (part.typed ?? part.text)))
      .join('');
    const expected = diff.map((part) => (part.kind === 'extra' ? '' : part.text)).join('');
    expect(typed).toBe('twelve');
    expect(expected).toBe('eleven');
    fc.assert(
      fc.property(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), (a, b) => {
        const parts = alignGraphemes(graphemes(a), graphemes(b)).diff;
        const readTyped = parts
          .map((part) => (part.kind === 'missing' ? '' : (part.typed ?? part.text)))
          .join('');
        const readExpected = parts.map((part) => (part.kind === 'extra' ? '' : part.text)).join('');
        expect(readTyped).toBe(graphemes(b).join(''));
        expect(readExpected).toBe(graphemes(a).join(''));
      }),
    );
  });

  it('counts an adjacent transposition as one edit (optimal string alignment)', () => {
    expect(alignGraphemes([...'abcd'], [...'acbd']).distance).toBe(1);
    expect(alignGraphemes([...'ca'], [...'abc']).distance).toBe(3);
  });

  it('reports good, wrong, missing, extra and accent parts', () => {
    const kinds = (a: string, b: string) =>
      alignGraphemes(graphemes(a), graphemes(b)).diff.map((part) => part.kind);
    expect(kinds('café', 'cafe')).toEqual(['good', 'good', 'good', 'accent']);
    expect(kinds('cat', 'cut')).toEqual(['good', 'wrong', 'good']);
    expect(kinds('cats', 'cat')).toEqual(['good', 'good', 'good', 'missing']);
    expect(kinds('cat', 'cart')).toEqual(['good', 'good', 'extra', 'good']);
  });

  it('gives the distance of the textbook recurrence, and an identical guess all good', () => {
    // The recurrence written out plainly, the accent rule asked pair by pair.
    const reference = (a: string[], b: string[]): number => {
      const d = a.map(() => b.map(() => 0));
      const at = (i: number, j: number): number =>
        i < 0 ? j + 1 : j < 0 ? i + 1 : (d[i]?.[j] ?? 0);
      a.forEach((x, i) =>
        b.forEach((y, j) => {
          const cost = x === y ? 0 : isAccentVariant(x, y) ? 0.25 : 1;
          let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
          if (i > 0 && j > 0 && x === b[j - 1] && a[i - 1] === y && x !== y) {
            best = Math.min(best, at(i - 2, j - 2) + 1);
          }
          const row = d[i];
          if (row) row[j] = best;
        }),
      );
      return at(a.length - 1, b.length - 1);
    };
    const letters = fc.constantFrom('a', 'á', 'e', 'é', 'n', 'ñ', ' ', '日', 'ש', 'שָׁ');
    fc.assert(
      fc.property(
        fc.array(letters, { maxLength: 8 }),
        fc.array(letters, { maxLength: 8 }),
        (a, b) => {
          expect(alignGraphemes(a, b).distance).toBeCloseTo(reference(a, b), 9);
          const same = alignGraphemes(a, a);
          expect(same.distance).toBe(0);
          expect(same.diff).toEqual(a.map((text) => ({ kind: 'good', text })));
        },
      ),
    );
  });
});

describe('scoreGuess', () => {
  it('scores an exact answer 1 and a typo 1 − 1/length', () => {
    expect(scoreGuess('house', ['house'])).toMatchObject({ score: 1, success: true });
    const typo = scoreGuess('hause', ['house']);
    expect(typo.score).toBeCloseTo(0.8, 12);
    expect(typo.success).toBe(false);
    expect(scoreGuess('hause', ['house'], { minimumScore: 0.8 }).success).toBe(true);
  });

  it('is symmetric in case and in Unicode forms (NFC/NFD)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 12 }), (text) => {
        const expected = ['Crème brûlée', text];
        const forms = [text, text.toUpperCase(), text.normalize('NFD'), text.normalize('NFC')];
        const scores = forms.map((form) => scoreGuess(form, expected, { language: 'fr' }).score);
        expect(new Set(scores).size).toBe(1);
      }),
    );
    expect(scoreGuess('CRE\u0300ME BRU\u0302LE\u0301E', ['crème brûlée']).score).toBe(1);
  });

  it('costs an accent-only difference a quarter edit and reports it', () => {
    const result = scoreGuess('creme', ['crème']);
    expect(result.score).toBeCloseTo(1 - 0.25 / 5, 12);
    expect(result.diff.filter((part) => part.kind === 'accent')).toEqual([
      { kind: 'accent', text: 'è', typed: 'e' },
    ]);
  });

  it('takes the best variant and answers it as written', () => {
    const result = scoreGuess('to walk', ['to go; to walk', 'stroll']);
    expect(result).toMatchObject({ score: 1, expected: 'to walk' });
    expect(scoreGuess('go', ['(to) go']).score).toBe(1);
    expect(scoreGuess('strasse', ['Straße'], { language: 'de' }).score).toBe(1);
  });

  it('tries word order for multi-word answers', () => {
    expect(scoreGuess('brown quick fox', ['quick brown fox']).score).toBe(1);
    expect(scoreGuess('brwn quick fox', ['quick brown fox']).score).toBeCloseTo(1 - 1 / 15, 12);
  });

  it('handles Turkish case with the tr code', () => {
    expect(scoreGuess('istanbul', ['İstanbul'], { language: 'tr' }).score).toBe(1);
    expect(scoreGuess('ISTANBUL', ['İstanbul'], { language: 'tr' }).score).toBeLessThan(1);
  });

  it('scores CJK by character', () => {
    expect(scoreGuess('日本', ['日本語']).score).toBeCloseTo(2 / 3, 12);
    expect(scoreGuess('にほんご', ['日本語 / にほんご']).score).toBe(1);
  });

  it('scores Arabic and Hebrew, treating vowel marks as accents', () => {
    expect(scoreGuess('مرحب', ['مرحبا']).score).toBeCloseTo(0.8, 12);
    expect(scoreGuess('شكرا', ['شُكْرًا']).score).toBeCloseTo(1 - 0.75 / 4, 12);
    const hebrew = scoreGuess('שלום', ['שָׁלוֹם']);
    expect(hebrew.score).toBeCloseTo(1 - 0.5 / 4, 12);
    expect(hebrew.diff.map((part) => part.kind)).toEqual(['accent', 'good', 'accent', 'good']);
  });

  it('counts an emoji as one character', () => {
    expect(scoreGuess('I ❤️ you', ['I 💙 you']).score).toBeCloseTo(1 - 1 / 7, 12);
  });

  it('scores an empty guess 0 with everything missing', () => {
    const result = scoreGuess('   ', ['cat']);
    expect(result.score).toBe(0);
    expect(result.diff.every((part) => part.kind === 'missing')).toBe(true);
  });
});
