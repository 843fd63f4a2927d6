// `node scripts/po-fill.mjs`: writes the translations of src/locales/translations/<locale>.json
// (English message → translation, in the catalog's ICU syntax) into every catalog of that locale
// (src/locales/<locale>/messages.po, src/features/*/locales/<locale>.po and
// src/locales/parts/*/<locale>.po), for the messages
// `lingui extract` added with an empty msgstr. A translation already in the .po is
// kept unless the JSON has another one. Decision 0037; the recipe is in its "Converting a screen".
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');
const locales = path.join(src, 'locales');

/** Every catalog of a locale: the shell's, each feature's and each lazy part's. */
function catalogFiles(locale) {
  const features = fs
    .readdirSync(path.join(src, 'features'))
    .map((name) => path.join(src, 'features', name, 'locales', `${locale}.po`))
    .filter((file) => fs.existsSync(file));
  const parts = fs
    .readdirSync(path.join(locales, 'parts'))
    .map((name) => path.join(locales, 'parts', name, `${locale}.po`))
    .filter((file) => fs.existsSync(file));
  return [path.join(locales, locale, 'messages.po'), ...features, ...parts];
}

const unquote = (text) => JSON.parse(text);
/**
 * A message with a context (`msgctxt`, from `t({ message, context })`: one English word that
 * translates two ways, "Close" the button and "Close" the grade) is keyed in the JSON as its
 * context, U+0004 and the message, as gettext and catalogs.test.ts key it; one without, by itself.
 */
const key = (context, message) => (context ? `${unquote(context)}\u0004${message}` : message);
const entryPattern =
  /^(?:msgctxt ("(?:[^"\\]|\\.)*")\n)?msgid ("(?:[^"\\]|\\.)*")\nmsgstr ("(?:[^"\\]|\\.)*")$/gm;
const quote = (text) => JSON.stringify(text);

for (const locale of ['es', 'fr', 'de']) {
  const translations = JSON.parse(
    fs.readFileSync(path.join(locales, 'translations', `${locale}.json`), 'utf8'),
  );
  for (const file of catalogFiles(locale)) fill(locale, file, translations);
}

function fill(locale, file, translations) {
  let filled = 0;
  const po = fs.readFileSync(file, 'utf8').replace(entryPattern, (entry, context, id, str) => {
    const message = unquote(id);
    const translation = translations[key(context, message)];
    if (message === '' || translation === undefined || translation === unquote(str)) return entry;
    filled += 1;
    return `${context ? `msgctxt ${context}\n` : ''}msgid ${id}\nmsgstr ${quote(translation)}`;
  });
  fs.writeFileSync(file, po);
  const missing = [...po.matchAll(entryPattern)]
    .filter(([, , id, str]) => unquote(id) !== '' && unquote(str) === '')
    .map(([, context, id]) => key(context, unquote(id)));
  if (filled === 0 && missing.length === 0) return;
  console.log(`${path.relative(src, file)}: ${filled} filled, ${missing.length} missing`);
  for (const message of missing) console.log(`  missing: ${quote(message)}`);
}
