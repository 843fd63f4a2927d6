import type { InterfaceLocale } from '@glossa/contract';

/**
 * The words of the mails in each interface language (decision 0037): one entry per language, each
 * with every text, so that a missing translation is a type error (the server's catalog check).
 * English is the source; Spanish uses "tú", French "vous", German "du", as the web app does.
 */
export interface MailTexts {
  signature: string;
  hello: (username: string) => string;
  verify: { subject: string; body: (address: string) => string; ignore: string; button: string };
  reset: { subject: string; body: string; ignore: string; button: string };
  invitation: {
    subject: (owner: string, category: string) => string;
    body: (owner: string, category: string, cardCount: number, role: 'editor' | 'viewer') => string;
    nothingYet: string;
    button: string;
  };
  /** To the owner of an address someone tried to sign up with or move an account to. */
  emailInUse: {
    subject: string;
    body: string;
    links: (loginUrl: string, resetUrl: string) => string;
  };
  /** To a new address asked for by an e-mail change. */
  confirmChange: {
    subject: string;
    body: (address: string) => string;
    ignore: string;
    button: string;
  };
  /** To the current address, when a change to another one is asked for. */
  changeRequested: {
    subject: string;
    body: (newEmail: string) => string;
    notYou: (settingsUrl: string) => string;
  };
  /** To the former address, once a change was confirmed. */
  changed: {
    subject: string;
    body: (newEmail: string) => string;
    notYou: (settingsUrl: string) => string;
  };
}

const plural = (locale: InterfaceLocale, count: number, one: string, other: string) =>
  `${count.toLocaleString(locale)} ${new Intl.PluralRules(locale).select(count) === 'one' ? one : other}`;

