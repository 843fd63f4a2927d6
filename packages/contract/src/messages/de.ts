import type { ContractTranslations } from './contract-messages';

/** The contract's messages in German ("du"), for the server's error envelopes and the web's forms. */
export const translations: ContractTranslations = {
  // The password rule (password-rule.ts).
  'Your password cannot be only spaces: use letters, digits or symbols too.':
    'Dein Passwort darf nicht nur aus Leerzeichen bestehen: Verwende auch Buchstaben, Ziffern oder Symbole.',
  'Your password is your username with only digits or symbols added, the first thing an attacker tries. Choose something else.':
    'Dein Passwort ist dein Benutzername mit nur angehängten Ziffern oder Symbolen, das Erste, was ein Angreifer versucht. Wähle etwas anderes.',
  'Your password is your e-mail address with only digits or symbols added, the first thing an attacker tries. Choose something else.':
    'Dein Passwort ist deine E-Mail-Adresse mit nur angehängten Ziffern oder Symbolen, das Erste, was ein Angreifer versucht. Wähle etwas anderes.',
  // Languages.
  'Unknown language code': 'Unbekannter Sprachcode',
  // Anki packages.
  'A package has at most {max} MB': 'Ein Paket hat höchstens {max} MB',
  'Choose an Anki package (.apkg or .colpkg)': 'Wähle ein Anki-Paket (.apkg oder .colpkg)',
  'The file is empty': 'Die Datei ist leer',
  'The file must be sent as base64': 'Die Datei muss als Base64 gesendet werden',
  'Choose a field': 'Wähle ein Feld',
  'Name a note type': 'Nenne einen Notiztyp',
  // CSV and TSV imports.
  'A quoted cell is never closed': 'Eine Zelle in Anführungszeichen wird nie geschlossen',
  'Text after a closing quote; double a quote inside one':
    'Text nach einem schließenden Anführungszeichen; verdopple Anführungszeichen innerhalb einer Zelle',
  'A quote inside a cell that does not start with one; put the whole cell in quotes and double its quotes':
    'Ein Anführungszeichen in einer Zelle, die nicht mit einem beginnt; setze die ganze Zelle in Anführungszeichen und verdopple ihre Anführungszeichen',
  'Name a column of the header row': 'Nenne eine Spalte der Kopfzeile',
  'A column name has at most {max} characters': 'Ein Spaltenname hat höchstens {max} Zeichen',
  'The file is too large': 'Die Datei ist zu groß',
  // Study and its settings.
  'Grade must be 1 (missed), 2 (close), 3 (exact) or 4 (exact and quick)':
    'Die Bewertung muss 1 (falsch), 2 (knapp), 3 (richtig) oder 4 (richtig und schnell) sein',
  '{label} must be at most one day': '{label} darf höchstens einen Tag betragen',
  '{label} must be a date and time in UTC (ISO 8601)':
    '{label} muss Datum und Uhrzeit in UTC sein (ISO 8601)',
  '{label} may hold letters, digits, _ and -':
    '{label} darf Buchstaben, Ziffern, _ und - enthalten',
  'Time zone must be an IANA time zone, such as Europe/Paris':
    'Die Zeitzone muss eine IANA-Zeitzone sein, etwa Europe/Berlin',
  'Enter a number from {min} to {max}': 'Gib eine Zahl von {min} bis {max} ein',
  // The schemas' other messages: whole ones first, then the shapes they share
  // ("<label> must be at most <max> characters"), whose label is looked up below.
  'Locale must be one of {locales}': 'Die Sprache muss eine von {locales} sein',
  'Current password is required': 'Das aktuelle Passwort wird benötigt',
  'Enter a valid e-mail address': 'Gib eine gültige E-Mail-Adresse ein',
  'Password must be at least 8 characters': 'Das Passwort muss mindestens 8 Zeichen lang sein',
  'Username may contain letters, digits, underscores, dots and hyphens':
    'Der Benutzername darf Buchstaben, Ziffern, Unterstriche, Punkte und Bindestriche enthalten',
  'An answer must be text': 'Eine Antwort muss Text sein',
  'An answer cannot be empty': 'Eine Antwort darf nicht leer sein',
  'An answer must be at most {max} characters':
    'Eine Antwort darf höchstens {max} Zeichen lang sein',
  'Give at most {max} accepted answers in all (each ; | or / adds one)':
    'Gib insgesamt höchstens {max} akzeptierte Antworten an (jedes ; | oder / fügt eine hinzu)',
  'Give at least one answer': 'Gib mindestens eine Antwort an',
  'Give at most {max} answers': 'Gib höchstens {max} Antworten an',
  'Give at least one field to change': 'Gib mindestens ein Feld an, das geändert werden soll',
  'Give at least one id': 'Gib mindestens eine ID an',
  'Give at most {max} ids': 'Gib höchstens {max} IDs an',
  'Give at least one candidate': 'Gib mindestens einen Kandidaten an',
  'Give at most {max} candidates': 'Gib höchstens {max} Kandidaten an',
  '{label} is required': '{label} ist ein Pflichtfeld',
  '{label} must be text': '{label} muss Text sein',
  '{label} must be a text': '{label} muss Text sein',
  '{label} must be a list': '{label} muss eine Liste sein',
  '{label} must be a UUID': '{label} muss eine UUID sein',
  '{label} must be a number': '{label} muss eine Zahl sein',
  '{label} must be a whole number': '{label} muss eine ganze Zahl sein',
  '{label} must be at least {min}': '{label} muss mindestens {min} sein',
  '{label} must be at most {max}': '{label} darf höchstens {max} sein',
  '{label} must be at least {min} characters': '{label} muss mindestens {min} Zeichen lang sein',
  '{label} must be at most {max} characters': '{label} darf höchstens {max} Zeichen lang sein',
  '{label} must be true or false': '{label} muss true oder false sein',
  '{label} must be {choices} or {last}': '{label} muss {choices} oder {last} sein',
  // zod's own English messages, for a schema without a message of its own (zod/v4/locales/en):
  // the JSON types and zod's names for what was checked stay as zod writes them.
  'Invalid input: expected {type}, received {received}':
    'Ungültige Eingabe: {type} erwartet, {received} erhalten',
  'Invalid input: expected {value}': 'Ungültige Eingabe: {value} erwartet',
  'Invalid option: expected one of {options}': 'Ungültige Option: eine von {options} erwartet',
  'Too big: expected {origin} to have {limit} {unit}':
    'Zu groß: {origin} sollte {limit} {unit} haben',
  'Too big: expected {origin} to be {limit}': 'Zu groß: {origin} sollte {limit} sein',
  'Too small: expected {origin} to have {limit} {unit}':
    'Zu klein: {origin} sollte {limit} {unit} haben',
  'Too small: expected {origin} to be {limit}': 'Zu klein: {origin} sollte {limit} sein',
  'Invalid string: must match pattern {pattern}':
    'Ungültiger Text: muss dem Muster {pattern} entsprechen',
  'Invalid number: must be a multiple of {divisor}':
    'Ungültige Zahl: muss ein Vielfaches von {divisor} sein',
  'Invalid input: more than one option matched': 'Ungültige Eingabe: mehr als eine Option passt',
  'Invalid key in {origin}': 'Ungültiger Schlüssel in {origin}',
  'Invalid value in {origin}': 'Ungültiger Wert in {origin}',
  'Invalid discriminator value. Expected {options}':
    'Ungültiger Unterscheidungswert. {options} erwartet',
  'Invalid {format}': 'Ungültig: {format}',
  characters: 'Zeichen',
  items: 'Elemente',
  elements: 'Elemente',
  // The labels of those shapes (lowercase ones are field names, kept as they are).
  Username: 'Benutzername',
  'Username or e-mail': 'Benutzername oder E-Mail',
  'E-mail': 'E-Mail',
  Password: 'Passwort',
  'Current password': 'Aktuelles Passwort',
  'Refresh token': 'Erneuerungstoken',
  Token: 'Token',
  Front: 'Vorderseite',
  Answers: 'Antworten',
  Notes: 'Notizen',
  Name: 'Name',
  Description: 'Beschreibung',
  Message: 'Nachricht',
  Page: 'Seite',
  'Time zone': 'Zeitzone',
  'New cards per day': 'Neue Karten pro Tag',
  'Reviews per day': 'Wiederholungen pro Tag',
  'The hour your day starts': 'Die Stunde, in der dein Tag beginnt',
};
