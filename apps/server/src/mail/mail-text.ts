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
  },
};
