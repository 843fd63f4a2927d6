export type Env = Record<string, string | undefined>;
export interface Config {
    port: number;
    host: string;
    dataDir: string;
    database: {
        kind: 'sqlite';
        file: string;
    } | {
        kind: 'postgres';
        url: string;
    };
    publicUrl: string;
    jwtSecret: string | undefined;
    smtpUrl: string | undefined;
    mailFrom: string;
    translateUrl: string | undefined;
    billing: boolean;
    logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
    trustProxy: boolean;
    /** Requests per minute and client address on each sign-in, sign-up, refresh and mail call. */
    authRateLimit: number;
    webDist: string;
}
export declare class ConfigError extends Error {
}
export declare function loadConfig(env?: Env): Config;
