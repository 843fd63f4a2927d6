import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The check that no catalog lacks a key (decision 0037): every message of the English source
// catalog has a translation in each other catalog, with the same placeholders and tags. Run by
// `npm run test:unit`; `lingui extract` must have been run after a change of messages (the lint
// rule lingui/no-unlocalized-strings finds the strings not yet wrapped).

const locales = path.dirname(new URL(import.meta.url).pathname);
const features = path.join(locales, '../features');
const translated = ['es', 'fr', 'de'] as const;

const parts = path.join(locales, 'parts');

/** Each catalog set (the shell's, each feature's, each lazy part's) as the file of a locale. */
const catalogSets: { name: string; file: (locale: string) => string }[] = [
  { name: 'shell', file: (locale) => path.join(locales, locale, 'messages.po') },
  ...fs
    .readdirSync(features)
    .filter((name) => fs.existsSync(path.join(features, name, 'locales')))
    .map((name) => ({
      name,
      file: (locale: string) => path.join(features, name, 'locales', `${locale}.po`),
    })),
  ...fs.readdirSync(parts).map((name) => ({
    name: `part ${name}`,
    file: (locale: string) => path.join(parts, name, `${locale}.po`),
  })),
];

function readCatalog(file: string): Map<string, string> {
  const po = fs.readFileSync(file, 'utf8');
  const entries = new Map<string, string>();
  for (const match of po.matchAll(
    /^(?:msgctxt ("(?:[^"\\]|\\.)*")\n)?msgid ("(?:[^"\\]|\\.)*")\nmsgstr ("(?:[^"\\]|\\.)*")$/gm,
  )) {
    const [, context, id = '""', str = '""'] = match;
    const message = JSON.parse(id) as string;
    if (message === '') continue;
    const key = context ? `${JSON.parse(context) as string}\u0004${message}` : message;
    entries.set(key, JSON.parse(str) as string);
  }
  return entries;
}

/** The arguments ({name}, {count, plural, …}'s name) and tags (<0>, </0>) of a message. */
function placeholders(message: string): string[] {
  const names = [...message.matchAll(/\{(\w+)(?=[,}])/g)].map((match) => `{${match[1]}}`);
  const tags = [...message.matchAll(/<\/?\d+\/?>/g)].map((match) => match[0]);
  return [...new Set([...names, ...tags])].sort();
}

describe.each(catalogSets)('the $name catalogs', ({ file }) => {
  const source = readCatalog(file('en'));

  for (const locale of translated) {
    it(`${locale} translates every message of the source, with its placeholders`, () => {
      const catalog = readCatalog(file(locale));
      const missing = [...source.keys()].filter((key) => !catalog.get(key));
      expect(missing, `untranslated in ${file(locale)}`).toEqual([]);
      const extra = [...catalog.keys()].filter((key) => !source.has(key));
      expect(extra, `not in the source catalog (run lingui extract --clean)`).toEqual([]);
      const mismatched = [...source.keys()].filter(
        (key) =>
          placeholders(key.split('\u0004').pop() ?? '').join() !==
          placeholders(catalog.get(key) ?? '').join(),
      );
      expect(mismatched, `placeholders differ in ${locale}`).toEqual([]);
    });
  }
});
