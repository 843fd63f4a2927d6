import {
  acceptLanguageTags,
  isInterfaceLocale,
  pickInterfaceLocale,
  type ErrorEnvelope,
  type InterfaceLocale,
} from '@glossa/contract';
import type { FastifyRequest } from 'fastify';
import { errorCatalog } from './error-catalog';

/*
 * The error envelope's messages in the caller's language (decision 0037): the signed-in learner's
 * stored language, else the request's Accept-Language. Services and the contract's schemas say
 * their messages in English (the source); they are translated on the way out from
 * error-catalog.ts, by their exact text or by a template with `{placeholders}`, so the same code
 * and path still name the field. error-messages.test.ts fails on a message of the server or the
 * contract that the catalog does not translate.
 */

/** Placeholders whose text is itself a message or a label of the catalog. */
export const translatedParts = new Set(['label', 'what', 'wait', 'refusal', 'unit', 'message']);
/** What each placeholder may match; any other takes the shortest text that fits. */
const placeholderPatterns: Record<string, string> = { field: '[\\w.[\\]-]+' };

interface Template {
  key: string;
  names: string[];
  pattern: RegExp;
  /** Characters outside the placeholders: the more, the more specific, so tried first. */
  fixed: number;
}

const placeholder = /\{(\w+)\}/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const exact = new Map<string, string>();
const templates: Template[] = [];
for (const key of Object.keys(errorCatalog)) {
  const names = [...key.matchAll(placeholder)].map((m) => m[1] ?? '');
  if (names.length === 0) {
    exact.set(key, key);
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

/** The catalog entry a message is an instance of, and its placeholders' values; or undefined. */
export function catalogEntryOf(
  message: string,
): { key: string; values: Record<string, string> } | undefined {
  if (exact.has(message)) return { key: message, values: {} };
  for (const { key, names, pattern } of templates) {
    const match = pattern.exec(message);
    if (!match) continue;
    return { key, values: Object.fromEntries(names.map((name, i) => [name, match[i + 1] ?? ''])) };
  }
  return undefined;
}

const groupedNumber = /^\d{1,3}(,\d{3})*$/;

function translatePart(name: string, value: string, locale: Exclude<InterfaceLocale, 'en'>) {
  if (groupedNumber.test(value)) return Number(value.replaceAll(',', '')).toLocaleString(locale);
  return translatedParts.has(name) ? translateMessage(value, locale) : value;
}

/** One message in the locale; unchanged in English or when it is not in the catalog. */
export function translateMessage(message: string, locale: InterfaceLocale): string {
  if (locale === 'en') return message;
  const entry = catalogEntryOf(message);
  if (!entry) return message;
  const translation = errorCatalog[entry.key]?.[locale] ?? message;
  return translation.replace(placeholder, (whole, name: string) => {
    const value = entry.values[name];
    return value === undefined ? whole : translatePart(name, value, locale);
  });
}

/** The envelope with its message and its issues' messages in the locale; codes and paths kept. */
export function translateEnvelope(body: ErrorEnvelope, locale: InterfaceLocale): ErrorEnvelope {
  if (locale === 'en') return body;
  const { payload } = body;
  return {
    ...body,
    payload: {
      ...payload,
      message: translateMessage(payload.message, locale),
      ...(payload.issues
        ? {
            issues: payload.issues.map((issue) => ({
              ...issue,
              message: translateMessage(issue.message, locale),
            })),
          }
        : {}),
    },
  } as ErrorEnvelope;
}

/** The language of the answer: the signed-in learner's stored one, else Accept-Language's. */
export function requestLocale(request: FastifyRequest | undefined): InterfaceLocale {
  const stored = request?.auth?.locale;
  if (isInterfaceLocale(stored)) return stored;
  return pickInterfaceLocale(acceptLanguageTags(request?.headers['accept-language']));
}
