import fs from 'node:fs';
import path from 'node:path';
import { createSecretKey, hkdfSync, randomBytes, type KeyObject } from 'node:crypto';

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
export function loadSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}

/** Distinct keys derived from the one secret, so an access token can never pass for a refresh one. */
export function deriveKeys(secret: string): SigningKeys {
  const derive = (info: string) => new Uint8Array(hkdfSync('sha256', secret, 'glossa', info, 32));
  return {
    access: createSecretKey(derive('access token')),
    refresh: createSecretKey(derive('refresh token')),
    digest: derive('security stamp digest'),
    general: derive('general'),
  };
}
