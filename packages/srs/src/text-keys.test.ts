import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duplicateKey, foldDiacritics, searchKey, sortKey } from './text-keys';

const byKey = (language: string, words: string[]) =>
  [...words].sort((a, b) => {
    const [ka, kb] = [sortKey(a, language), sortKey(b, language)];
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });

describe('duplicateKey', () => {
  it('is the same for a front written with other case, accents, spacing or punctuation', () => {
    const key = duplicateKey('el árbol', 'es');
    for (const variant of ['El Árbol', '  el   arbol ', 'EL ARBOL!', 'el árbol', '¿el árbol?']) {
      expect(duplicateKey(variant, 'es')).toBe(key);
    }
    expect(duplicateKey('el árbol', 'es')).not.toBe(duplicateKey('el zumo', 'es'));
  });

  it('normalises composed and decomposed accents and compatibility forms alike', () => {
    expect(duplicateKey('cafe\u0301', 'fr')).toBe(duplicateKey('café', 'fr'));
    expect(duplicateKey('ﬁn', 'en')).toBe(duplicateKey('fin', 'en'));
    expect(duplicateKey('Ｔｏｋｙｏ', 'en')).toBe(duplicateKey('tokyo', 'en'));
    expect(duplicateKey('Straße', 'de')).toBe(duplicateKey('STRASSE', 'de'));
  });

  it('folds case by the language (Turkish dotless ı stays apart from i)', () => {
    expect(duplicateKey('IRMAK', 'tr')).toBe(duplicateKey('ırmak', 'tr'));
    expect(duplicateKey('İstanbul', 'tr')).toBe(duplicateKey('istanbul', 'tr'));
  });

  it('keeps the vowel signs of Indic scripts, which spell other words', () => {
    expect(duplicateKey('कुत्ता', 'hi')).not.toBe(duplicateKey('कत्त', 'hi'));
  });

  it('bounds a very long front by a hash of the whole', () => {
    const long = 'a'.repeat(600);
    const key = duplicateKey(long, 'en');
    expect(Array.from(key).length).toBeLessThanOrEqual(420);
    expect(key).not.toBe(duplicateKey(`${'a'.repeat(599)}b`, 'en'));
    expect(key).toBe(duplicateKey(long.toUpperCase(), 'en'));
  });
});

describe('searchKey', () => {
  it('finds "arbol" in "el Árbol" and "strasse" in "Straße"', () => {
    expect(searchKey('el Árbol\nthe tree')).toContain(searchKey('arbol'));
    expect(searchKey('Große Straße')).toContain(searchKey('strasse'));
    expect(searchKey('שָׁלוֹם')).toBe('שלום');
    expect(foldDiacritics('ёлка')).toBe('елка');
  });

  it('keeps a substring a substring (fold(query) ⊂ fold(text) when query ⊂ text)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.nat(), fc.nat(), (text, a, b) => {
        const points = Array.from(text.normalize('NFC'));
        const [start, end] = a <= b ? [a, b] : [b, a];
        const part = points.slice(start % (points.length + 1), end % (points.length + 1)).join('');
        // Cut between two graphemes only: a mark alone is not a query a learner types.
        fc.pre(!/^\p{M}/u.test(part));
        expect(searchKey(points.join(''))).toContain(searchKey(part));
      }),
    );
  });
});

describe('sortKey', () => {
  it('sorts "el árbol" before "el zumo" (not by bytes)', () => {
    expect(byKey('es', ['el zumo', 'el árbol'])).toEqual(['el árbol', 'el zumo']);
    expect(sortKey('el árbol', 'es') < sortKey('el zumo', 'es')).toBe(true);
  });

  it("follows the language's alphabet", () => {
    expect(byKey('es', ['oso', 'ñu', 'nube'])).toEqual(['nube', 'ñu', 'oso']);
    expect(byKey('sv', ['öga', 'zebra', 'ål', 'apa', 'ära'])).toEqual([
      'apa',
      'zebra',
      'ål',
      'ära',
      'öga',
    ]);
    expect(byKey('de', ['Österreich', 'Ofen', 'Zebra', 'Apfel', 'Äpfel'])).toEqual([
      'Apfel',
      'Äpfel',
      'Ofen',
      'Österreich',
      'Zebra',
    ]);
    expect(byKey('tr', ['inek', 'ılık', 'çay', 'cam'])).toEqual(['cam', 'çay', 'ılık', 'inek']);
    expect(byKey('ru', ['яблоко', 'ёж', 'жук', 'арбуз'])).toEqual(['арбуз', 'ёж', 'жук', 'яблоко']);
  });

  it('puts a shorter word first, then accents, then capitals after small letters', () => {
    expect(byKey('es', ['ela', 'el zumo', 'el'])).toEqual(['el', 'el zumo', 'ela']);
    expect(byKey('fr', ['résumé', 'Resume', 'resume'])).toEqual(['resume', 'Resume', 'résumé']);
  });

  it('agrees with Intl.Collator on words without contractions', () => {
    const words = fc.array(fc.stringMatching(/^[a-zñáéíóúü ]{1,8}$/u), { maxLength: 12 });
    const collator = new Intl.Collator('es');
    fc.assert(
      fc.property(words, (list) => {
        const expected = [...list].sort(collator.compare);
        const keys = byKey('es', list);
        // Equal at every level but code points (none here): the same order.
        expect(keys.map((w) => w.normalize('NFC'))).toEqual(expected);
      }),
    );
  });

  it('makes keys that a database can store and index (no NUL, no lone surrogate, bounded)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 500 }), (text) => {
        const key = sortKey(text, 'en');
        expect(key).not.toContain('\u0000');
        expect(key).not.toMatch(/[\ud800-\udfff]/u);
        expect(Array.from(key).length).toBeLessThanOrEqual(64 * 2 + 64 + 64 + 2);
      }),
    );
  });
});
