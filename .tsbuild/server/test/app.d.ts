import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type BuildOptions } from '../src/app';
import { type Config, type Env } from '../src/config';
import type { PasswordHashCost } from '../src/security/passwords';
import { type SmtpInbox } from './smtp-inbox';
export interface TestApp {
    app: FastifyInstance;
    config: Config;
    inbox: SmtpInbox;
    /** Sends a request through app.inject and parses the JSON envelope. */
    call(options: InjectOptions & {
        token?: string;
    }): Promise<TestResponse>;
    /**
     * Resolves when the work the app goes on with after answering (mail) has finished and every
     * message sent has reached the inbox: then "nothing was mailed" can be asserted.
     */
    idle(): Promise<void>;
    close(): Promise<void>;
}
export interface TestResponse {
    status: number;
    headers: LightMyRequestResponse['headers'];
    code: string;
    payload: Record<string, unknown> & {
        issues?: {
            path: string;
            message: string;
        }[];
    };
    raw: LightMyRequestResponse;
}
/**
 * What test apps hash new passwords with unless a test passes `passwordCost` (undefined for the
 * app's own OWASP cost): argon2id at 1 MiB and one pass, about a hundredth of the OWASP cost.
 */
export declare const testPasswordCost: PasswordHashCost;
/** A fresh app on its own copy of the migrated template database, with mail. */
export declare function createTestApp(options?: {
    env?: Env;
} & BuildOptions): Promise<TestApp>;
