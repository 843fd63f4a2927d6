import { parseDelimited } from '@glossa/contract/csv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  joinAnswers,
  joinCategoryPath,
  protectFormula,
  splitAnswers,
  splitCategoryPath,
  toCsv,
  unprotectFormula,
} from './csv';

const cellsOf = (text: string) => parseDelimited(text, 'csv').map((r) => r.cells);

/** Text from the characters that matter to the format, and a few others. */
const trickyText = fc.string({
  unit: fc.constantFrom(
    'a',
    'é',
    ',',
    ';',
    '|',
    '/',
    '\\',
    '"',
    "'",
    '=',
    '+',
    '-',
    '@',
    '\n',
    '\r',
    ' ',
    '\t',
    '😀',
  ),
});
/** A name or an answer as the schemas keep it: trimmed and not empty. */
const trimmedText = trickyText.map((text) => text.trim()).filter((text) => text !== '');

describe('the CSV writer', () => {
  it('reads back whatever toCsv writes, without the quote that protects formulas (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(trickyText, { minLength: 2, maxLength: 4 }), {
          minLength: 1,
          maxLength: 5,
        }),
        (rows) => {
          const read = cellsOf(toCsv(rows)).map((cells) => cells.map(unprotectFormula));
          expect(read).toEqual(rows);
        },
      ),
    );
  });

  it('writes a cell that a spreadsheet would run as a formula with a quote before it', () => {
    const cells = ['=1+2', '+33 1 23', '-x', '@SUM(A1)', '\tcmd', '\rcmd', "'quoted", 'plain'];
    expect(cellsOf(toCsv([cells]))).toEqual([
      ["'=1+2", "'+33 1 23", "'-x", "'@SUM(A1)", "'\tcmd", "'\rcmd", "''quoted", 'plain'],
    ]);
    // A quote before anything else is the text's own ('tis).
    expect(unprotectFormula("'tis")).toBe("'tis");
    expect(unprotectFormula("'=HYPERLINK()")).toBe('=HYPERLINK()');
    expect(protectFormula('a=b')).toBe('a=b');
  });
});

describe('answers and category paths in a cell', () => {
  it('read back any answers and names (property)', () => {
    fc.assert(
      fc.property(fc.array(trimmedText, { minLength: 1, maxLength: 6 }), (parts) => {
        expect(splitAnswers(joinAnswers(parts))).toEqual(parts);
        expect(splitCategoryPath(joinCategoryPath(parts))).toEqual(parts);
      }),
    );
  });

  it('escape separators and backslashes, and keep a backslash before anything else', () => {
    const names = ['Spanish', 'A/B', 'back\\slash'];
    expect(joinCategoryPath(names)).toBe('Spanish/A\\/B/back\\\\slash');
    expect(splitCategoryPath(joinCategoryPath(names))).toEqual(names);
    expect(splitCategoryPath('Spanish / Food/Fruit')).toEqual(['Spanish', 'Food', 'Fruit']);
    expect(splitCategoryPath('C:\\dir/x')).toEqual(['C:\\dir', 'x']);
    expect(joinAnswers(['a;b', 'c|d', 'e\\'])).toBe('a\\;b; c\\|d; e\\\\');
    expect(splitAnswers('a\\;b; c|d ;; \\x')).toEqual(['a;b', 'c', 'd', '\\x']);
  });
});
