import type { Invitation, InterfaceLocale } from '@glossa/contract';
import type { MailMessage } from './mailer';
import { mailTexts } from './mail-text';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(
  to: string,
  subject: string,
  paragraphs: string[],
  link: { url: string; label: string } | undefined,
  locale: InterfaceLocale,
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

/** Every mail is in its recipient's stored interface language (decision 0037; mail-text.ts). */
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
export function emailInUseMail(
  to: string,
  loginUrl: string,
  resetUrl: string,
  locale: InterfaceLocale,
): MailMessage {
  const words = mailTexts[locale].emailInUse;
  return layout(
    to,
    words.subject,
    [words.body, words.links(loginUrl, resetUrl)],
    undefined,
    locale,
  );
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
export function confirmEmailChangeMail(
  to: string,
  username: string,
  url: string,
  locale: InterfaceLocale,
): MailMessage {
  const words = mailTexts[locale];
  return layout(
    to,
    words.confirmChange.subject,
    [words.hello(username), words.confirmChange.body(to), words.confirmChange.ignore],
    { url, label: words.confirmChange.button },
    locale,
  );
}

/** To the address an account has, when a change to another one is asked for. */
export function emailChangeRequestedMail(
  to: string,
  username: string,
  newEmail: string,
  settingsUrl: string,
  locale: InterfaceLocale,
): MailMessage {
  const words = mailTexts[locale];
  return layout(
    to,
    words.changeRequested.subject,
    [
      words.hello(username),
      words.changeRequested.body(newEmail),
      words.changeRequested.notYou(settingsUrl),
    ],
    undefined,
    locale,
  );
}

/** To the address an account had, once a change to another one was confirmed. */
export function emailChangedMail(
  to: string,
  username: string,
  newEmail: string,
  settingsUrl: string,
  locale: InterfaceLocale,
): MailMessage {
  const words = mailTexts[locale];
  return layout(
    to,
    words.changed.subject,
    [words.hello(username), words.changed.body(newEmail), words.changed.notYou(settingsUrl)],
    undefined,
    locale,
  );
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
