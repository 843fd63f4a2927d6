import {
  cardPageSchema,
  categoryLimits,
  categoryTreeSchema,
  exportColumns,
  exportFileSchema,
} from '@glossa/contract';
import { parseDelimited } from '@glossa/contract/csv';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, type TestUser } from '../../../test/factories';
import { caller } from '../categories/sharing.test-support';
import { splitCategoryPath } from './csv';
import { checkTreesAfterEach } from '../../../test/tree-invariant';

/**
 * Any tree of categories and any cards go through export → import into a fresh account and come
 * back the same: the category paths, and each card's front, answers, notes, languages and path.
 * The CSV is imported as it was exported, and as TSV (the CSV saved as TSV by a spreadsheet, the
 * other format the import reads); the JSON export holds the same cards.
 */

/** Pieces of text the file format must carry: scripts, emoji, quotes, line ends, separators. */
const pieces = [
  'a',
  'Z',
  'é', // NFC
  'e\u0301', // NFD: the same letter, normalised alike
  'ß',
  'SS',
  'ﬁ',
  'Ω',
  'Ω', // the ohm sign, NFC of which is Ω
  'Δέντρο',
  'яблоко',
  '中文',
  '日本語',
  '한국어',
  'عربي',
  'עברית',
  'हिन्दी',
  '😀',
  '👩‍👩‍👧',
  '🇫🇷',
  '"',
  '""',
  "'",
  '/',
  '//',
  '\\',
  ',',
  ';',
  '|',
  '\t',
  '\n',
  '\r\n',
  '\r',
  ' ',
  '  ',
  '\u00a0',
  '=',
  '+',
  '-',
  '@',
  '=SUM(A1:A9)',
  '=HYPERLINK("http://x","y")',
  '@cmd',
  '+1-2',
];

const textArb = (maxLength: number) =>
  fc
    .array(
      fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...pieces) },
        { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }) },
      ),
      { minLength: 1, maxLength: 8 },
    )
    .map((parts) => parts.join('').replaceAll('\u0000', ''))
    .filter((text) => text.trim().length >= 1 && text.trim().length <= maxLength);

/** A category: its parent (an earlier one, the one before for a chain, or none) and its name. */
const nodeArb = fc.record({
  parent: fc.oneof(fc.constant('previous' as const), fc.nat()),
  name: textArb(categoryLimits.nameMax),
});

const languageArb = fc.constantFrom('es', 'en', 'de', 'fr', 'ja', 'ru', 'ar', 'zh');

const cardArb = fc.record({
  category: fc.option(fc.nat(), { nil: null }),
  front: textArb(200),
  answers: fc.array(textArb(100), { minLength: 1, maxLength: 4 }),
  notes: fc.option(textArb(300), { nil: undefined }),
  fromLanguageCode: languageArb,
  toLanguageCode: languageArb,
});

const worldArb = fc.record({
  nodes: fc.array(nodeArb, { maxLength: 12 }),
  cards: fc.array(cardArb, { maxLength: 8 }),
});
type World = typeof worldArb extends fc.Arbitrary<infer T> ? T : never;

/** A chain as deep as the tree may be, of names that only the format's escapes keep apart. */
const deepest: World = {
  nodes: [
    ' /leading and trailing/ ',
    '\\',
    '\\/',
    '=1+1',
    "'quoted'",
    'line\nbreak',
    'tab\there, comma; bar|',
    '😀 e\u0301',
  ].map((name) => ({ parent: 'previous' as const, name })),
  cards: [
    {
      category: 7,
      front: '-5 + 3',
      answers: ['a;b', 'c|d', 'e\\', "'=x"],
      notes: '"quoted"\r\nnext, line\t',
      fromLanguageCode: 'es',
      toLanguageCode: 'en',
    },
    {
      category: 0,
      front: '@home',
      answers: ['\\;'],
      notes: undefined,
      fromLanguageCode: 'ja',
      toLanguageCode: 'ar',
    },
  ],
};

interface Snapshot {
  categories: string[];
  cards: string[];
}

