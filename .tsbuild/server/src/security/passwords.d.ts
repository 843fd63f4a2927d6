/** The cost of an argon2id hash: memory in KiB and passes. */
export interface PasswordHashCost {
    memoryCost: number;
    timeCost: number;
}
/** The OWASP parameters (m = 19 MiB, t = 2, with p = 1): what the app hashes with. */
export declare const owaspPasswordCost: PasswordHashCost;
/** argon2id; `cost` is lowered only by tests that ask for it (BuildOptions.passwordCost). */
export declare function hashPassword(password: string, cost?: PasswordHashCost): Promise<string>;
export declare function verifyPassword(passwordHash: string, password: string): Promise<boolean>;
/**
 * Verifies the password against a throw-away hash made with the same parameters, so a sign-in
 * with an unknown login costs as much as one with a known login (no account enumeration by time).
 * Always at the OWASP cost, so a test app that hashes for less still pays it here.
 */
export declare function verifyDummyPassword(password: string): Promise<false>;
/** True when the password is among the most common ones (case-insensitive). */
export declare function isCommonPassword(password: string): boolean;
/** Throws invalid_input naming the field when the password is too common to be safe. */
export declare function assertAcceptablePassword(password: string, field?: string): void;
