// No zod here, nor any table: the web loads this with its forms' checks, and one language's table
// beside it (decision 0037's addendum).
import type { InterfaceLocale } from '../locales';

/*
 * The lookup shared by the server's error envelopes and the web's forms (decision 0037): the
 * services and the contract's schemas say their messages in English (the source); a table maps
 * each English message to one language, by its exact text or by a template with `{placeholders}`
 * ("{label} must be at most {max} characters"), and `translate` fills the translation's
 * placeholders with the English message's parts.
 */

/** The languages a message is translated into: English is the source. */
export type TranslatedLocale = Exclude<InterfaceLocale, 'en'>;

/** One language's translations: English message or template → the translation. */
export type MessageTable = Readonly<Record<string, string>>;

/** Placeholders whose text is itself a message or a label of the table. */
export const translatedParts: ReadonlySet<string> = new Set([
  'label',
  'what',
  'wait',
  'refusal',
  'unit',
  'message',
]);
/** What each placeholder may match; any other takes the shortest text that fits. */
const placeholderPatterns: Record<string, string> = { field: '[\\w.[\\]-]+' };

/** The entry of the table a message is an instance of, and its placeholders' values. */
export interface CatalogEntry {
  key: string;
  values: Record<string, string>;
}

export interface MessageCatalog {
  /** The entry a message is an instance of, or undefined. */
  entryOf(message: string): CatalogEntry | undefined;
  /** The message in the catalog's language; unchanged when the table does not have it. */
  translate(message: string): string;
}

interface Template {
  key: string;
  names: string[];
  pattern: RegExp;
  /** Characters outside the placeholders: the more, the more specific, so tried first. */
  fixed: number;
}

const placeholder = /\{(\w+)\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const groupedNumber = /^\d{1,3}(,\d{3})*$/;

/**
 * The catalog of one language. A part named in `translatedParts` is looked up in the table
 * itself (a field's label, "about 3 minutes", a composed message), a number ("10,000") is
 * written the language's way, any other part is kept as it is.
 */
export function messageCatalog(table: MessageTable, locale: TranslatedLocale): MessageCatalog {
  const exact = new Set<string>();
  const templates: Template[] = [];
  for (const key of Object.keys(table)) {
    const names = [...key.matchAll(placeholder)].map((m) => m[1] ?? '');
    if (names.length === 0) {
      exact.add(key);
      continue;
    }
    const source = key
      .split(placeholder)
      .map((part, i) =>
        i % 2 === 0 ? escapeRegExp(part) : `(${placeholderPatterns[part] ?? '.+?'})`,
      )
      .join('');
    templates.push({
      key,
      names,
      pattern: new RegExp(`^${source}$`, 's'),
      fixed: key.replace(placeholder, '').length,
    });
  }
  templates.sort((a, b) => b.fixed - a.fixed);

  const entryOf = (message: string): CatalogEntry | undefined => {
    if (exact.has(message)) return { key: message, values: {} };
    for (const { key, names, pattern } of templates) {
      const match = pattern.exec(message);
      if (!match) continue;
      return {
        key,
        values: Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ''])),
      };
    }
    return undefined;
  };

  const translatePart = (name: string, value: string): string => {
    if (groupedNumber.test(value)) return Number(value.replaceAll(',', '')).toLocaleString(locale);
    return translatedParts.has(name) ? translate(value) : value;
  };

  const translate = (message: string): string => {
    const entry = entryOf(message);
    if (!entry) return message;
    const translation = table[entry.key] ?? message;
    return translation.replace(placeholder, (whole, name: string) => {
      const value = entry.values[name];
      return value === undefined ? whole : translatePart(name, value);
    });
  };

  return { entryOf, translate };
}
