/**
 * Every message the contract's schemas can give, in English (the source, byte for byte what the
 * schemas say), with the shapes they share ("{label} must be at most {max} characters"), their
 * labels, and zod's own messages for a schema without one (decision 0037). `{name}` stands for a
 * part that varies (message-catalog.ts says which parts are looked up themselves). es.ts, fr.ts
 * and de.ts translate each: a missing or an extra message there is a type error, and
 * messages.test.ts fails on a message of the contract's source that this list does not cover.
 * The server's error envelopes translate with these tables and its own (apps/server/src/http/
 * error-catalog.ts); the web's forms load the table of the interface's language with their checks.
 */
export type ContractMessage =
  // The password rule (password-rule.ts).
  | 'Your password cannot be only spaces: use letters, digits or symbols too.'
  | 'Your password is your username with only digits or symbols added, the first thing an attacker tries. Choose something else.'
  | 'Your password is your e-mail address with only digits or symbols added, the first thing an attacker tries. Choose something else.'
  // Languages.
  | 'Unknown language code'
  // Anki packages.
  | 'A package has at most {max} MB'
  | 'Choose an Anki package (.apkg or .colpkg)'
  | 'The file is empty'
  | 'The file must be sent as base64'
  | 'Choose a field'
  | 'Name a note type'
  // CSV and TSV imports.
  | 'A quoted cell is never closed'
  | 'Text after a closing quote; double a quote inside one'
  | 'A quote inside a cell that does not start with one; put the whole cell in quotes and double its quotes'
  | 'Name a column of the header row'
  | 'A column name has at most {max} characters'
  | 'The file is too large'
  // Study and its settings.
  | 'Grade must be 1 (missed), 2 (close), 3 (exact) or 4 (exact and quick)'
  | '{label} must be at most one day'
  | '{label} must be a date and time in UTC (ISO 8601)'
  | '{label} may hold letters, digits, _ and -'
  | 'Time zone must be an IANA time zone, such as Europe/Paris'
  | 'Enter a number from {min} to {max}'
  // The schemas' other messages: whole ones first, then the shapes they share
  // ("<label> must be at most <max> characters"), whose label is looked up below.
  | 'Locale must be one of {locales}'
  | 'Current password is required'
  | 'Enter a valid e-mail address'
  | 'Password must be at least 8 characters'
  | 'Username may contain letters, digits, underscores, dots and hyphens'
  | 'An answer must be text'
  | 'An answer cannot be empty'
  | 'An answer must be at most {max} characters'
  | 'Give at most {max} accepted answers in all (each ; | or / adds one)'
  | 'Give at least one answer'
  | 'Give at most {max} answers'
  | 'Give at least one field to change'
  | 'Give at least one id'
  | 'Give at most {max} ids'
  | 'Give at least one candidate'
  | 'Give at most {max} candidates'
  | '{label} is required'
  | '{label} must be text'
  | '{label} must be a text'
  | '{label} must be a list'
  | '{label} must be a UUID'
  | '{label} must be a number'
  | '{label} must be a whole number'
  | '{label} must be at least {min}'
  | '{label} must be at most {max}'
  | '{label} must be at least {min} characters'
  | '{label} must be at most {max} characters'
  | '{label} must be true or false'
  | '{label} must be {choices} or {last}'
  // zod's own English messages, for a schema without a message of its own (zod/v4/locales/en):
  // the JSON types and zod's names for what was checked stay as zod writes them.
  | 'Invalid input: expected {type}, received {received}'
  | 'Invalid input: expected {value}'
  | 'Invalid option: expected one of {options}'
  | 'Too big: expected {origin} to have {limit} {unit}'
  | 'Too big: expected {origin} to be {limit}'
  | 'Too small: expected {origin} to have {limit} {unit}'
  | 'Too small: expected {origin} to be {limit}'
  | 'Invalid string: must match pattern {pattern}'
  | 'Invalid number: must be a multiple of {divisor}'
  | 'Invalid input: more than one option matched'
  | 'Invalid key in {origin}'
  | 'Invalid value in {origin}'
  | 'Invalid discriminator value. Expected {options}'
  | 'Invalid {format}'
  | 'characters'
  | 'items'
  | 'elements'
  // The labels of those shapes (lowercase ones are field names, kept as they are).
  | 'Username'
  | 'Username or e-mail'
  | 'E-mail'
  | 'Password'
  | 'Current password'
  | 'Refresh token'
  | 'Token'
  | 'Front'
  | 'Answers'
  | 'Notes'
  | 'Name'
  | 'Description'
  | 'Message'
  | 'Page'
  | 'Time zone'
  | 'New cards per day'
  | 'Reviews per day'
  | 'The hour your day starts';

/** The contract's messages in one language: a missing one is a type error. */
export type ContractTranslations = Readonly<Record<ContractMessage, string>>;
