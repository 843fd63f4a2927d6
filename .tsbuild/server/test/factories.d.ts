import type { TestApp } from './app';
export interface TestUser {
    id: string;
    username: string;
    email: string;
    password: string;
    /** Tokens of one sign-in session (empty strings when the user was created disabled). */
    access: string;
    refresh: string;
}
export interface UserOverrides {
    username?: string;
    email?: string;
    password?: string;
    defaultFromLanguageCode?: string;
    toLanguageCode?: string;
    /** E-mail verified (false by default, as after a real sign-up). */
    verified?: boolean;
    role?: 'user' | 'admin';
    isFreeloaded?: boolean;
    /** Disabled after signing in, so its tokens exist but no longer work. */
    disabled?: boolean;
}
/** A name nobody else in any test uses. */
export declare function uniqueName(prefix?: string): string;
/** Signs in through the API and answers the token pair; fails the test when it cannot. */
export declare function signIn(t: TestApp, login: string, password: string): Promise<{
    access: string;
    refresh: string;
}>;
/** Signs a user up through the API (so the real rules apply), then adjusts it and signs in. */
export declare function createUser(t: TestApp, overrides?: UserOverrides): Promise<TestUser>;
