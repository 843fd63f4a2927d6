import { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import { type LogStream } from './http/logging';
import { type Mailer } from './mail/mailer';
import { type PasswordHashCost } from './security/passwords';
export interface BuildOptions {
    /** Where log lines go (tests capture them); stdout by default. */
    logStream?: LogStream;
    mailer?: Mailer;
    now?: () => number;
    /**
     * Tests only: a cheaper argon2id cost for new password hashes (a test suite signs hundreds of
     * learners up). Verifying reads the cost from each hash; the dummy verification of an unknown
     * login keeps the OWASP cost. Production never passes it.
     */
    passwordCost?: PasswordHashCost;
}
/** Builds the whole app on its database, migrated. Never listens: main.ts or tests decide. */
export declare function buildApp(config: Config, options?: BuildOptions): Promise<FastifyInstance>;
