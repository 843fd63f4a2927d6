import type { MailMessage } from './mailer';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(
  to: string,
  subject: string,
  paragraphs: string[],
  link?: { url: string; label: string },
): MailMessage {
  const text = [...paragraphs, ...(link ? [`${link.label}: ${link.url}`] : []), '— Glossa'].join(
    '\n\n',
  );
  const html = [
    '<div style="font-family:system-ui,sans-serif;max-width:32rem;line-height:1.5">',
    ...paragraphs.map((p) => `<p>${escape(p)}</p>`),
    link
      ? `<p><a href="${escape(link.url)}" style="display:inline-block;padding:.6rem 1rem;background:#3b5bdb;color:#fff;border-radius:6px;text-decoration:none">${escape(link.label)}</a></p><p style="font-size:.85rem;color:#555">${escape(link.url)}</p>`
      : '',
    '<p>— Glossa</p></div>',
  ].join('');
  return { to, subject, text, html, ...(link ? { link: link.url } : {}) };
}

export function verifyEmailMail(to: string, username: string, url: string): MailMessage {
  return layout(
    to,
    'Confirm your e-mail address for Glossa',
    [
      `Hello ${username},`,
      `Please confirm that ${to} is your address. The link works once and expires in 24 hours.`,
      'If you did not create a Glossa account or change its address, you can ignore this message.',
    ],
    { url, label: 'Confirm my e-mail' },
  );
}

/** To the owner of an address that someone tried to sign up with or move an account to. */
export function emailInUseMail(to: string, loginUrl: string, resetUrl: string): MailMessage {
  return layout(to, 'Someone tried to sign up to Glossa with your address', [
    'Somebody, perhaps you, tried to create a Glossa account with this e-mail address, or to move an account to it, but it already has an account. No new account was created, and nothing was changed.',
    `If it was you, sign in at ${loginUrl}, or choose a new password at ${resetUrl}. If it was not you, you can ignore this message: your account is safe.`,
  ]);
}

export function resetPasswordMail(to: string, username: string, url: string): MailMessage {
  return layout(
    to,
    'Reset your Glossa password',
    [
      `Hello ${username},`,
      'Someone asked to reset the password of your Glossa account. If it was you, choose a new password with the link below; it works once and expires in one hour. Every signed-in device will be signed out.',
      'If it was not you, ignore this message: your password stays as it is.',
    ],
    { url, label: 'Choose a new password' },
  );
}
