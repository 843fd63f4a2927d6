import type { MailMessage } from './mailer';
export declare function verifyEmailMail(to: string, username: string, url: string): MailMessage;
/** To the owner of an address that someone tried to sign up with or move an account to. */
export declare function emailInUseMail(to: string, loginUrl: string, resetUrl: string): MailMessage;
export declare function resetPasswordMail(to: string, username: string, url: string): MailMessage;
