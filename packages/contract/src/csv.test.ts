import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvSyntaxError, parseDelimited, type DelimitedFormat } from './csv';

const cellsOf = (text: string, format: DelimitedFormat = 'csv') =>
  parseDelimited(text, format).map((r) => r.cells);

/** The CsvSyntaxError that parsing `text` throws. */
function syntaxErrorOf(text: string, format: DelimitedFormat = 'csv'): CsvSyntaxError {
  try {
    parseDelimited(text, format);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return error;
    throw error;
  }
  throw new Error(`no syntax error in ${JSON.stringify(text)}`);
}

describe('the CSV/TSV parser', () => {
  it('reads quotes, doubled quotes, CRLF, embedded newlines and a BOM', () => {
    const text = '\uFEFFa,b,c\r\n"x, y","say ""hi""","two\nlines"\r\nplain,,end\n';
    expect(parseDelimited(text, 'csv')).toEqual([
      { line: 1, cells: ['a', 'b', 'c'] },
      { line: 2, cells: ['x, y', 'say "hi"', 'two\nlines'] },
      { line: 4, cells: ['plain', '', 'end'] },
    ]);
  });

  it('skips blank lines, keeps line numbers and reads TSV', () => {
    expect(parseDelimited('h1\th2\n\n\nv1\t"v\t2"', 'tsv')).toEqual([
      { line: 1, cells: ['h1', 'h2'] },
      { line: 4, cells: ['v1', 'v\t2'] },
    ]);
  });

  it('ends records at CR alone too, and counts a CRLF inside a quoted cell as one line', () => {
    expect(parseDelimited('a\r\rb\rc', 'csv')).toEqual([
      { line: 1, cells: ['a'] },
      { line: 3, cells: ['b'] },
      { line: 4, cells: ['c'] },
    ]);
    expect(parseDelimited('"a\r\nb",c\r\nd', 'csv')).toEqual([
      { line: 1, cells: ['a\r\nb', 'c'] },
      { line: 3, cells: ['d'] },
    ]);
  });

  it('keeps a record of empty cells and a quoted empty cell', () => {
    expect(cellsOf(',\n""\n')).toEqual([['', ''], ['']]);
    expect(cellsOf('\uFEFF""\n\n""')).toEqual([[''], ['']]);
  });

  it('refuses an unclosed quote and text after a closing quote, with the line', () => {
    expect(() => parseDelimited('a\n"open,b\nc', 'csv')).toThrow(CsvSyntaxError);
    const unclosed = syntaxErrorOf('a\n\n"open,b\nc');
    expect([unclosed.line, unclosed.message]).toEqual([3, 'A quoted cell is never closed']);
    const after = syntaxErrorOf('a\nb\n"x"y,z');
    expect(after.line).toBe(3);
    expect(after.message).toBe('Text after a closing quote; double a quote inside one');
    expect(after.recordsBefore).toEqual([
      { line: 1, cells: ['a'] },
      { line: 2, cells: ['b'] },
    ]);
  });

  it('refuses a quote inside a cell that does not start with one (RFC 4180)', () => {
    const error = syntaxErrorOf('front\tanswers\n"a\nb"\tc\nthe 5" screen\tla pantalla', 'tsv');
    expect(error.line).toBe(4);
    expect(error.message).toContain('put the whole cell in quotes');
  });

  it('reads only the first records asked for, blank lines not counted, errors further on not reached', () => {
    const text = 'h\n\n\n\n\na\nb\n"open';
    expect(parseDelimited(text, 'csv', 2)).toEqual([
      { line: 1, cells: ['h'] },
      { line: 6, cells: ['a'] },
    ]);
    expect(parseDelimited(text, 'csv', 3).map((r) => r.line)).toEqual([1, 6, 7]);
    expect(() => parseDelimited(text, 'csv', 4)).toThrow(CsvSyntaxError);
  });

  it('numbers each record by the line ends before it, whatever they are (property)', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'é', ',', '"', '\n', '\r', ' ', '\t') });
    const lineEnd = fc.constantFrom('\n', '\r\n', '\r');
    const record = fc.record({
      cells: fc.array(cell, { minLength: 2, maxLength: 4 }),
      blankLines: fc.array(lineEnd, { maxLength: 2 }),
      end: lineEnd,
    });
    fc.assert(
      fc.property(fc.array(record, { maxLength: 6 }), (records) => {
        let text = '';
        const expected = records.map(({ cells, blankLines, end }) => {
          text += blankLines.join('');
          const line = 1 + (text.match(/\r\n|\n|\r/g)?.length ?? 0);
          text += cells.map((c) => `"${c.replace(/"/g, '""')}"`).join(',') + end;
          return { line, cells };
        });
        expect(parseDelimited(text, 'csv')).toEqual(expected);
      }),
    );
  });
});