describe('export → import round trip (property)', () => {
  let t: TestApp;
  let api: ReturnType<typeof caller>;
  beforeAll(async () => {
    t = await createTestApp();
    api = caller(t);
  });
  afterAll(async () => {
    await t.close();
  });
  checkTreesAfterEach(() => t);

  /** Makes the tree and the cards through the API; a sibling named alike is refused (409) and left out. */
  async function build(user: TestUser, world: World) {
    const made: ({ id: string; depth: number } | null)[] = [];
    for (const [i, node] of world.nodes.entries()) {
      const slot = node.parent === 'previous' ? i - 1 : node.parent % (i + 1);
      const parent = slot >= 0 && slot < i ? made[slot] : null;
      if (parent === null && slot >= 0 && slot < i) {
        made.push(null);
        continue;
      }
      const under = parent && parent.depth < categoryLimits.depthMax ? parent : null;
      const res = await api.call('POST', '/api/categories', user, {
        name: node.name,
        parentId: under?.id ?? null,
      });
      if (res.status === 409) {
        made.push(null);
        continue;
      }
      expect(res.status, JSON.stringify(res.payload)).toBe(201);
      made.push({ id: String(res.payload['id']), depth: (under?.depth ?? 0) + 1 });
    }
    const categories = made.filter((c) => c !== null);
    for (const card of world.cards) {
      const category =
        card.category === null ? null : categories[card.category % categories.length];
      await api.must('POST', '/api/cards', user, {
        front: card.front,
        answers: card.answers,
        ...(card.notes === undefined ? {} : { notes: card.notes }),
        fromLanguageCode: card.fromLanguageCode,
        toLanguageCode: card.toLanguageCode,
        categoryId: category?.id ?? null,
      });
    }
  }

  /** What the user owns, read through the API: every category's path and every card. */
  async function snapshot(user: TestUser): Promise<Snapshot> {
    const tree = categoryTreeSchema.parse(await api.must('GET', '/api/categories', user)).items;
    const byId = new Map(tree.map((c) => [c.id, c]));
    const pathOf = (id: string | null): string[] => {
      const category = id === null ? undefined : byId.get(id);
      return category ? [...pathOf(category.parentId), category.name] : [];
    };
    const page = cardPageSchema.parse(await api.must('GET', '/api/cards?limit=200', user));
    return {
      categories: tree.map((c) => JSON.stringify(pathOf(c.id))).sort(),
      cards: page.items
        .map((card) =>
          JSON.stringify([
            card.front,
            card.answers,
            card.notes,
            card.fromLanguageCode,
            card.toLanguageCode,
            pathOf(card.categoryId),
          ]),
        )
        .sort(),
    };
  }

  const exportAs = async (user: TestUser, format: 'csv' | 'json') =>
    (await t.call({ method: 'GET', url: `/api/cards/export?format=${format}`, token: user.access }))
      .raw.body;

  /** The CSV as a spreadsheet saves it as TSV: the same cells, tab-separated, quoted as needed. */
  const asTsv = (csv: string) =>
    parseDelimited(csv, 'csv')
      .map(({ cells }) =>
        cells
          .map((cell) => (/[\t\r\n"]|^\s|\s$/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell))
          .join('\t'),
      )
      .join('\n');

  it.each(['csv', 'tsv'] as const)(
    'any tree and cards come back the same through the %s import',
    async (format) => {
      await fc.assert(
        fc.asyncProperty(worldArb, async (world) => {
          const [owner, copy] = await Promise.all([createUser(t), createUser(t)]);
          await build(owner, world);
          const before = await snapshot(owner);

          const csv = await exportAs(owner, 'csv');
          const res = await api.call('POST', '/api/cards/import', copy, {
            format,
            text: format === 'csv' ? csv : asTsv(csv),
            mapping: Object.fromEntries(exportColumns.map((column) => [column, column])),
            defaults: { fromLanguageCode: 'es', toLanguageCode: 'en' },
          });
          if (before.categories.length === 0 && before.cards.length === 0) {
            // Nothing to export: the file is its header alone, which the import refuses.
            expect(res.payload.issues).toEqual([
              { path: 'text', message: 'The file has a header but no rows' },
            ]);
            return;
          }
          expect(res.status, JSON.stringify(res.payload)).toBe(200);
          expect(res.payload).toMatchObject({
            imported: before.cards.length,
            createdCategories: before.categories.length,
          });
          expect(await snapshot(copy)).toEqual(before);

          if (format === 'csv') {
            const json = exportFileSchema.parse(JSON.parse(await exportAs(owner, 'json')));
            const cards = json.map((card) =>
              JSON.stringify([
                card.front,
                card.answers,
                card.notes,
                card.fromLanguageCode,
                card.toLanguageCode,
                card.category === '' ? [] : splitCategoryPath(card.category),
              ]),
            );
            expect(cards.sort()).toEqual(before.cards);
          }
        }),
        { numRuns: 25, examples: [[deepest]] },
      );
    },
    120_000,
  );
});
