import type { Invitation, InterfaceLocale } from '@glossa/contract';
import type { MailMessage } from './mailer';
import { mailTexts } from './mail-text';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { url: string; label: string },
  locale: InterfaceLocale = 'en',
): MailMessage {
  const signature = mailTexts[locale].signature;
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), signature].join(
    '\n\n',
  );
  const html = [
    `<div lang="${locale}" style="font-family:system-ui,sans-serif;max-width:32rem;line-height:1.5">`,
    ...paragraphs.map((p) => `<p>${escape(p)}</p>`),
    link
      ? `<p><a href="${escape(link.url)}" style="display:inline-block;padding:.6rem 1rem;background:#3b5bdb;color:#fff;border-radius:6px;text-decoration:none">${escape(link.label)}</a></p><p style="font-size:.85rem;color:#555">${escape(link.url)}</p>`
      : '',
    `<p>${escape(signature)}</p></div>`,
  ].join('');
  return { to, subject, text, html, lang: locale, ...(link ? { link: link.url } : {}) };
}

/** In the learner's interface language (decision 0037), as are the reset and invitation mails. */
export function verifyEmailMail(
  to: string,
  username: string,
  url: string,
  locale: InterfaceLocale,
): MailMessage {
  const words = mailTexts[locale];
  return layout(
    to,
    words.verify.subject,
    [words.hello(username), words.verify.body(to), words.verify.ignore],
    { url, label: words.verify.button },
    locale,
  );
}

/** To the owner of an address that someone tried to sign up with or move an account to. */
export function emailInUseMail(to: string, loginUrl: string, resetUrl: string): MailMessage {
  return layout(to, 'Someone tried to sign up to Glossa with your address', [
    'Somebody, perhaps you, tried to create a Glossa account with this e-mail address, or to move an account to it, but it already has an account. No new account was created, and nothing was changed.',
    `If it was you, sign in at ${loginUrl}, or choose a new password at ${resetUrl}. If it was not you, you can ignore this message: your account is safe.`,
  ]);
}

export function resetPasswordMail(
  to: string,
  username: string,
  url: string,
  locale: InterfaceLocale,
): MailMessage {
  const words = mailTexts[locale];
  return layout(
    to,
    words.reset.subject,
    [words.hello(username), words.reset.body, words.reset.ignore],
    { url, label: words.reset.button },
    locale,
  );
}

/** To a new address asked for by an e-mail change: its link makes the change. */
export function confirmEmailChangeMail(to: string, username: string, url: string): MailMessage {
  return layout(
    to,
    'Confirm your new e-mail address for Glossa',
    [
      `Hello ${username},`,
      `You asked to use ${to} for your Glossa account. Confirm it with the link below: your account keeps its current address until you do. The link works once and expires in 24 hours.`,
      'If you did not ask for this, ignore this message: nothing changes.',
    ],
    { url, label: 'Use this address' },
  );
}

/** To the address an account has, when a change to another one is asked for. */
export function emailChangeRequestedMail(
  to: string,
  username: string,
  newEmail: string,
  settingsUrl: string,
): MailMessage {
  return layout(to, 'A change of your Glossa e-mail address was asked for', [
    `Hello ${username},`,
    `Someone signed in to your Glossa account asked to change its address to ${newEmail}. Nothing changes until a link sent to that address is followed.`,
    `If it was not you, cancel the change and change your password in your settings: ${settingsUrl}`,
  ]);
}

/** To the address an account had, once a change to another one was confirmed. */
export function emailChangedMail(
  to: string,
  username: string,
  newEmail: string,
  settingsUrl: string,
): MailMessage {
  return layout(to, 'Your Glossa e-mail address was changed', [
    `Hello ${username},`,
    `The address of your Glossa account is now ${newEmail}: mail from Glossa, password resets included, goes there from now on.`,
    `If it was not you, sign in and change your password and address in your settings at once: ${settingsUrl}`,
  ]);
}

/** To a learner invited into a category; the link opens the app where they accept or decline. */
export function invitationMail(
  to: string,
  invitation: Invitation,
  url: string,
  locale: InterfaceLocale,
): MailMessage {
  const { owner, invitee, category, role, cardCount } = invitation;
  const words = mailTexts[locale];
  return layout(
    to,
    words.invitation.subject(owner.username, category.name),
    [
      words.hello(invitee.username),
      words.invitation.body(owner.username, category.name, cardCount, role),
      words.invitation.nothingYet,
    ],
    { url, label: words.invitation.button },
    locale,
  );
}
