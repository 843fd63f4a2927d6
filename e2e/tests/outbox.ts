import fs from 'node:fs';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { dataDir } from '../playwright.config';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  file: string;
}

async function readOutbox(): Promise<OutboxMail[]> {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const parsed = await simpleParser(fs.readFileSync(path.join(dir, file)));
      const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
      return {
        to: (to?.value[0]?.address ?? '').toLowerCase(),
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        file,
      };
    }),
  );
}

/** Waits for the newest mail to `to` whose subject matches, written to the server's outbox. */
export async function waitForMail(to: string, subject: RegExp, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = (await readOutbox()).findLast(
      (m) => m.to === to.toLowerCase() && subject.test(m.subject),
    );
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No mail to ${to} matching ${subject} in the outbox`);
}

/** The first link of a mail, made relative so it opens on the server under test. */
export function linkIn(mail: OutboxMail): string {
  const match = /https?:\/\/[^\s>]+/.exec(mail.text);
  if (!match) throw new Error(`No link in "${mail.subject}"`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}