export const mailTexts: Record<InterfaceLocale, MailTexts> = {
  en: {
    signature: '— Glossa',
    hello: (username) => `Hello ${username},`,
    verify: {
      subject: 'Confirm your e-mail address for Glossa',
      body: (address) =>
        `Please confirm that ${address} is your address. The link works once and expires in 24 hours.`,
      ignore:
        'If you did not create a Glossa account or change its address, you can ignore this message.',
      button: 'Confirm my e-mail',
    },
    reset: {
      subject: 'Reset your Glossa password',
      body: 'Someone asked to reset the password of your Glossa account. If it was you, choose a new password with the link below; it works once and expires in one hour. Every signed-in device will be signed out.',
      ignore: 'If it was not you, ignore this message: your password stays as it is.',
      button: 'Choose a new password',
    },
    invitation: {
      subject: (owner, category) => `${owner} invites you to "${category}" on Glossa`,
      body: (owner, category, cardCount, role) =>
        `${owner} invites you to join their category "${category}" (${plural('en', cardCount, 'card', 'cards')}) as ${role === 'editor' ? 'an editor' : 'a viewer'}: you would ${role === 'editor' ? 'study and edit its cards' : 'study its cards'} on your own schedule.`,
      nothingYet:
        'Nothing changes until you accept. Open Glossa to accept or decline; if you ignore this message, the cards stay out of your study.',
      button: 'See the invitation',
    },
    emailInUse: {
      subject: 'Someone tried to sign up to Glossa with your address',
      body: 'Somebody, perhaps you, tried to create a Glossa account with this e-mail address, or to move an account to it, but it already has an account. No new account was created, and nothing was changed.',
      links: (loginUrl, resetUrl) =>
        `If it was you, sign in at ${loginUrl}, or choose a new password at ${resetUrl}. If it was not you, you can ignore this message: your account is safe.`,
    },
    confirmChange: {
      subject: 'Confirm your new e-mail address for Glossa',
      body: (address) =>
        `You asked to use ${address} for your Glossa account. Confirm it with the link below: your account keeps its current address until you do. The link works once and expires in 24 hours.`,
      ignore: 'If you did not ask for this, ignore this message: nothing changes.',
      button: 'Use this address',
    },
    changeRequested: {
      subject: 'A change of your Glossa e-mail address was asked for',
      body: (newEmail) =>
        `Someone signed in to your Glossa account asked to change its address to ${newEmail}. Nothing changes until a link sent to that address is followed.`,
      notYou: (settingsUrl) =>
        `If it was not you, cancel the change and change your password in your settings: ${settingsUrl}`,
    },
    changed: {
      subject: 'Your Glossa e-mail address was changed',
      body: (newEmail) =>
        `The address of your Glossa account is now ${newEmail}: mail from Glossa, password resets included, goes there from now on.`,
      notYou: (settingsUrl) =>
        `If it was not you, sign in and change your password and address in your settings at once: ${settingsUrl}`,
    },
  },
  es: {
    signature: '— Glossa',
    hello: (username) => `Hola, ${username}:`,
    verify: {
      subject: 'Confirma tu dirección de correo en Glossa',
      body: (address) =>
        `Confirma que ${address} es tu dirección. El enlace solo funciona una vez y caduca en 24 horas.`,
      ignore:
        'Si no has creado una cuenta de Glossa ni cambiado su dirección, puedes ignorar este mensaje.',
      button: 'Confirmar mi correo',
    },
    reset: {
      subject: 'Restablece tu contraseña de Glossa',
      body: 'Alguien ha pedido restablecer la contraseña de tu cuenta de Glossa. Si has sido tú, elige una contraseña nueva con el enlace de abajo; solo funciona una vez y caduca en una hora. Se cerrará la sesión en todos tus dispositivos.',
      ignore: 'Si no has sido tú, ignora este mensaje: tu contraseña no cambia.',
      button: 'Elegir una contraseña nueva',
    },
    invitation: {
      subject: (owner, category) => `${owner} te invita a «${category}» en Glossa`,
      body: (owner, category, cardCount, role) =>
        `${owner} te invita a unirte a su categoría «${category}» (${plural('es', cardCount, 'tarjeta', 'tarjetas')}) como ${role === 'editor' ? 'editor' : 'lector'}: podrías ${role === 'editor' ? 'estudiar y editar sus tarjetas' : 'estudiar sus tarjetas'} a tu propio ritmo.`,
      nothingYet:
        'Nada cambia hasta que aceptes. Abre Glossa para aceptar o rechazar; si ignoras este mensaje, las tarjetas no entran en tu estudio.',
      button: 'Ver la invitación',
    },
    emailInUse: {
      subject: 'Alguien ha intentado registrarse en Glossa con tu dirección',
      body: 'Alguien, quizá tú, ha intentado crear una cuenta de Glossa con esta dirección de correo, o pasar una cuenta a ella, pero ya tiene una cuenta. No se ha creado ninguna cuenta nueva y no ha cambiado nada.',
      links: (loginUrl, resetUrl) =>
        `Si has sido tú, inicia sesión en ${loginUrl} o elige una contraseña nueva en ${resetUrl}. Si no has sido tú, puedes ignorar este mensaje: tu cuenta está a salvo.`,
    },
    confirmChange: {
      subject: 'Confirma tu nueva dirección de correo en Glossa',
      body: (address) =>
        `Has pedido usar ${address} para tu cuenta de Glossa. Confírmalo con el enlace de abajo: tu cuenta conserva su dirección actual hasta entonces. El enlace solo funciona una vez y caduca en 24 horas.`,
      ignore: 'Si no lo has pedido, ignora este mensaje: no cambia nada.',
      button: 'Usar esta dirección',
    },
    changeRequested: {
      subject: 'Se ha pedido cambiar tu dirección de correo de Glossa',
      body: (newEmail) =>
        `Alguien con la sesión iniciada en tu cuenta de Glossa ha pedido cambiar su dirección a ${newEmail}. No cambia nada hasta que se siga un enlace enviado a esa dirección.`,
      notYou: (settingsUrl) =>
        `Si no has sido tú, cancela el cambio y cambia tu contraseña en tus ajustes: ${settingsUrl}`,
    },
    changed: {
      subject: 'Se ha cambiado tu dirección de correo de Glossa',
      body: (newEmail) =>
        `La dirección de tu cuenta de Glossa es ahora ${newEmail}: el correo de Glossa, incluidos los restablecimientos de contraseña, llega allí a partir de ahora.`,
      notYou: (settingsUrl) =>
        `Si no has sido tú, inicia sesión y cambia enseguida tu contraseña y tu dirección en tus ajustes: ${settingsUrl}`,
    },
  },
  fr: {
    signature: '— Glossa',
    hello: (username) => `Bonjour ${username},`,
    verify: {
      subject: 'Confirmez votre adresse e-mail pour Glossa',
      body: (address) =>
        `Merci de confirmer que ${address} est bien votre adresse. Le lien ne fonctionne qu’une fois et expire dans 24 heures.`,
      ignore:
        'Si vous n’avez pas créé de compte Glossa ni changé son adresse, vous pouvez ignorer ce message.',
      button: 'Confirmer mon e-mail',
    },
    reset: {
      subject: 'Réinitialisez votre mot de passe Glossa',
      body: 'Quelqu’un a demandé à réinitialiser le mot de passe de votre compte Glossa. Si c’était vous, choisissez un nouveau mot de passe avec le lien ci-dessous ; il ne fonctionne qu’une fois et expire dans une heure. Tous les appareils connectés seront déconnectés.',
      ignore: 'Si ce n’était pas vous, ignorez ce message : votre mot de passe reste le même.',
      button: 'Choisir un nouveau mot de passe',
    },
    invitation: {
      subject: (owner, category) => `${owner} vous invite dans « ${category} » sur Glossa`,
      body: (owner, category, cardCount, role) =>
        `${owner} vous invite à rejoindre sa catégorie « ${category} » (${plural('fr', cardCount, 'carte', 'cartes')}) en tant que ${role === 'editor' ? 'éditeur' : 'lecteur'} : vous pourriez ${role === 'editor' ? 'réviser et modifier ses cartes' : 'réviser ses cartes'} à votre rythme.`,
      nothingYet:
        'Rien ne change tant que vous n’acceptez pas. Ouvrez Glossa pour accepter ou refuser ; si vous ignorez ce message, les cartes restent hors de vos révisions.',
      button: 'Voir l’invitation',
    },
    emailInUse: {
      subject: 'Quelqu’un a tenté de s’inscrire sur Glossa avec votre adresse',
      body: 'Quelqu’un, peut-être vous, a tenté de créer un compte Glossa avec cette adresse e-mail, ou d’y déplacer un compte, mais elle a déjà un compte. Aucun compte n’a été créé et rien n’a changé.',
      links: (loginUrl, resetUrl) =>
        `Si c’était vous, connectez-vous sur ${loginUrl} ou choisissez un nouveau mot de passe sur ${resetUrl}. Si ce n’était pas vous, vous pouvez ignorer ce message : votre compte est en sécurité.`,
    },
    confirmChange: {
      subject: 'Confirmez votre nouvelle adresse e-mail pour Glossa',
      body: (address) =>
        `Vous avez demandé à utiliser ${address} pour votre compte Glossa. Confirmez-le avec le lien ci-dessous : votre compte garde son adresse actuelle jusque-là. Le lien ne fonctionne qu’une fois et expire dans 24 heures.`,
      ignore: 'Si vous ne l’avez pas demandé, ignorez ce message : rien ne change.',
      button: 'Utiliser cette adresse',
    },
    changeRequested: {
      subject: 'Un changement de votre adresse e-mail Glossa a été demandé',
      body: (newEmail) =>
        `Quelqu’un de connecté à votre compte Glossa a demandé à changer son adresse pour ${newEmail}. Rien ne change tant qu’un lien envoyé à cette adresse n’a pas été suivi.`,
      notYou: (settingsUrl) =>
        `Si ce n’était pas vous, annulez le changement et changez votre mot de passe dans vos paramètres : ${settingsUrl}`,
    },
    changed: {
      subject: 'Votre adresse e-mail Glossa a été changée',
      body: (newEmail) =>
        `L’adresse de votre compte Glossa est désormais ${newEmail} : les e-mails de Glossa, réinitialisations de mot de passe comprises, y arrivent à partir de maintenant.`,
      notYou: (settingsUrl) =>
        `Si ce n’était pas vous, connectez-vous et changez sans attendre votre mot de passe et votre adresse dans vos paramètres : ${settingsUrl}`,
    },
  },
  de: {
    signature: '— Glossa',
    hello: (username) => `Hallo ${username},`,
    verify: {
      subject: 'Bestätige deine E-Mail-Adresse für Glossa',
      body: (address) =>
        `Bitte bestätige, dass ${address} deine Adresse ist. Der Link funktioniert einmal und läuft in 24 Stunden ab.`,
      ignore:
        'Wenn du kein Glossa-Konto angelegt und keine Adresse geändert hast, kannst du diese Nachricht ignorieren.',
      button: 'E-Mail bestätigen',
    },
    reset: {
      subject: 'Setze dein Glossa-Passwort zurück',
      body: 'Jemand hat darum gebeten, das Passwort deines Glossa-Kontos zurückzusetzen. Wenn du das warst, wähle mit dem Link unten ein neues Passwort; er funktioniert einmal und läuft in einer Stunde ab. Alle angemeldeten Geräte werden abgemeldet.',
      ignore:
        'Wenn du das nicht warst, ignoriere diese Nachricht: Dein Passwort bleibt, wie es ist.',
      button: 'Neues Passwort wählen',
    },
    invitation: {
      subject: (owner, category) => `${owner} lädt dich zu „${category}“ auf Glossa ein`,
      body: (owner, category, cardCount, role) =>
        `${owner} lädt dich in die Kategorie „${category}“ ein (${plural('de', cardCount, 'Karte', 'Karten')}), als ${role === 'editor' ? 'Bearbeiter' : 'Leser'}: Du könntest ${role === 'editor' ? 'ihre Karten lernen und bearbeiten' : 'ihre Karten lernen'}, in deinem eigenen Tempo.`,
      nothingYet:
        'Nichts ändert sich, bis du annimmst. Öffne Glossa, um anzunehmen oder abzulehnen; wenn du diese Nachricht ignorierst, bleiben die Karten außerhalb deines Lernplans.',
      button: 'Einladung ansehen',
    },
    emailInUse: {
      subject: 'Jemand wollte sich mit deiner Adresse bei Glossa registrieren',
      body: 'Jemand, vielleicht du, wollte mit dieser E-Mail-Adresse ein Glossa-Konto anlegen oder ein Konto auf sie umziehen, aber zu ihr gibt es schon ein Konto. Es wurde kein neues Konto angelegt und nichts geändert.',
      links: (loginUrl, resetUrl) =>
        `Wenn du das warst, melde dich unter ${loginUrl} an oder wähle unter ${resetUrl} ein neues Passwort. Wenn du das nicht warst, kannst du diese Nachricht ignorieren: Dein Konto ist sicher.`,
    },
    confirmChange: {
      subject: 'Bestätige deine neue E-Mail-Adresse für Glossa',
      body: (address) =>
        `Du möchtest ${address} für dein Glossa-Konto verwenden. Bestätige das mit dem Link unten: Bis dahin behält dein Konto seine jetzige Adresse. Der Link funktioniert einmal und läuft in 24 Stunden ab.`,
      ignore:
        'Wenn du das nicht angefordert hast, ignoriere diese Nachricht: Es ändert sich nichts.',
      button: 'Diese Adresse verwenden',
    },
    changeRequested: {
      subject: 'Eine Änderung deiner Glossa-E-Mail-Adresse wurde angefordert',
      body: (newEmail) =>
        `Jemand, der in deinem Glossa-Konto angemeldet ist, möchte dessen Adresse in ${newEmail} ändern. Es ändert sich nichts, bis ein an diese Adresse gesendeter Link geöffnet wird.`,
      notYou: (settingsUrl) =>
        `Wenn du das nicht warst, brich die Änderung ab und ändere dein Passwort in deinen Einstellungen: ${settingsUrl}`,
    },
    changed: {
      subject: 'Deine Glossa-E-Mail-Adresse wurde geändert',
      body: (newEmail) =>
        `Die Adresse deines Glossa-Kontos ist jetzt ${newEmail}: E-Mails von Glossa, auch zum Zurücksetzen des Passworts, gehen ab jetzt dorthin.`,
      notYou: (settingsUrl) =>
        `Wenn du das nicht warst, melde dich an und ändere sofort dein Passwort und deine Adresse in deinen Einstellungen: ${settingsUrl}`,
    },
  },
};
