import { type KeyObject } from 'node:crypto';
export interface SigningKeys {
    /** Key objects, so jose does not import the raw bytes again for every token it checks. */
    access: KeyObject;
    refresh: KeyObject;
    /** HMAC key for the digest of the security stamp carried in access tokens. */
    digest: Uint8Array;
    /** HMAC key for one-time tokens (mail links) and other server-side digests. */
    general: Uint8Array;
}
/** The secret from JWT_SECRET, else generated once into DATA_DIR/secret (mode 0600). */
export declare function loadSecret(configured: string | undefined, dataDir: string): string;
/** Distinct keys derived from the one secret, so an access token can never pass for a refresh one. */
export declare function deriveKeys(secret: string): SigningKeys;
