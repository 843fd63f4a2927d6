import { describe, expect, it } from 'vitest';
import { searchDocument, searchHighlights, searchTerms } from './search-terms';

describe('search words', () => {
  it('folds case and accents in every script and cuts text into words', () => {
    expect(searchDocument('El Café', 'ΑΘΉΝΑ', 'Ёлка', 'كِتَاب', 'שָׁלוֹם')).toBe(
      'el cafe αθηνα елка كتاب שלום',
    );
    expect(searchDocument("l'été — d'accord!")).toBe('l ete d accord');
    expect(searchDocument('die Straße')).toBe('die strasse');
  });

  it('indexes each character of a script without spaces, and keeps Indic vowel signs', () => {
    expect(searchDocument('图书馆')).toBe('图 书 馆');
    expect(searchDocument('わたしはねこがすき')).toBe('わ た し は ね こ か す き');
    expect(searchDocument('नमस्ते दुनिया')).toBe('नमस्ते दुनिया');
    expect(searchTerms('图书 ねこ')).toEqual([
      { text: '图 书', run: true },
      { text: 'ね こ', run: true },
    ]);
    expect(searchTerms('图')).toEqual([{ text: '图', run: false }]);
  });

  it('reads operators, quotes and control characters as nothing, and keeps 8 terms once each', () => {
    expect(searchTerms('"caf* NEAR(a b) OR -x:y\u0000\u0007')).toEqual(
      ['caf', 'near', 'a', 'b', 'or', 'x', 'y'].map((text) => ({ text, run: false })),
    );
    expect(searchTerms('a a b c d e f g h i j').map((t) => t.text)).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
      'h',
    ]);
    expect(searchTerms('*** ((( """')).toEqual([]);
  });

  it('highlights the original text where the folded terms occur', () => {
    const mark = (text: string, q: string) =>
      searchHighlights(text, searchTerms(q)).map(([start, end]) => text.slice(start, end));
    expect(mark('El Café de Atenas', 'cafe')).toEqual(['Café']);
    expect(mark('Αθήνα', 'ΑΘΗ')).toEqual(['Αθή']);
    expect(mark('在图书馆里', '图书')).toEqual(['图书']);
    expect(mark('die Straße', 'strasse')).toEqual(['Straße']);
    expect(mark('la casa, las casas', 'casa')).toEqual(['casa', 'casa']);
  });
});
