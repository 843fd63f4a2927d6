import type { FastifyBaseLogger } from 'fastify';
export interface MailMessage {
    to: string;
    subject: string;
    text: string;
    html: string;
    /** The action link of the message, logged in outbox mode so a self-hoster can follow it. */
    link?: string;
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
export declare function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer;
