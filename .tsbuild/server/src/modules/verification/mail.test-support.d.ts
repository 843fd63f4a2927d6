import type { ReceivedMail } from '../../../test/smtp-inbox';
import type { TestApp } from '../../../test/app';
export declare const subjects: {
    verify: RegExp;
    reset: RegExp;
    inUse: RegExp;
};
export declare function mailsTo(t: TestApp, to: string, subject: RegExp): ReceivedMail[];
/** Waits until `count` messages to `to` with that subject arrived; returns the last. */
export declare function waitForMails(t: TestApp, to: string, subject: RegExp, count: number, timeoutMs?: number): Promise<ReceivedMail>;
/** The token of a mailed link, checked to point at the expected app page. */
export declare function tokenOf(t: TestApp, mail: ReceivedMail, page: string): string;
/** A fresh sign-up body; the password is long and uncommon. */
export declare function newSignUp(prefix?: string): {
    username: string;
    email: string;
    password: string;
};
