import {
  acceptLanguageTags,
  isInterfaceLocale,
  pickInterfaceLocale,
  type ErrorEnvelope,
  type InterfaceLocale,
} from '@glossa/contract';
import {
  messageCatalog,
  type MessageCatalog,
  type TranslatedLocale,
} from '@glossa/contract/messages';
import { translations as de } from '@glossa/contract/messages/de';
import { translations as es } from '@glossa/contract/messages/es';
import { translations as fr } from '@glossa/contract/messages/fr';
import type { FastifyRequest } from 'fastify';
import { errorCatalog } from './error-catalog';

/*
 * The error envelope's messages in the caller's language (decision 0037): the signed-in learner's
 * stored language, else the request's Accept-Language. Services and the contract's schemas say
 * their messages in English (the source); they are translated on the way out, by the contract's
 * lookup (@glossa/contract/messages, the one the web's forms use) over one table per language:
 * the contract's messages (packages/contract/src/messages) and the server's own
 * (error-catalog.ts). Codes and paths are kept, so the same code and path still name the field.
 * error-messages.test.ts fails on a message of the server or the contract that is not translated.
 */

const contractTables: Record<TranslatedLocale, Readonly<Record<string, string>>> = { es, fr, de };

function catalogIn(locale: TranslatedLocale): MessageCatalog {
  const own = Object.fromEntries(
    Object.entries(errorCatalog).map(([english, translations]) => [english, translations[locale]]),
  );
  return messageCatalog({ ...contractTables[locale], ...own }, locale);
}

/** Each language's catalog: the contract's messages and the server's. */
export const catalogs: Record<TranslatedLocale, MessageCatalog> = {
  es: catalogIn('es'),
  fr: catalogIn('fr'),
  de: catalogIn('de'),
};

/** One message in the locale; unchanged in English or when it is not in the catalogs. */
export function translateMessage(message: string, locale: InterfaceLocale): string {
  return locale === 'en' ? message : catalogs[locale].translate(message);
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
