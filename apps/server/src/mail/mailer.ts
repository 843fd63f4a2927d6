import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link of the message, logged in outbox mode so a self-hoster can follow it. */
  link?: string;
  /** The language of the message (decision 0037), sent as its Content-Language header. */
  lang?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}

/**
 * SMTP through nodemailer when SMTP_URL is set; otherwise each message is written as an .eml file
 * in the outbox folder and its link is logged (the embedded default needs no mail server).
 */
export function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send({ to, subject, text, html, lang }) {
        const headers = lang ? { 'Content-Language': lang } : undefined;
        await transport.sendMail({ from, to, subject, text, html, headers });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send({ to, subject, text, html, link, lang }) {
      const headers = lang ? { 'Content-Language': lang } : undefined;
      const info = await transport.sendMail({ from, to, subject, text, html, headers });
      await fs.mkdir(outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(outboxDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      log.info({ to, subject, file, link }, 'mail written to the outbox');
    },
    close: () => transport.close(),
  };
}
