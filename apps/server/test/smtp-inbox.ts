import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A real SMTP server on a free port that keeps every message it receives, parsed. */
export interface SmtpInbox {
  url: string;
  messages: ReceivedMail[];
  /** Waits for a message to `to` (and matching subject) received after `since` messages. */
  waitFor(to: string, subject?: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  /** The first link in a message's text. */
  linkIn(mail: ReceivedMail): string;
  close(): Promise<void>;
}

export async function startSmtpInbox(): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          for (const recipient of session.envelope.rcptTo) {
            messages.push({
              to: recipient.address.toLowerCase(),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
            });
          }
          for (const wake of waiters) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const find = (to: string, subject?: RegExp) =>
    messages.findLast((m) => m.to === to.toLowerCase() && (!subject || subject.test(m.subject)));

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(to, subject, timeoutMs = 5000) {
      const found = find(to, subject);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`No mail to ${to} matching ${String(subject)} within ${timeoutMs} ms`));
        }, timeoutMs);
        const check = () => {
          const mail = find(to, subject);
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        };
        waiters.add(check);
      });
    },
    linkIn(mail) {
      const match = /https?:\/\/\S+/.exec(mail.text);
      if (!match) throw new Error(`No link in mail "${mail.subject}"`);
      return match[0];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
