import type { ContractTranslations } from './contract-messages';

/** The contract's messages in French ("vous"), for the server's error envelopes and the web's forms. */
export const translations: ContractTranslations = {
  // The password rule (password-rule.ts).
  'Your password cannot be only spaces: use letters, digits or symbols too.':
    'Votre mot de passe ne peut pas être fait que d’espaces : utilisez aussi des lettres, des chiffres ou des symboles.',
  'Your password is your username with only digits or symbols added, the first thing an attacker tries. Choose something else.':
    'Votre mot de passe est votre nom d’utilisateur avec seulement des chiffres ou des symboles ajoutés, la première chose qu’un attaquant essaie. Choisissez autre chose.',
  'Your password is your e-mail address with only digits or symbols added, the first thing an attacker tries. Choose something else.':
    'Votre mot de passe est votre adresse e-mail avec seulement des chiffres ou des symboles ajoutés, la première chose qu’un attaquant essaie. Choisissez autre chose.',
  // Languages.
  'Unknown language code': 'Code de langue inconnu',
  // Anki packages.
  'A package has at most {max} MB': 'Un paquet fait au plus {max} Mo',
  'Choose an Anki package (.apkg or .colpkg)': 'Choisissez un paquet Anki (.apkg ou .colpkg)',
  'The file is empty': 'Le fichier est vide',
  'The file must be sent as base64': 'Le fichier doit être envoyé en base64',
  'Choose a field': 'Choisissez un champ',
  'Name a note type': 'Indiquez un type de note',
  // CSV and TSV imports.
  'A quoted cell is never closed': 'Une cellule entre guillemets n’est jamais fermée',
  'Text after a closing quote; double a quote inside one':
    'Du texte suit un guillemet fermant ; doublez les guillemets à l’intérieur d’une cellule',
  'A quote inside a cell that does not start with one; put the whole cell in quotes and double its quotes':
    'Un guillemet dans une cellule qui n’en commence pas par un ; mettez toute la cellule entre guillemets et doublez ses guillemets',
  'Name a column of the header row': 'Indiquez une colonne de la ligne d’en-tête',
  'A column name has at most {max} characters': 'Un nom de colonne a au plus {max} caractères',
  'The file is too large': 'Le fichier est trop volumineux',
  // Study and its settings.
  'Grade must be 1 (missed), 2 (close), 3 (exact) or 4 (exact and quick)':
    'La note doit être 1 (ratée), 2 (presque), 3 (exacte) ou 4 (exacte et rapide)',
  '{label} must be at most one day': '{label} doit valoir au plus un jour',
  '{label} must be a date and time in UTC (ISO 8601)':
    '{label} doit être une date et une heure en UTC (ISO 8601)',
  '{label} may hold letters, digits, _ and -':
    '{label} peut contenir des lettres, des chiffres, _ et -',
  'Time zone must be an IANA time zone, such as Europe/Paris':
    'Le fuseau horaire doit être un fuseau IANA, comme Europe/Paris',
  'Enter a number from {min} to {max}': 'Saisissez un nombre de {min} à {max}',
  // The schemas' other messages: whole ones first, then the shapes they share
  // ("<label> must be at most <max> characters"), whose label is looked up below.
  'Locale must be one of {locales}': 'La langue doit être l’une de {locales}',
  'Current password is required': 'Le mot de passe actuel est requis',
  'Enter a valid e-mail address': 'Saisissez une adresse e-mail valide',
  'Password must be at least 8 characters': 'Le mot de passe doit comporter au moins 8 caractères',
  'Username may contain letters, digits, underscores, dots and hyphens':
    'Le nom d’utilisateur peut contenir des lettres, des chiffres, des tirets bas, des points et des tirets',
  'An answer must be text': 'Une réponse doit être du texte',
  'An answer cannot be empty': 'Une réponse ne peut pas être vide',
  'An answer must be at most {max} characters':
    'Une réponse doit comporter au plus {max} caractères',
  'Give at most {max} accepted answers in all (each ; | or / adds one)':
    'Donnez au plus {max} réponses acceptées en tout (chaque ; | ou / en ajoute une)',
  'Give at least one answer': 'Donnez au moins une réponse',
  'Give at most {max} answers': 'Donnez au plus {max} réponses',
  'Give at least one field to change': 'Donnez au moins un champ à modifier',
  'Give at least one id': 'Donnez au moins un id',
  'Give at most {max} ids': 'Donnez au plus {max} ids',
  'Give at least one candidate': 'Donnez au moins un candidat',
  'Give at most {max} candidates': 'Donnez au plus {max} candidats',
  '{label} is required': '{label} est un champ obligatoire',
  '{label} must be text': '{label} doit être du texte',
  '{label} must be a text': '{label} doit être du texte',
  '{label} must be a list': '{label} doit être une liste',
  '{label} must be a UUID': '{label} doit être un UUID',
  '{label} must be a number': '{label} doit être un nombre',
  '{label} must be a whole number': '{label} doit être un nombre entier',
  '{label} must be at least {min}': '{label} doit valoir au moins {min}',
  '{label} must be at most {max}': '{label} doit valoir au plus {max}',
  '{label} must be at least {min} characters': '{label} doit comporter au moins {min} caractères',
  '{label} must be at most {max} characters': '{label} doit comporter au plus {max} caractères',
  '{label} must be true or false': '{label} doit valoir true ou false',
  '{label} must be {choices} or {last}': '{label} doit valoir {choices} ou {last}',
  // zod's own English messages, for a schema without a message of its own (zod/v4/locales/en):
  // the JSON types and zod's names for what was checked stay as zod writes them.
  'Invalid input: expected {type}, received {received}':
    'Entrée non valide : {type} attendu, {received} reçu',
  'Invalid input: expected {value}': 'Entrée non valide : {value} attendu',
  'Invalid option: expected one of {options}': 'Option non valide : une de {options} attendue',
  'Too big: expected {origin} to have {limit} {unit}':
    'Trop grand : {origin} devait avoir {limit} {unit}',
  'Too big: expected {origin} to be {limit}': 'Trop grand : {origin} devait être {limit}',
  'Too small: expected {origin} to have {limit} {unit}':
    'Trop petit : {origin} devait avoir {limit} {unit}',
  'Too small: expected {origin} to be {limit}': 'Trop petit : {origin} devait être {limit}',
  'Invalid string: must match pattern {pattern}':
    'Texte non valide : doit suivre le motif {pattern}',
  'Invalid number: must be a multiple of {divisor}':
    'Nombre non valide : doit être un multiple de {divisor}',
  'Invalid input: more than one option matched':
    'Entrée non valide : plusieurs options correspondent',
  'Invalid key in {origin}': 'Clé non valide dans {origin}',
  'Invalid value in {origin}': 'Valeur non valide dans {origin}',
  'Invalid discriminator value. Expected {options}':
    'Valeur discriminante non valide. {options} attendu',
  'Invalid {format}': '{format} non valide',
  characters: 'caractères',
  items: 'éléments',
  elements: 'éléments',
  // The labels of those shapes (lowercase ones are field names, kept as they are).
  Username: 'Nom d’utilisateur',
  'Username or e-mail': 'Nom d’utilisateur ou e-mail',
  'E-mail': 'E-mail',
  Password: 'Mot de passe',
  'Current password': 'Mot de passe actuel',
  'Refresh token': 'Jeton de renouvellement',
  Token: 'Jeton',
  Front: 'Recto',
  Answers: 'Réponses',
  Notes: 'Notes',
  Name: 'Nom',
  Description: 'Description',
  Message: 'Message',
  Page: 'Page',
  'Time zone': 'Fuseau horaire',
  'New cards per day': 'Nouvelles cartes par jour',
  'Reviews per day': 'Révisions par jour',
  'The hour your day starts': 'L’heure à laquelle votre journée commence',
};
