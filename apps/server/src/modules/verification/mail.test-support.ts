import type { ReceivedMail } from '../../../test/smtp-inbox';
import type { TestApp } from '../../../test/app';

export const subjects = {
  verify: /Confirm your e-mail address/,
  reset: /Reset your Glossa password/,
  inUse: /tried to sign up to Glossa with your address/,
};

export function mailsTo(t: TestApp, to: string, subject: RegExp): ReceivedMail[] {
  return t.inbox.messages.filter((m) => m.to === to.toLowerCase() && subject.test(m.subject));
}

/** Waits until `count` messages to `to` with that subject arrived; returns the last. */
export async function waitForMails(
  t: TestApp,
  to: string,
  subject: RegExp,
  count: number,
  timeoutMs = 5000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = mailsTo(t, to, subject);
    const last = found.at(-1);
    if (found.length >= count && last) return last;
    if (Date.now() > deadline) {
      throw new Error(
        `Expected ${count} mails to ${to} matching ${String(subject)}, got ${found.length}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The token of a mailed link, checked to point at the expected app page. */
export function tokenOf(t: TestApp, mail: ReceivedMail, page: string): string {
  const url = new URL(t.inbox.linkIn(mail));
  if (url.origin !== t.config.publicUrl || url.pathname !== page) {
    throw new Error(`Link ${url.href} does not go to ${t.config.publicUrl}${page}`);
  }
  const token = url.searchParams.get('token');
  if (!token) throw new Error(`No token in ${url.href}`);
  return token;
}

let counter = 0;
/** A fresh sign-up body; the password is long and uncommon. */
export function newSignUp(prefix = 'learner') {
  counter += 1;
  const name = `${prefix}${process.pid}x${counter}${Math.random().toString(36).slice(2, 6)}`;
  return { username: name, email: `${name}@example.com`, password: 'correct horse battery 42' };
}
