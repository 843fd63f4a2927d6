import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, joinCategoryPath, parseDelimited, splitCategoryPath, toCsv } from './csv';

const cellsOf = (text: string, d: ',' | '\t' = ',') => parseDelimited(text, d).map((r) => r.cells);

describe('the CSV/TSV parser', () => {
  it('reads quotes, doubled quotes, CRLF, embedded newlines and a BOM', () => {
    const text = '\uFEFFa,b,c\r\n"x, y","say ""hi""","two\nlines"\r\nplain,,end\n';
    expect(parseDelimited(text, ',')).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['x, y', 'say "hi"', 'two\nlines'] },
      { line: 4, cells: ['plain', '', 'end'] },
    ]);
  });

  it('skips blank lines, keeps line numbers and reads TSV', () => {
    expect(parseDelimited('h1\th2\n\n\nv1\t"v\t2"', '\t')).toEqual([
      { line: 1, cells: ['h1', 'h2'] },
      { line: 4, cells: ['v1', 'v\t2'] },
    ]);
  });

  it('keeps a record of empty cells and a quoted empty cell', () => {
    expect(cellsOf(',\n""\n')).toEqual([['', ''], ['']]);
  });

  it('refuses an unclosed quote and text after a closing quote, with the line', () => {
    expect(() => parseDelimited('a\n"open,b\nc', ',')).toThrow(CsvSyntaxError);
    try {
      parseDelimited('a\nb\n"x"y,z', ',');
    } catch (error) {
      expect(error).toBeInstanceOf(CsvSyntaxError);
      expect((error as CsvSyntaxError).line).toBe(3);
    }
  });

  it('reads back whatever toCsv writes (property)', () => {
    const cellArb = fc.string({
      unit: fc.constantFrom('a', 'é', ',', '"', '\n', '\r', ' ', '\t', 'z'),
    });
    fc.assert(
      fc.property(
        fc.array(fc.array(cellArb, { minLength: 2, maxLength: 4 }), { minLength: 1, maxLength: 5 }),
        (rows) => {
          expect(cellsOf(toCsv(rows))).toEqual(rows);
        },
      ),
    );
  });

  it('escapes slashes inside category names', () => {
    const names = ['Spanish', 'A/B', 'back\\slash'];
    expect(splitCategoryPath(joinCategoryPath(names))).toEqual(names);
    expect(splitCategoryPath('Spanish / Food/Fruit')).toEqual(['Spanish', 'Food', 'Fruit']);
  });
});
