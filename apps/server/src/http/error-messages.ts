import {
  acceptLanguageTags,
  isInterfaceLocale,
  pickInterfaceLocale,
  type ErrorEnvelope,
  type InterfaceLocale,
} from '@glossa/contract';
import type { FastifyRequest } from 'fastify';

/**
 * The error envelope's messages in the caller's language (decision 0037): the signed-in learner's
 * stored language, else the request's Accept-Language. Services throw in English (the source);
 * the messages below, by their exact English text or a pattern, are translated on the way out, so
 * the same code and path still name the field. A message not listed stays in English.
 *
 * Each entry needs all three translations (a missing one is a type error). To translate another
 * message: add it here, English as the key; one with numbers or names goes in `patterns`.
 */
type Translations = Record<Exclude<InterfaceLocale, 'en'>, string>;

const messages: Record<string, Translations> = {
  'Sign in to continue': {
    es: 'Inicia sesión para continuar',
    fr: 'Connectez-vous pour continuer',
    de: 'Melde dich an, um fortzufahren',
  },
  'Not found': { es: 'No encontrado', fr: 'Introuvable', de: 'Nicht gefunden' },
  'Invalid input': { es: 'Datos no válidos', fr: 'Données non valides', de: 'Ungültige Eingabe' },
  'Invalid request': {
    es: 'Solicitud no válida',
    fr: 'Requête non valide',
    de: 'Ungültige Anfrage',
  },
  'Invalid value': { es: 'Valor no válido', fr: 'Valeur non valide', de: 'Ungültiger Wert' },
  'The body is not valid JSON': {
    es: 'El cuerpo no es JSON válido',
    fr: 'Le corps n’est pas du JSON valide',
    de: 'Der Inhalt ist kein gültiges JSON',
  },
  'Send the body as application/json': {
    es: 'Envía el cuerpo como application/json',
    fr: 'Envoyez le corps en application/json',
    de: 'Sende den Inhalt als application/json',
  },
  'The request body is too large': {
    es: 'El cuerpo de la solicitud es demasiado grande',
    fr: 'Le corps de la requête est trop volumineux',
    de: 'Der Inhalt der Anfrage ist zu groß',
  },
  'Something went wrong on our side': {
    es: 'Algo ha fallado por nuestra parte',
    fr: 'Un problème est survenu de notre côté',
    de: 'Bei uns ist etwas schiefgelaufen',
  },
  'Send at least one field to change': {
    es: 'Envía al menos un campo que cambiar',
    fr: 'Envoyez au moins un champ à modifier',
    de: 'Sende mindestens ein Feld, das geändert werden soll',
  },
  'Locale must be one of en, es, fr, de': {
    es: 'El idioma debe ser uno de en, es, fr, de',
    fr: 'La langue doit être l’une de en, es, fr, de',
    de: 'Die Sprache muss en, es, fr oder de sein',
  },
  'Current password is required': {
    es: 'Hace falta la contraseña actual',
    fr: 'Le mot de passe actuel est requis',
    de: 'Das aktuelle Passwort wird benötigt',
  },
  'Enter a valid e-mail address': {
    es: 'Escribe una dirección de correo válida',
    fr: 'Saisissez une adresse e-mail valide',
    de: 'Gib eine gültige E-Mail-Adresse ein',
  },
  'Password must be at least 8 characters': {
    es: 'La contraseña debe tener al menos 8 caracteres',
    fr: 'Le mot de passe doit comporter au moins 8 caractères',
    de: 'Das Passwort muss mindestens 8 Zeichen lang sein',
  },
  'This exists already: another request made it at the same time': {
    es: 'Ya existe: otra solicitud lo ha creado al mismo tiempo',
    fr: 'Cela existe déjà : une autre requête l’a créé au même moment',
    de: 'Das gibt es schon: Eine andere Anfrage hat es gleichzeitig angelegt',
  },
  'What this refers to was deleted at the same time': {
    es: 'Lo que esto indica se ha borrado al mismo tiempo',
    fr: 'Ce à quoi cela se rapporte a été supprimé au même moment',
    de: 'Worauf sich das bezieht, wurde gleichzeitig gelöscht',
  },
};

/** Messages with a number or a name in them: the pattern's groups go into each translation. */
const patterns: {
  pattern: RegExp;
  translate: Record<keyof Translations, (g: string[]) => string>;
}[] = [
  {
    pattern: /^Too many requests: try again in (\d+) seconds$/,
    translate: {
      es: ([s]) => `Demasiadas solicitudes: vuelve a intentarlo dentro de ${s} segundos`,
      fr: ([s]) => `Trop de requêtes : réessayez dans ${s} secondes`,
      de: ([s]) => `Zu viele Anfragen: Versuche es in ${s} Sekunden erneut`,
    },
  },
  {
    pattern: /^Unknown field (.+)$/,
    translate: {
      es: ([f]) => `Campo desconocido: ${f}`,
      fr: ([f]) => `Champ inconnu : ${f}`,
      de: ([f]) => `Unbekanntes Feld: ${f}`,
    },
  },
];

/** One message in the locale; unchanged in English or when it is not in the catalog. */
export function translateMessage(message: string, locale: InterfaceLocale): string {
  if (locale === 'en') return message;
  const exact = messages[message];
  if (exact) return exact[locale];
  for (const { pattern, translate } of patterns) {
    const match = pattern.exec(message);
    if (match) return translate[locale](match.slice(1));
  }
  // "path: message", the first issue of a validation failure.
  const colon = /^([\w.[\]-]+): (.+)$/.exec(message);
  if (colon?.[1] && colon[2]) {
    const inner = translateMessage(colon[2], locale);
    if (inner !== colon[2]) return `${colon[1]}: ${inner}`;
  }
  return message;
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
