import type { TranslatedLocale } from '@glossa/contract/messages';

/** The three translations of one message; a missing one is a type error. */
export type Translations = Record<TranslatedLocale, string>;

/**
 * Every message the server's own code can put in an error envelope, English (the source, byte for
 * byte what the services say) to Spanish ("tú"), French ("vous") and German ("du"), as the web
 * catalogs (decision 0037). The contract's messages (its schemas', their shapes and labels, zod's
 * own) are the contract's tables, packages/contract/src/messages, which the web's forms load too;
 * error-messages.ts looks a message up in both. `{name}` stands for a part that varies: a number,
 * a name, a field. The parts named `label`, `what`, `wait`, `refusal`, `unit` and `message` are
 * themselves looked up (a field's label, a composed message), numbers are written the language's
 * way, anything else is kept as it is. error-messages.test.ts checks that every message in the
 * server's and the contract's source has an entry, and that each translation keeps the English
 * placeholders.
 */
export const errorCatalog: Record<string, Translations> = {
  // The envelope's own messages (http/error-handler.ts and friends).
  'Sign in to continue': {
    es: 'Inicia sesión para continuar',
    fr: 'Connectez-vous pour continuer',
    de: 'Melde dich an, um fortzufahren',
  },
  'Not found': { es: 'No encontrado', fr: 'Introuvable', de: 'Nicht gefunden' },
  'No API call {method} {path}': {
    es: 'No existe la llamada {method} {path}',
    fr: 'Aucun appel d’API {method} {path}',
    de: 'Keinen API-Aufruf {method} {path}',
  },
  'Invalid input': { es: 'Datos no válidos', fr: 'Données non valides', de: 'Ungültige Eingabe' },
  'Invalid request': {
    es: 'Solicitud no válida',
    fr: 'Requête non valide',
    de: 'Ungültige Anfrage',
  },
  'Invalid value': { es: 'Valor no válido', fr: 'Valeur non valide', de: 'Ungültiger Wert' },
  'Unknown field {field}': {
    es: 'Campo desconocido: {field}',
    fr: 'Champ inconnu : {field}',
    de: 'Unbekanntes Feld: {field}',
  },
  // The first issue of a validation failure, "path: message": the path as the code spells it.
  '{field}: {message}': {
    es: '{field}: {message}',
    fr: '{field}: {message}',
    de: '{field}: {message}',
  },
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
  'An HTTP/1.1 request must send the Host header': {
    es: 'Una solicitud HTTP/1.1 debe enviar la cabecera Host',
    fr: 'Une requête HTTP/1.1 doit envoyer l’en-tête Host',
    de: 'Eine HTTP/1.1-Anfrage muss den Host-Header senden',
  },
  'The address holds a % escape that is not valid': {
    es: 'La dirección contiene un escape % no válido',
    fr: 'L’adresse contient un échappement % non valide',
    de: 'Die Adresse enthält eine ungültige %-Kodierung',
  },
  'A part of the address is too long': {
    es: 'Una parte de la dirección es demasiado larga',
    fr: 'Une partie de l’adresse est trop longue',
    de: 'Ein Teil der Adresse ist zu lang',
  },
  'The request headers are too large': {
    es: 'Las cabeceras de la solicitud son demasiado grandes',
    fr: 'Les en-têtes de la requête sont trop volumineux',
    de: 'Die Header der Anfrage sind zu groß',
  },
  'The request took too long to arrive': {
    es: 'La solicitud ha tardado demasiado en llegar',
    fr: 'La requête a mis trop de temps à arriver',
    de: 'Die Anfrage hat zu lange gebraucht',
  },
  'The request is not valid HTTP': {
    es: 'La solicitud no es HTTP válido',
    fr: 'La requête n’est pas du HTTP valide',
    de: 'Die Anfrage ist kein gültiges HTTP',
  },
  'The body may nest arrays and objects at most {max} deep': {
    es: 'El cuerpo puede anidar listas y objetos hasta {max} niveles como máximo',
    fr: 'Le corps peut imbriquer listes et objets sur {max} niveaux au plus',
    de: 'Der Inhalt darf Listen und Objekte höchstens {max} Ebenen tief verschachteln',
  },
  'Text may not contain the NUL character': {
    es: 'El texto no puede contener el carácter NUL',
    fr: 'Le texte ne peut pas contenir le caractère NUL',
    de: 'Text darf das NUL-Zeichen nicht enthalten',
  },
  'This cursor is not valid for this list': {
    es: 'Este cursor no es válido para esta lista',
    fr: 'Ce curseur n’est pas valide pour cette liste',
    de: 'Dieser Cursor gilt nicht für diese Liste',
  },
  'Too many requests: try again in {seconds} seconds': {
    es: 'Demasiadas solicitudes: vuelve a intentarlo dentro de {seconds} segundos',
    fr: 'Trop de requêtes : réessayez dans {seconds} secondes',
    de: 'Zu viele Anfragen: Versuche es in {seconds} Sekunden erneut',
  },
  'Too many answers at once: try again in a second': {
    es: 'Demasiadas respuestas a la vez: vuelve a intentarlo dentro de un segundo',
    fr: 'Trop de réponses à la fois : réessayez dans une seconde',
    de: 'Zu viele Antworten auf einmal: Versuche es in einer Sekunde erneut',
  },
  'Open this address as a websocket': {
    es: 'Abre esta dirección como websocket',
    fr: 'Ouvrez cette adresse en websocket',
    de: 'Öffne diese Adresse als Websocket',
  },
  'This address takes no websocket connection': {
    es: 'Esta dirección no acepta conexiones websocket',
    fr: 'Cette adresse n’accepte pas de connexion websocket',
    de: 'Diese Adresse nimmt keine Websocket-Verbindung an',
  },

  // Administration.
  'Only administrators may do this': {
    es: 'Solo los administradores pueden hacer esto',
    fr: 'Seuls les administrateurs peuvent faire cela',
    de: 'Nur Administratoren dürfen das',
  },
  'You cannot change the role of your own account: ask another admin': {
    es: 'No puedes cambiar el rol de tu propia cuenta: pídeselo a otro administrador',
    fr: 'Vous ne pouvez pas changer le rôle de votre propre compte : demandez à un autre administrateur',
    de: 'Du kannst die Rolle deines eigenen Kontos nicht ändern: Bitte einen anderen Admin',
  },
  'You cannot disable your own account: ask another admin': {
    es: 'No puedes desactivar tu propia cuenta: pídeselo a otro administrador',
    fr: 'Vous ne pouvez pas désactiver votre propre compte : demandez à un autre administrateur',
    de: 'Du kannst dein eigenes Konto nicht deaktivieren: Bitte einen anderen Admin',
  },
  'You cannot delete your own account: ask another admin': {
    es: 'No puedes borrar tu propia cuenta: pídeselo a otro administrador',
    fr: 'Vous ne pouvez pas supprimer votre propre compte : demandez à un autre administrateur',
    de: 'Du kannst dein eigenes Konto nicht löschen: Bitte einen anderen Admin',
  },
  'This is the last admin: make another admin first': {
    es: 'Es el último administrador: nombra antes a otro',
    fr: 'C’est le dernier administrateur : nommez-en d’abord un autre',
    de: 'Das ist der letzte Admin: Ernenne zuerst einen anderen',
  },
  'Type the username exactly as shown: {username}': {
    es: 'Escribe el nombre de usuario exactamente como se muestra: {username}',
    fr: 'Saisissez le nom d’utilisateur exactement comme affiché : {username}',
    de: 'Gib den Benutzernamen genau wie angezeigt ein: {username}',
  },
  'This user does not exist': {
    es: 'Este usuario no existe',
    fr: 'Cet utilisateur n’existe pas',
    de: 'Diesen Benutzer gibt es nicht',
  },

  // Signing in, sessions, accounts.
  'The username, e-mail or password is not correct': {
    es: 'El nombre de usuario, el correo o la contraseña no son correctos',
    fr: 'Le nom d’utilisateur, l’e-mail ou le mot de passe est incorrect',
    de: 'Benutzername, E-Mail oder Passwort stimmt nicht',
  },
  'This sign-in has ended: sign in again to continue': {
    es: 'Esta sesión ha terminado: vuelve a iniciar sesión para continuar',
    fr: 'Cette connexion a pris fin : reconnectez-vous pour continuer',
    de: 'Diese Anmeldung ist beendet: Melde dich erneut an, um fortzufahren',
  },
  'This account is disabled: contact the administrators': {
    es: 'Esta cuenta está desactivada: contacta con los administradores',
    fr: 'Ce compte est désactivé : contactez les administrateurs',
    de: 'Dieses Konto ist deaktiviert: Wende dich an die Administratoren',
  },
  'No such session': {
    es: 'No existe esa sesión',
    fr: 'Cette session n’existe pas',
    de: 'Diese Sitzung gibt es nicht',
  },
  'Too many failed sign-ins: try again in {seconds} seconds, or reset your password': {
    es: 'Demasiados inicios de sesión fallidos: vuelve a intentarlo dentro de {seconds} segundos o restablece tu contraseña',
    fr: 'Trop de connexions échouées : réessayez dans {seconds} secondes, ou réinitialisez votre mot de passe',
    de: 'Zu viele fehlgeschlagene Anmeldungen: Versuche es in {seconds} Sekunden erneut oder setze dein Passwort zurück',
  },
  'The token has expired': {
    es: 'El token ha caducado',
    fr: 'Le jeton a expiré',
    de: 'Das Token ist abgelaufen',
  },
  'This account is gone': {
    es: 'Esta cuenta ya no existe',
    fr: 'Ce compte n’existe plus',
    de: 'Dieses Konto gibt es nicht mehr',
  },
  'Send at least one field to change': {
    es: 'Envía al menos un campo que cambiar',
    fr: 'Envoyez au moins un champ à modifier',
    de: 'Sende mindestens ein Feld, das geändert werden soll',
  },
  'This address now belongs to another account: ask for another change.': {
    es: 'Esta dirección pertenece ahora a otra cuenta: pide otro cambio.',
    fr: 'Cette adresse appartient maintenant à un autre compte : demandez un autre changement.',
    de: 'Diese Adresse gehört jetzt zu einem anderen Konto: Fordere eine andere Änderung an.',
  },
  'This username is taken, or looks just like one that is: choose another': {
    es: 'Este nombre de usuario está ocupado o se parece demasiado a uno que lo está: elige otro',
    fr: 'Ce nom d’utilisateur est pris, ou ressemble trop à un nom pris : choisissez-en un autre',
    de: 'Dieser Benutzername ist vergeben oder sieht einem vergebenen zum Verwechseln ähnlich: Wähle einen anderen',
  },
  'Enter your current password to make this change': {
    es: 'Escribe tu contraseña actual para hacer este cambio',
    fr: 'Saisissez votre mot de passe actuel pour faire ce changement',
    de: 'Gib dein aktuelles Passwort ein, um das zu ändern',
  },
  'The current password is not correct': {
    es: 'La contraseña actual no es correcta',
    fr: 'Le mot de passe actuel est incorrect',
    de: 'Das aktuelle Passwort stimmt nicht',
  },
  'This password is among the most common ones and easy to guess: choose another': {
    es: 'Esta contraseña es de las más comunes y fácil de adivinar: elige otra',
    fr: 'Ce mot de passe fait partie des plus courants et se devine facilement : choisissez-en un autre',
    de: 'Dieses Passwort gehört zu den häufigsten und ist leicht zu erraten: Wähle ein anderes',
  },

  // Account rate limits: "<refusal>: try again in <wait>."
  '{refusal}: try again in {wait}.': {
    es: '{refusal}: vuelve a intentarlo dentro de {wait}.',
    fr: '{refusal} : réessayez dans {wait}.',
    de: '{refusal}: Versuche es in {wait} erneut.',
  },
  'You made many changes to your account in a short time': {
    es: 'Has hecho muchos cambios en tu cuenta en poco tiempo',
    fr: 'Vous avez fait beaucoup de changements sur votre compte en peu de temps',
    de: 'Du hast in kurzer Zeit viele Änderungen an deinem Konto vorgenommen',
  },
  'Many e-mails were asked for this account in a short time': {
    es: 'Se han pedido muchos correos para esta cuenta en poco tiempo',
    fr: 'Beaucoup d’e-mails ont été demandés pour ce compte en peu de temps',
    de: 'Für dieses Konto wurden in kurzer Zeit viele E-Mails angefordert',
  },
  'Many e-mails were asked for this address in a short time': {
    es: 'Se han pedido muchos correos para esta dirección en poco tiempo',
    fr: 'Beaucoup d’e-mails ont été demandés pour cette adresse en peu de temps',
    de: 'Für diese Adresse wurden in kurzer Zeit viele E-Mails angefordert',
  },
  '{seconds} seconds': {
    es: '{seconds} segundos',
    fr: '{seconds} secondes',
    de: '{seconds} Sekunden',
  },
  'about {minutes} minutes': {
    es: 'unos {minutes} minutos',
    fr: 'environ {minutes} minutes',
    de: 'etwa {minutes} Minuten',
  },

  // Verification, password reset and e-mail change links.
  'No change of e-mail address is waiting': {
    es: 'No hay ningún cambio de dirección de correo pendiente',
    fr: 'Aucun changement d’adresse e-mail n’est en attente',
    de: 'Es wartet keine Änderung der E-Mail-Adresse',
  },
  'This link is not valid any more.': {
    es: 'Este enlace ya no es válido.',
    fr: 'Ce lien n’est plus valide.',
    de: 'Dieser Link ist nicht mehr gültig.',
  },
  'This link is not valid. Check that you copied all of it, or ask for a new one.': {
    es: 'Este enlace no es válido. Comprueba que lo has copiado entero o pide uno nuevo.',
    fr: 'Ce lien n’est pas valide. Vérifiez que vous l’avez copié en entier, ou demandez-en un nouveau.',
    de: 'Dieser Link ist ungültig. Prüfe, ob du ihn vollständig kopiert hast, oder fordere einen neuen an.',
  },
  'This link has already been used or was replaced by a newer one.': {
    es: 'Este enlace ya se ha usado o lo ha sustituido uno más reciente.',
    fr: 'Ce lien a déjà servi ou a été remplacé par un plus récent.',
    de: 'Dieser Link wurde schon benutzt oder durch einen neueren ersetzt.',
  },
  'This link has expired. Ask for a new one.': {
    es: 'Este enlace ha caducado. Pide uno nuevo.',
    fr: 'Ce lien a expiré. Demandez-en un nouveau.',
    de: 'Dieser Link ist abgelaufen. Fordere einen neuen an.',
  },
  'This link was sent to an address that is no longer the one on the account. Ask for a new one.': {
    es: 'Este enlace se envió a una dirección que ya no es la de la cuenta. Pide uno nuevo.',
    fr: 'Ce lien a été envoyé à une adresse qui n’est plus celle du compte. Demandez-en un nouveau.',
    de: 'Dieser Link ging an eine Adresse, die nicht mehr die des Kontos ist. Fordere einen neuen an.',
  },
  'Your e-mail address is already verified': {
    es: 'Tu dirección de correo ya está verificada',
    fr: 'Votre adresse e-mail est déjà vérifiée',
    de: 'Deine E-Mail-Adresse ist bereits bestätigt',
  },
  'This e-mail address is already verified': {
    es: 'Esta dirección de correo ya está verificada',
    fr: 'Cette adresse e-mail est déjà vérifiée',
    de: 'Diese E-Mail-Adresse ist bereits bestätigt',
  },

  // Cards.
  'Card not found': {
    es: 'Tarjeta no encontrada',
    fr: 'Carte introuvable',
    de: 'Karte nicht gefunden',
  },
  'You may read this card but not change it': {
    es: 'Puedes leer esta tarjeta, pero no cambiarla',
    fr: 'Vous pouvez lire cette carte, mais pas la modifier',
    de: 'Du darfst diese Karte lesen, aber nicht ändern',
  },
  'Some cards were not found': {
    es: 'Algunas tarjetas no se han encontrado',
    fr: 'Certaines cartes sont introuvables',
    de: 'Einige Karten wurden nicht gefunden',
  },
  'A card can only move between categories of its owner': {
    es: 'Una tarjeta solo puede moverse entre categorías de su propietario',
    fr: 'Une carte ne peut passer que d’une catégorie à l’autre de son propriétaire',
    de: 'Eine Karte kann nur zwischen Kategorien ihres Besitzers verschoben werden',
  },
  'Only the owner of a card may take it out of its category': {
    es: 'Solo el propietario de una tarjeta puede sacarla de su categoría',
    fr: 'Seul le propriétaire d’une carte peut la sortir de sa catégorie',
    de: 'Nur der Besitzer einer Karte darf sie aus ihrer Kategorie nehmen',
  },
  'An owner can have at most {max} cards ({owned} now, adding {adding})': {
    es: 'Un propietario puede tener como máximo {max} tarjetas ({owned} ahora, {adding} más)',
    fr: 'Un propriétaire peut avoir au plus {max} cartes ({owned} actuellement, {adding} en plus)',
    de: 'Ein Besitzer kann höchstens {max} Karten haben ({owned} jetzt, {adding} dazu)',
  },
  'This card was changed elsewhere since you opened it (it is at version {version} now): reload it and apply your change again':
    {
      es: 'Esta tarjeta se ha cambiado en otro sitio desde que la abriste (ahora está en la versión {version}): vuelve a cargarla y aplica otra vez tu cambio',
      fr: 'Cette carte a été modifiée ailleurs depuis que vous l’avez ouverte (elle est maintenant à la version {version}) : rechargez-la et refaites votre modification',
      de: 'Diese Karte wurde woanders geändert, seit du sie geöffnet hast (sie ist jetzt bei Version {version}): Lade sie neu und nimm deine Änderung erneut vor',
    },
  'A card this file updates changed meanwhile: import it again': {
    es: 'Una tarjeta que este archivo actualiza ha cambiado mientras tanto: vuelve a importarlo',
    fr: 'Une carte que ce fichier met à jour a changé entre-temps : importez-le de nouveau',
    de: 'Eine Karte, die diese Datei aktualisiert, hat sich inzwischen geändert: Importiere sie erneut',
  },

  // Categories, members, invitations, decks.
  'Category not found': {
    es: 'Categoría no encontrada',
    fr: 'Catégorie introuvable',
    de: 'Kategorie nicht gefunden',
  },
  'This category was deleted': {
    es: 'Esta categoría se ha borrado',
    fr: 'Cette catégorie a été supprimée',
    de: 'Diese Kategorie wurde gelöscht',
  },
  'A category with this name already exists here': {
    es: 'Ya existe aquí una categoría con este nombre',
    fr: 'Une catégorie de ce nom existe déjà ici',
    de: 'Hier gibt es schon eine Kategorie mit diesem Namen',
  },
  'Categories can be at most {max} levels deep': {
    es: 'Las categorías pueden tener como máximo {max} niveles',
    fr: 'Les catégories peuvent avoir au plus {max} niveaux',
    de: 'Kategorien können höchstens {max} Ebenen tief sein',
  },
  'An owner can have at most {max} categories ({owned} now, adding {adding})': {
    es: 'Un propietario puede tener como máximo {max} categorías ({owned} ahora, {adding} más)',
    fr: 'Un propriétaire peut avoir au plus {max} catégories ({owned} actuellement, {adding} en plus)',
    de: 'Ein Besitzer kann höchstens {max} Kategorien haben ({owned} jetzt, {adding} dazu)',
  },
  'This category was changed elsewhere since you opened it (it is at version {version} now): reload it and apply your change again':
    {
      es: 'Esta categoría se ha cambiado en otro sitio desde que la abriste (ahora está en la versión {version}): vuelve a cargarla y aplica otra vez tu cambio',
      fr: 'Cette catégorie a été modifiée ailleurs depuis que vous l’avez ouverte (elle est maintenant à la version {version}) : rechargez-la et refaites votre modification',
      de: 'Diese Kategorie wurde woanders geändert, seit du sie geöffnet hast (sie ist jetzt bei Version {version}): Lade sie neu und nimm deine Änderung erneut vor',
    },
  'A category cannot hold itself': {
    es: 'Una categoría no puede contenerse a sí misma',
    fr: 'Une catégorie ne peut pas se contenir elle-même',
    de: 'Eine Kategorie kann sich nicht selbst enthalten',
  },
  'A category cannot move under one of its own sub-categories': {
    es: 'Una categoría no puede moverse bajo una de sus propias subcategorías',
    fr: 'Une catégorie ne peut pas passer sous une de ses propres sous-catégories',
    de: 'Eine Kategorie kann nicht unter eine ihrer eigenen Unterkategorien verschoben werden',
  },
  'Join this category to study it': {
    es: 'Únete a esta categoría para estudiarla',
    fr: 'Rejoignez cette catégorie pour la réviser',
    de: 'Tritt dieser Kategorie bei, um sie zu lernen',
  },
  'Only the owner of this category may do this': {
    es: 'Solo el propietario de esta categoría puede hacer esto',
    fr: 'Seul le propriétaire de cette catégorie peut faire cela',
    de: 'Nur der Besitzer dieser Kategorie darf das',
  },
  'Only the owner of this category may create sub-categories; "{path}" does not exist': {
    es: 'Solo el propietario de esta categoría puede crear subcategorías; «{path}» no existe',
    fr: 'Seul le propriétaire de cette catégorie peut créer des sous-catégories ; « {path} » n’existe pas',
    de: 'Nur der Besitzer dieser Kategorie darf Unterkategorien anlegen; „{path}“ gibt es nicht',
  },
  'Only the owner may create sub-categories': {
    es: 'Solo el propietario puede crear subcategorías',
    fr: 'Seul le propriétaire peut créer des sous-catégories',
    de: 'Nur der Besitzer darf Unterkategorien anlegen',
  },
  'You may not add cards to one of these categories': {
    es: 'No puedes añadir tarjetas a una de estas categorías',
    fr: 'Vous ne pouvez pas ajouter de cartes à l’une de ces catégories',
    de: 'Du darfst einer dieser Kategorien keine Karten hinzufügen',
  },
  'You may not add cards to this category': {
    es: 'No puedes añadir tarjetas a esta categoría',
    fr: 'Vous ne pouvez pas ajouter de cartes à cette catégorie',
    de: 'Du darfst dieser Kategorie keine Karten hinzufügen',
  },
  'Deck not found': {
    es: 'Mazo no encontrado',
    fr: 'Paquet introuvable',
    de: 'Stapel nicht gefunden',
  },
  'This deck is yours: you study it already': {
    es: 'Este mazo es tuyo: ya lo estudias',
    fr: 'Ce paquet est à vous : vous le révisez déjà',
    de: 'Dieser Stapel gehört dir: Du lernst ihn schon',
  },
  'A learner can join at most {max} decks: leave one first': {
    es: 'Se puede seguir como máximo {max} mazos: deja uno antes',
    fr: 'On peut rejoindre au plus {max} paquets : quittez-en un d’abord',
    de: 'Man kann höchstens {max} Stapeln beitreten: Verlasse zuerst einen',
  },
  'Invitation not found': {
    es: 'Invitación no encontrada',
    fr: 'Invitation introuvable',
    de: 'Einladung nicht gefunden',
  },
  'You can send at most {max} invitations in 24 hours: try again in {minutes} minutes': {
    es: 'Puedes enviar como máximo {max} invitaciones en 24 horas: vuelve a intentarlo dentro de {minutes} minutos',
    fr: 'Vous pouvez envoyer au plus {max} invitations en 24 heures : réessayez dans {minutes} minutes',
    de: 'Du kannst höchstens {max} Einladungen in 24 Stunden senden: Versuche es in {minutes} Minuten erneut',
  },
  'A category can have at most {max} members, waiting invitations included: remove a member or cancel an invitation first':
    {
      es: 'Una categoría puede tener como máximo {max} miembros, invitaciones pendientes incluidas: quita antes un miembro o cancela una invitación',
      fr: 'Une catégorie peut avoir au plus {max} membres, invitations en attente comprises : retirez d’abord un membre ou annulez une invitation',
      de: 'Eine Kategorie kann höchstens {max} Mitglieder haben, wartende Einladungen eingeschlossen: Entferne zuerst ein Mitglied oder ziehe eine Einladung zurück',
    },
  'This learner has a waiting invitation already': {
    es: 'Esta persona ya tiene una invitación pendiente',
    fr: 'Cette personne a déjà une invitation en attente',
    de: 'Diese Person hat schon eine wartende Einladung',
  },
  'Share the category (shared or public) before inviting members': {
    es: 'Comparte la categoría (compartida o pública) antes de invitar a miembros',
    fr: 'Partagez la catégorie (partagée ou publique) avant d’inviter des membres',
    de: 'Teile die Kategorie (geteilt oder öffentlich), bevor du Mitglieder einlädst',
  },
  'No user with this username': {
    es: 'Ningún usuario tiene este nombre de usuario',
    fr: 'Aucun utilisateur n’a ce nom',
    de: 'Kein Benutzer hat diesen Benutzernamen',
  },
  'You own this category already': {
    es: 'Ya eres el propietario de esta categoría',
    fr: 'Vous êtes déjà propriétaire de cette catégorie',
    de: 'Diese Kategorie gehört dir schon',
  },
  'This learner is a member already': {
    es: 'Esta persona ya es miembro',
    fr: 'Cette personne est déjà membre',
    de: 'Diese Person ist schon Mitglied',
  },
  'This invitation was answered meanwhile': {
    es: 'Esta invitación se ha respondido mientras tanto',
    fr: 'Cette invitation a reçu une réponse entre-temps',
    de: 'Diese Einladung wurde inzwischen beantwortet',
  },
  'This invitation was accepted already': {
    es: 'Esta invitación ya se aceptó',
    fr: 'Cette invitation a déjà été acceptée',
    de: 'Diese Einladung wurde schon angenommen',
  },
  'This invitation was declined': {
    es: 'Esta invitación se rechazó',
    fr: 'Cette invitation a été refusée',
    de: 'Diese Einladung wurde abgelehnt',
  },
  'This invitation was cancelled by the owner': {
    es: 'El propietario canceló esta invitación',
    fr: 'Le propriétaire a annulé cette invitation',
    de: 'Der Besitzer hat diese Einladung zurückgezogen',
  },
  'Only the invited learner may answer this invitation': {
    es: 'Solo la persona invitada puede responder a esta invitación',
    fr: 'Seule la personne invitée peut répondre à cette invitation',
    de: 'Nur die eingeladene Person darf diese Einladung beantworten',
  },
  'The owner made this category private: the invitation waits until it is shared again': {
    es: 'El propietario ha hecho privada esta categoría: la invitación espera hasta que se vuelva a compartir',
    fr: 'Le propriétaire a rendu cette catégorie privée : l’invitation attend qu’elle soit de nouveau partagée',
    de: 'Der Besitzer hat diese Kategorie privat gemacht: Die Einladung wartet, bis sie wieder geteilt wird',
  },
  'Member not found': {
    es: 'Miembro no encontrado',
    fr: 'Membre introuvable',
    de: 'Mitglied nicht gefunden',
  },
  'Only members see the member list': {
    es: 'Solo los miembros ven la lista de miembros',
    fr: 'Seuls les membres voient la liste des membres',
    de: 'Nur Mitglieder sehen die Mitgliederliste',
  },
  'The owner cannot leave their category': {
    es: 'El propietario no puede dejar su categoría',
    fr: 'Le propriétaire ne peut pas quitter sa catégorie',
    de: 'Der Besitzer kann seine Kategorie nicht verlassen',
  },
  'You are not a member of this category itself': {
    es: 'No eres miembro de esta categoría en sí',
    fr: 'Vous n’êtes pas membre de cette catégorie elle-même',
    de: 'Du bist nicht Mitglied dieser Kategorie selbst',
  },
  'The copy was deleted or moved while it was being made': {
    es: 'La copia se ha borrado o movido mientras se hacía',
    fr: 'La copie a été supprimée ou déplacée pendant sa création',
    de: 'Die Kopie wurde gelöscht oder verschoben, während sie entstand',
  },
  'This copy is being made: follow its progress instead': {
    es: 'Esta copia se está haciendo: sigue su progreso',
    fr: 'Cette copie est en cours : suivez plutôt sa progression',
    de: 'Diese Kopie entsteht gerade: Verfolge stattdessen ihren Fortschritt',
  },
  'No copy of yours with this id is being made or ended recently': {
    es: 'Ninguna copia tuya con este id se está haciendo ni ha terminado hace poco',
    fr: 'Aucune copie à vous avec cet id n’est en cours ni terminée récemment',
    de: 'Keine Kopie von dir mit dieser ID entsteht gerade oder wurde kürzlich fertig',
  },

  // Languages, feedback, fits.
  'Language detection is turned off in settings': {
    es: 'La detección del idioma está desactivada en los ajustes',
    fr: 'La détection de la langue est désactivée dans les paramètres',
    de: 'Die Spracherkennung ist in den Einstellungen ausgeschaltet',
  },
  'You can send at most {max} messages a day: try again later': {
    es: 'Puedes enviar como máximo {max} mensajes al día: vuelve a intentarlo más tarde',
    fr: 'Vous pouvez envoyer au plus {max} messages par jour : réessayez plus tard',
    de: 'Du kannst höchstens {max} Nachrichten am Tag senden: Versuche es später erneut',
  },
  'This feedback does not exist': {
    es: 'Este comentario no existe',
    fr: 'Ce retour n’existe pas',
    de: 'Diese Rückmeldung gibt es nicht',
  },
  'The fit took too long': {
    es: 'El ajuste ha tardado demasiado',
    fr: 'L’ajustement a pris trop de temps',
    de: 'Die Anpassung hat zu lange gedauert',
  },
  'Many fits are running: try again in a minute': {
    es: 'Hay muchos ajustes en marcha: vuelve a intentarlo dentro de un minuto',
    fr: 'Beaucoup d’ajustements sont en cours : réessayez dans une minute',
    de: 'Es laufen viele Anpassungen: Versuche es in einer Minute erneut',
  },

  // Anki packages.
  'The collection is damaged (its database cannot be read)': {
    es: 'La colección está dañada (no se puede leer su base de datos)',
    fr: 'La collection est endommagée (sa base de données est illisible)',
    de: 'Die Sammlung ist beschädigt (ihre Datenbank ist nicht lesbar)',
  },
  'The collection has an unexpected {kind} "{name}"; it was not read': {
    es: 'La colección tiene un {kind} inesperado «{name}»; no se ha leído',
    fr: 'La collection a un {kind} inattendu « {name} » ; elle n’a pas été lue',
    de: 'Die Sammlung hat ein unerwartetes {kind} „{name}“; sie wurde nicht gelesen',
  },
  'The collection has no "{table}" table; it was not read': {
    es: 'La colección no tiene la tabla «{table}»; no se ha leído',
    fr: 'La collection n’a pas de table « {table} » ; elle n’a pas été lue',
    de: 'Die Sammlung hat keine Tabelle „{table}“; sie wurde nicht gelesen',
  },
  'Import at most {max} notes at once; this package has {count}': {
    es: 'Importa como máximo {max} notas a la vez; este paquete tiene {count}',
    fr: 'Importez au plus {max} notes à la fois ; ce paquet en a {count}',
    de: 'Importiere höchstens {max} Notizen auf einmal; dieses Paket hat {count}',
  },
  'The package has more than {max} note types': {
    es: 'El paquete tiene más de {max} tipos de nota',
    fr: 'Le paquet a plus de {max} types de notes',
    de: 'Das Paket hat mehr als {max} Notiztypen',
  },
  'A note type has more than {max} fields': {
    es: 'Un tipo de nota tiene más de {max} campos',
    fr: 'Un type de note a plus de {max} champs',
    de: 'Ein Notiztyp hat mehr als {max} Felder',
  },
  'The package has more than {max} decks': {
    es: 'El paquete tiene más de {max} mazos',
    fr: 'Le paquet a plus de {max} paquets de cartes',
    de: 'Das Paket hat mehr als {max} Stapel',
  },
  "The package's review history has more than {max} answers": {
    es: 'El historial de repaso del paquete tiene más de {max} respuestas',
    fr: 'L’historique de révision du paquet a plus de {max} réponses',
    de: 'Der Lernverlauf des Pakets hat mehr als {max} Antworten',
  },
  'An answer was written meanwhile: import the package again': {
    es: 'Se ha escrito una respuesta mientras tanto: vuelve a importar el paquete',
    fr: 'Une réponse a été enregistrée entre-temps : importez de nouveau le paquet',
    de: 'Inzwischen wurde eine Antwort gespeichert: Importiere das Paket erneut',
  },
  'The package has a member named outside it (../ or /); it was not read': {
    es: 'El paquete tiene un elemento con un nombre fuera de él (../ o /); no se ha leído',
    fr: 'Le paquet a un élément nommé hors de lui (../ ou /) ; il n’a pas été lu',
    de: 'Das Paket hat einen Eintrag mit einem Namen außerhalb (../ oder /); es wurde nicht gelesen',
  },
  'The package is encrypted; export it from Anki without a password': {
    es: 'El paquete está cifrado; expórtalo desde Anki sin contraseña',
    fr: 'Le paquet est chiffré ; exportez-le depuis Anki sans mot de passe',
    de: 'Das Paket ist verschlüsselt; exportiere es aus Anki ohne Passwort',
  },
  'The package has more than {max} files': {
    es: 'El paquete tiene más de {max} archivos',
    fr: 'Le paquet a plus de {max} fichiers',
    de: 'Das Paket hat mehr als {max} Dateien',
  },
  'The collection is larger than {max} MB once unpacked': {
    es: 'La colección ocupa más de {max} MB una vez descomprimida',
    fr: 'La collection dépasse {max} Mo une fois décompressée',
    de: 'Die Sammlung ist entpackt größer als {max} MB',
  },
  'The collection is damaged (its zstd data cannot be read)': {
    es: 'La colección está dañada (no se pueden leer sus datos zstd)',
    fr: 'La collection est endommagée (ses données zstd sont illisibles)',
    de: 'Die Sammlung ist beschädigt (ihre zstd-Daten sind nicht lesbar)',
  },
  'This is not an Anki package (.apkg or .colpkg): it is not a zip file, or a truncated one': {
    es: 'No es un paquete de Anki (.apkg o .colpkg): no es un archivo zip o está truncado',
    fr: 'Ce n’est pas un paquet Anki (.apkg ou .colpkg) : ce n’est pas un fichier zip, ou il est tronqué',
    de: 'Das ist kein Anki-Paket (.apkg oder .colpkg): keine Zip-Datei oder eine abgeschnittene',
  },
  'The package is damaged or truncated (its zip cannot be read)': {
    es: 'El paquete está dañado o truncado (no se puede leer su zip)',
    fr: 'Le paquet est endommagé ou tronqué (son zip est illisible)',
    de: 'Das Paket ist beschädigt oder abgeschnitten (sein Zip ist nicht lesbar)',
  },
  'The package holds no Anki collection': {
    es: 'El paquete no contiene ninguna colección de Anki',
    fr: 'Le paquet ne contient aucune collection Anki',
    de: 'Das Paket enthält keine Anki-Sammlung',
  },
  'The package inflates far more than an Anki collection does (a zip bomb?); it was not read': {
    es: 'El paquete se descomprime mucho más que una colección de Anki (¿una bomba zip?); no se ha leído',
    fr: 'Le paquet se décompresse bien plus qu’une collection Anki (une bombe zip ?) ; il n’a pas été lu',
    de: 'Das Paket entpackt sich viel stärker als eine Anki-Sammlung (eine Zip-Bombe?); es wurde nicht gelesen',
  },
  'The package is damaged or truncated (its collection cannot be read)': {
    es: 'El paquete está dañado o truncado (no se puede leer su colección)',
    fr: 'Le paquet est endommagé ou tronqué (sa collection est illisible)',
    de: 'Das Paket ist beschädigt oder abgeschnitten (seine Sammlung ist nicht lesbar)',
  },
  'The package is too large to read': {
    es: 'El paquete es demasiado grande para leerlo',
    fr: 'Le paquet est trop volumineux pour être lu',
    de: 'Das Paket ist zu groß zum Lesen',
  },
  'The package took too long to read': {
    es: 'La lectura del paquete ha tardado demasiado',
    fr: 'La lecture du paquet a pris trop de temps',
    de: 'Das Lesen des Pakets hat zu lange gedauert',
  },

  // CSV and TSV imports.
  'The header row has no column "{column}"': {
    es: 'La fila de cabecera no tiene la columna «{column}»',
    fr: 'La ligne d’en-tête n’a pas de colonne « {column} »',
    de: 'Die Kopfzeile hat keine Spalte „{column}“',
  },
  'Unknown column': { es: 'Columna desconocida', fr: 'Colonne inconnue', de: 'Unbekannte Spalte' },
  'A category path cannot have an empty name (Spanish/Food/Fruit)': {
    es: 'Una ruta de categorías no puede tener un nombre vacío (Español/Comida/Fruta)',
    fr: 'Un chemin de catégories ne peut pas avoir de nom vide (Espagnol/Nourriture/Fruits)',
    de: 'Ein Kategorienpfad darf keinen leeren Namen haben (Spanisch/Essen/Obst)',
  },
  'Category "{category}": {message}': {
    es: 'Categoría «{category}»: {message}',
    fr: 'Catégorie « {category} » : {message}',
    de: 'Kategorie „{category}“: {message}',
  },
  'Invalid name': { es: 'Nombre no válido', fr: 'Nom non valide', de: 'Ungültiger Name' },
  'Unknown language "{language}"': {
    es: 'Idioma desconocido «{language}»',
    fr: 'Langue inconnue « {language} »',
    de: 'Unbekannte Sprache „{language}“',
  },
  'Reverse must be on, off or empty (the category decides)': {
    es: 'Reverse debe ser on, off o vacío (decide la categoría)',
    fr: 'Reverse doit valoir on, off ou être vide (la catégorie décide)',
    de: 'Reverse muss on, off oder leer sein (die Kategorie entscheidet)',
  },
  'Line {line}: {message}': {
    es: 'Línea {line}: {message}',
    fr: 'Ligne {line} : {message}',
    de: 'Zeile {line}: {message}',
  },
  'The file has no header row': {
    es: 'El archivo no tiene fila de cabecera',
    fr: 'Le fichier n’a pas de ligne d’en-tête',
    de: 'Die Datei hat keine Kopfzeile',
  },
  'The file has a header but no rows': {
    es: 'El archivo tiene cabecera, pero ninguna fila',
    fr: 'Le fichier a un en-tête mais aucune ligne',
    de: 'Die Datei hat eine Kopfzeile, aber keine Zeilen',
  },
  'Import at most {max} rows at once; this file has {count}. Split it into several files.': {
    es: 'Importa como máximo {max} filas a la vez; este archivo tiene {count}. Divídelo en varios archivos.',
    fr: 'Importez au plus {max} lignes à la fois ; ce fichier en a {count}. Découpez-le en plusieurs fichiers.',
    de: 'Importiere höchstens {max} Zeilen auf einmal; diese Datei hat {count}. Teile sie in mehrere Dateien auf.',
  },
  '{bad} of {count} rows are invalid; nothing was imported': {
    es: '{bad} de {count} filas no son válidas; no se ha importado nada',
    fr: '{bad} lignes sur {count} ne sont pas valides ; rien n’a été importé',
    de: '{bad} von {count} Zeilen sind ungültig; nichts wurde importiert',
  },

  // Study.
  "answeredAt is in the future: check the device's clock": {
    es: 'answeredAt está en el futuro: comprueba el reloj del dispositivo',
    fr: 'answeredAt est dans le futur : vérifiez l’horloge de l’appareil',
    de: 'answeredAt liegt in der Zukunft: Prüfe die Uhr des Geräts',
  },
  'An answer more than {days} days old can no longer count': {
    es: 'Una respuesta de hace más de {days} días ya no puede contar',
    fr: 'Une réponse de plus de {days} jours ne peut plus compter',
    de: 'Eine Antwort, die älter als {days} Tage ist, kann nicht mehr zählen',
  },
  'Only the latest review of a card can be changed': {
    es: 'Solo se puede cambiar el último repaso de una tarjeta',
    fr: 'Seule la dernière révision d’une carte peut être modifiée',
    de: 'Nur die letzte Wiederholung einer Karte kann geändert werden',
  },
  'This card was answered again after this answer was given': {
    es: 'Esta tarjeta se ha vuelto a responder después de esta respuesta',
    fr: 'Cette carte a de nouveau reçu une réponse après celle-ci',
    de: 'Diese Karte wurde nach dieser Antwort erneut beantwortet',
  },
  'Only a failed answer can be overridden': {
    es: 'Solo se puede corregir una respuesta fallada',
    fr: 'Seule une réponse ratée peut être corrigée',
    de: 'Nur eine falsche Antwort kann überschrieben werden',
  },
  'This answer was overridden already': {
    es: 'Esta respuesta ya se corrigió',
    fr: 'Cette réponse a déjà été corrigée',
    de: 'Diese Antwort wurde schon überschrieben',
  },
  'This answer has this grade already': {
    es: 'Esta respuesta ya tiene esta nota',
    fr: 'Cette réponse a déjà cette note',
    de: 'Diese Antwort hat diese Bewertung schon',
  },
  'This answer was undone': {
    es: 'Esta respuesta se ha deshecho',
    fr: 'Cette réponse a été annulée',
    de: 'Diese Antwort wurde rückgängig gemacht',
  },
  'This clientReviewId belongs to another answer': {
    es: 'Este clientReviewId pertenece a otra respuesta',
    fr: 'Ce clientReviewId appartient à une autre réponse',
    de: 'Diese clientReviewId gehört zu einer anderen Antwort',
  },
  'This card is no longer asked in reverse': {
    es: 'Esta tarjeta ya no se pregunta a la inversa',
    fr: 'Cette carte n’est plus demandée dans l’autre sens',
    de: 'Diese Karte wird nicht mehr umgekehrt abgefragt',
  },
  'Review not found': {
    es: 'Repaso no encontrado',
    fr: 'Révision introuvable',
    de: 'Wiederholung nicht gefunden',
  },
  'The card or the account of this answer was deleted meanwhile': {
    es: 'La tarjeta o la cuenta de esta respuesta se ha borrado mientras tanto',
    fr: 'La carte ou le compte de cette réponse a été supprimé entre-temps',
    de: 'Die Karte oder das Konto dieser Antwort wurde inzwischen gelöscht',
  },
  'Another request wrote this answer at the same time: send it again': {
    es: 'Otra solicitud ha escrito esta respuesta al mismo tiempo: envíala de nuevo',
    fr: 'Une autre requête a enregistré cette réponse au même moment : renvoyez-la',
    de: 'Eine andere Anfrage hat diese Antwort gleichzeitig gespeichert: Sende sie erneut',
  },

  // Plans.
  'The free plan allows {max} {what}: upgrade to premium for more': {
    es: 'El plan gratuito permite {max} {what}: pásate a premium para tener más',
    fr: 'L’offre gratuite permet {max} {what} : passez à premium pour en avoir plus',
    de: 'Der kostenlose Tarif erlaubt {max} {what}: Wechsle zu Premium für mehr',
  },
  cards: { es: 'tarjetas', fr: 'cartes', de: 'Karten' },
  categories: { es: 'categorías', fr: 'catégories', de: 'Kategorien' },
  'Billing is off on this instance: every account has premium, there is nothing to buy': {
    es: 'La facturación está desactivada en esta instancia: todas las cuentas tienen premium, no hay nada que comprar',
    fr: 'La facturation est désactivée sur cette instance : chaque compte a premium, il n’y a rien à acheter',
    de: 'Die Abrechnung ist auf dieser Instanz aus: Jedes Konto hat Premium, es gibt nichts zu kaufen',
  },
  'Your account has premium already': {
    es: 'Tu cuenta ya tiene premium',
    fr: 'Votre compte a déjà premium',
    de: 'Dein Konto hat schon Premium',
  },
  'There is no subscription to manage yet: upgrade first': {
    es: 'Todavía no hay ninguna suscripción que gestionar: pásate antes a premium',
    fr: 'Il n’y a pas encore d’abonnement à gérer : passez d’abord à premium',
    de: 'Es gibt noch kein Abo zu verwalten: Wechsle zuerst zu Premium',
  },
  'Billing is off on this instance': {
    es: 'La facturación está desactivada en esta instancia',
    fr: 'La facturation est désactivée sur cette instance',
    de: 'Die Abrechnung ist auf dieser Instanz aus',
  },
  'The Stripe-Signature header is missing': {
    es: 'Falta la cabecera Stripe-Signature',
    fr: 'L’en-tête Stripe-Signature manque',
    de: 'Der Header Stripe-Signature fehlt',
  },
  'The body must be the event Stripe sent': {
    es: 'El cuerpo debe ser el evento que envió Stripe',
    fr: 'Le corps doit être l’événement envoyé par Stripe',
    de: 'Der Inhalt muss das Ereignis sein, das Stripe gesendet hat',
  },
  'The signature does not match this body': {
    es: 'La firma no corresponde a este cuerpo',
    fr: 'La signature ne correspond pas à ce corps',
    de: 'Die Signatur passt nicht zu diesem Inhalt',
  },
};
