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
export declare function startSmtpInbox(): Promise<SmtpInbox>;
