import type { ContractTranslations } from './contract-messages';

/** The contract's messages in Spanish ("tú"), for the server's error envelopes and the web's forms. */
export const translations: ContractTranslations = {
  // The password rule (password-rule.ts).
  'Your password cannot be only spaces: use letters, digits or symbols too.':
    'Tu contraseña no puede ser solo espacios: usa también letras, cifras o símbolos.',
  'Your password is your username with only digits or symbols added, the first thing an attacker tries. Choose something else.':
    'Tu contraseña es tu nombre de usuario con solo cifras o símbolos añadidos, lo primero que prueba un atacante. Elige otra cosa.',
  'Your password is your e-mail address with only digits or symbols added, the first thing an attacker tries. Choose something else.':
    'Tu contraseña es tu dirección de correo con solo cifras o símbolos añadidos, lo primero que prueba un atacante. Elige otra cosa.',
  // Languages.
  'Unknown language code': 'Código de idioma desconocido',
  // Anki packages.
  'A package has at most {max} MB': 'Un paquete tiene como máximo {max} MB',
  'Choose an Anki package (.apkg or .colpkg)': 'Elige un paquete de Anki (.apkg o .colpkg)',
  'The file is empty': 'El archivo está vacío',
  'The file must be sent as base64': 'El archivo debe enviarse en base64',
  'Choose a field': 'Elige un campo',
  'Name a note type': 'Indica un tipo de nota',
  // CSV and TSV imports.
  'A quoted cell is never closed': 'Una celda entre comillas nunca se cierra',
  'Text after a closing quote; double a quote inside one':
    'Hay texto tras unas comillas de cierre; duplica las comillas dentro de una celda',
  'A quote inside a cell that does not start with one; put the whole cell in quotes and double its quotes':
    'Hay comillas dentro de una celda que no empieza con ellas; pon la celda entera entre comillas y duplica sus comillas',
  'Name a column of the header row': 'Indica una columna de la fila de cabecera',
  'A column name has at most {max} characters':
    'Un nombre de columna tiene como máximo {max} caracteres',
  'The file is too large': 'El archivo es demasiado grande',
  // Study and its settings.
  'Grade must be 1 (missed), 2 (close), 3 (exact) or 4 (exact and quick)':
    'La nota debe ser 1 (fallada), 2 (casi), 3 (exacta) o 4 (exacta y rápida)',
  '{label} must be at most one day': '{label} debe ser como máximo un día',
  '{label} must be a date and time in UTC (ISO 8601)':
    '{label} debe ser una fecha y hora en UTC (ISO 8601)',
  '{label} may hold letters, digits, _ and -': '{label} puede contener letras, cifras, _ y -',
  'Time zone must be an IANA time zone, such as Europe/Paris':
    'La zona horaria debe ser una zona IANA, como Europe/Madrid',
  'Enter a number from {min} to {max}': 'Escribe un número de {min} a {max}',
  // The schemas' other messages: whole ones first, then the shapes they share
  // ("<label> must be at most <max> characters"), whose label is looked up below.
  'Locale must be one of {locales}': 'El idioma debe ser uno de {locales}',
  'Current password is required': 'Hace falta la contraseña actual',
  'Enter a valid e-mail address': 'Escribe una dirección de correo válida',
  'Password must be at least 8 characters': 'La contraseña debe tener al menos 8 caracteres',
  'Username may contain letters, digits, underscores, dots and hyphens':
    'El nombre de usuario puede contener letras, cifras, guiones bajos, puntos y guiones',
  'An answer must be text': 'Una respuesta debe ser texto',
  'An answer cannot be empty': 'Una respuesta no puede estar vacía',
  'An answer must be at most {max} characters':
    'Una respuesta debe tener como máximo {max} caracteres',
  'Give at most {max} accepted answers in all (each ; | or / adds one)':
    'Da como máximo {max} respuestas aceptadas en total (cada ; | o / añade una)',
  'Give at least one answer': 'Da al menos una respuesta',
  'Give at most {max} answers': 'Da como máximo {max} respuestas',
  'Give at least one field to change': 'Da al menos un campo que cambiar',
  'Give at least one id': 'Da al menos un id',
  'Give at most {max} ids': 'Da como máximo {max} ids',
  'Give at least one candidate': 'Da al menos un candidato',
  'Give at most {max} candidates': 'Da como máximo {max} candidatos',
  '{label} is required': '{label} es un campo obligatorio',
  '{label} must be text': '{label} debe ser texto',
  '{label} must be a text': '{label} debe ser texto',
  '{label} must be a list': '{label} debe ser una lista',
  '{label} must be a UUID': '{label} debe ser un UUID',
  '{label} must be a number': '{label} debe ser un número',
  '{label} must be a whole number': '{label} debe ser un número entero',
  '{label} must be at least {min}': '{label} debe ser como mínimo {min}',
  '{label} must be at most {max}': '{label} debe ser como máximo {max}',
  '{label} must be at least {min} characters': '{label} debe tener al menos {min} caracteres',
  '{label} must be at most {max} characters': '{label} debe tener como máximo {max} caracteres',
  '{label} must be true or false': '{label} debe ser true o false',
  '{label} must be {choices} or {last}': '{label} debe ser {choices} o {last}',
  // zod's own English messages, for a schema without a message of its own (zod/v4/locales/en):
  // the JSON types and zod's names for what was checked stay as zod writes them.
  'Invalid input: expected {type}, received {received}':
    'Entrada no válida: se esperaba {type} y se ha recibido {received}',
  'Invalid input: expected {value}': 'Entrada no válida: se esperaba {value}',
  'Invalid option: expected one of {options}': 'Opción no válida: se esperaba una de {options}',
  'Too big: expected {origin} to have {limit} {unit}':
    'Demasiado grande: se esperaba que {origin} tuviera {limit} {unit}',
  'Too big: expected {origin} to be {limit}':
    'Demasiado grande: se esperaba que {origin} fuera {limit}',
  'Too small: expected {origin} to have {limit} {unit}':
    'Demasiado pequeño: se esperaba que {origin} tuviera {limit} {unit}',
  'Too small: expected {origin} to be {limit}':
    'Demasiado pequeño: se esperaba que {origin} fuera {limit}',
  'Invalid string: must match pattern {pattern}':
    'Texto no válido: debe seguir el patrón {pattern}',
  'Invalid number: must be a multiple of {divisor}':
    'Número no válido: debe ser múltiplo de {divisor}',
  'Invalid input: more than one option matched': 'Entrada no válida: coincide más de una opción',
  'Invalid key in {origin}': 'Clave no válida en {origin}',
  'Invalid value in {origin}': 'Valor no válido en {origin}',
  'Invalid discriminator value. Expected {options}':
    'Valor discriminante no válido. Se esperaba {options}',
  'Invalid {format}': '{format} no válido',
  characters: 'caracteres',
  items: 'elementos',
  elements: 'elementos',
  // The labels of those shapes (lowercase ones are field names, kept as they are).
  Username: 'Nombre de usuario',
  'Username or e-mail': 'Nombre de usuario o correo',
  'E-mail': 'Correo',
  Password: 'Contraseña',
  'Current password': 'Contraseña actual',
  'Refresh token': 'Token de renovación',
  Token: 'Token',
  Front: 'Anverso',
  Answers: 'Respuestas',
  Notes: 'Notas',
  Name: 'Nombre',
  Description: 'Descripción',
  Message: 'Mensaje',
  Page: 'Página',
  'Time zone': 'Zona horaria',
  'New cards per day': 'Tarjetas nuevas al día',
  'Reviews per day': 'Repasos al día',
  'The hour your day starts': 'La hora a la que empieza tu día',
};
