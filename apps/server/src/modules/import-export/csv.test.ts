import { parseDelimited } from '@glossa/contract/csv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinCategoryPath, splitCategoryPath, toCsv } from './csv';

const cellsOf = (text: string) => parseDelimited(text, 'csv').map((r) => r.cells);

describe('the CSV writer', () => {
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
