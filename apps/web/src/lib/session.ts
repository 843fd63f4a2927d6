import type { DecodedToken, TokenPair } from '@glossa/contract';
import { sessionStorageKeys } from '@glossa/contract/storage-keys';
import { parseTokenClaims } from '@glossa/contract/token-claims';

/** The stored session payload: the four localStorage items of the seed. */
export interface Session {
  encodedAccessToken: string;
  encodedRefreshToken: string;
  decodedAccessToken: DecodedToken;
  decodedRefreshToken: DecodedToken;
}

type SessionListener = () => void;

const listeners = new Set<SessionListener>();
let cachedRaw: string | null = null;
let cachedSession: Session | null = null;

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The claims of a JWT, parsed strictly; throws when the token is malformed or has extra keys. */
export function decodeToken(token: string): DecodedToken {
  const parts = token.split('.');
  const claims = parts[1];
  if (parts.length !== 3 || claims === undefined) throw new Error('Malformed token');
  const decoded = parseTokenClaims(JSON.parse(base64UrlDecode(claims)));
  if (!decoded) throw new Error('Malformed token claims');
  return decoded;
}

function rawItems(): (string | null)[] {
  return sessionStorageKeys.map((key) => localStorage.getItem(key));
}

function parseStored(value: string): DecodedToken | null {
  try {
    return parseTokenClaims(JSON.parse(value));
  } catch {
    return null;
  }
}

function notify(): void {
  for (const listener of listeners) listener();
}

function removeItems(): boolean {
  const hadAny = rawItems().some((item) => item !== null);
  for (const key of sessionStorageKeys) localStorage.removeItem(key);
  return hadAny;
}

/**
 * The stored session, only when all four items exist and both decoded tokens parse strictly;
 * anything else is cleared and counts as signed out. The result is cached by the raw items so
 * it can serve as a `useSyncExternalStore` snapshot.
 */
export function readSession(): Session | null {
  const items = rawItems();
  const raw = JSON.stringify(items);
  if (raw === cachedRaw) return cachedSession;
  const [encodedAccessToken, encodedRefreshToken, decodedAccess, decodedRefresh] = items;
  let session: Session | null = null;
  if (
    encodedAccessToken &&
    encodedRefreshToken &&
    decodedAccess !== null &&
    decodedAccess !== undefined &&
    decodedRefresh !== null &&
    decodedRefresh !== undefined
  ) {
    const decodedAccessToken = parseStored(decodedAccess);
    const decodedRefreshToken = parseStored(decodedRefresh);
    if (decodedAccessToken && decodedRefreshToken) {
      session = {
        encodedAccessToken,
        encodedRefreshToken,
        decodedAccessToken,
        decodedRefreshToken,
      };
    }
  }
  if (!session && items.some((item) => item !== null)) {
    removeItems();
    cachedRaw = JSON.stringify(rawItems());
    cachedSession = null;
    // Deferred: readSession may run during a render (as a store snapshot).
    queueMicrotask(notify);
    return null;
  }
  cachedRaw = raw;
  cachedSession = session;
  return session;
}

/** Stores a token pair: the encoded strings and their decoded claims (dates as seconds). */
export function saveSession(pair: TokenPair): Session {
  endedByLearner = false;
  signOutUnderway = false;
  const decodedAccessToken = decodeToken(pair.access);
  const decodedRefreshToken = decodeToken(pair.refresh);
  localStorage.setItem('encodedAccessToken', pair.access);
  localStorage.setItem('encodedRefreshToken', pair.refresh);
  localStorage.setItem('decodedAccessToken', JSON.stringify(decodedAccessToken));
  localStorage.setItem('decodedRefreshToken', JSON.stringify(decodedRefreshToken));
  notify();
  return {
    encodedAccessToken: pair.access,
    encodedRefreshToken: pair.refresh,
    decodedAccessToken,
    decodedRefreshToken,
  };
}

let endedByLearner = false;
let signOutUnderway = false;

/**
 * The learner asked to sign out here (lib/auth.ts `useLogout`), and the sign-out is on its way:
 * whatever ends the session meanwhile ends it as theirs. The server's logout tells this tab's own
 * live connection that the session is revoked, which can arrive before the sign-out has taken
 * the learner to /login; it must not send them to /login?redirect=<the page they left>.
 */
export function beginSignOut(): void {
  signOutUnderway = true;
}

/**
 * Removes the four token items ("clearing storage"). `byLearner`: the learner signed out here, so
 * a signed-in page that loses its session sends them to /login, not back to that page after.
 */
export function clearSession({ byLearner = false }: { byLearner?: boolean } = {}): void {
  endedByLearner = byLearner || signOutUnderway;
  if (byLearner) signOutUnderway = false;
  if (removeItems()) notify();
}

/** Whether the last session in this tab ended because the learner signed out here. */
export function sessionEndedByLearner(): boolean {
  return endedByLearner;
}

/**
 * Calls the listener when the session changes in this tab or, through the `storage` event, in
 * another tab.
 */
export function subscribeSession(listener: SessionListener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    // key is null when another tab cleared the whole storage.
    if (event.key === null || (sessionStorageKeys as readonly string[]).includes(event.key)) {
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
