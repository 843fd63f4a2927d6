// `node scripts/po-fill.mjs`: writes the translations of src/locales/translations/<locale>.json
// (English message → translation, in the catalog's ICU syntax) into src/locales/<locale>/messages.po,
// for the messages `lingui extract` added with an empty msgstr. A translation already in the .po is
// kept unless the JSON has another one. Decision 0037; the recipe is in its "Converting a screen".
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const locales = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/locales');

const unquote = (text) => JSON.parse(text);
const quote = (text) => JSON.stringify(text);

for (const locale of ['es', 'fr', 'de']) {
  const file = path.join(locales, locale, 'messages.po');
  const translations = JSON.parse(
    fs.readFileSync(path.join(locales, 'translations', `${locale}.json`), 'utf8'),
  );
  let filled = 0;
  const po = fs
    .readFileSync(file, 'utf8')
    .replace(/^msgid ("(?:[^"\\]|\\.)*")\nmsgstr ("(?:[^"\\]|\\.)*")$/gm, (entry, id, str) => {
      const message = unquote(id);
      const translation = translations[message];
      if (message === '' || translation === undefined || translation === unquote(str)) return entry;
      filled += 1;
      return `msgid ${id}\nmsgstr ${quote(translation)}`;
    });
  fs.writeFileSync(file, po);
  const missing = [...po.matchAll(/^msgid ("(?:[^"\\]|\\.)*")\nmsgstr ""$/gm)]
    .map((match) => unquote(match[1]))
    .filter((message) => message !== '');
  console.log(`${locale}: ${filled} filled, ${missing.length} missing`);
  for (const message of missing) console.log(`  missing: ${quote(message)}`);
}
