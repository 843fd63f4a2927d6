// Whether the signed-in learner's address was unverified when the app last knew, kept on the
// device so that the verify-email banner shows with the page's first paint instead of pushing the
// page down when the account arrives (the dashboard's layout shift, decision 0031's addendum).

const keyPrefix = 'emailUnverified:';

/** True when the learner's address was unverified at the last look. */
export function rememberedUnverified(userId: string): boolean {
  try {
    return localStorage.getItem(keyPrefix + userId) === '1';
  } catch {
    return false;
  }
}

/** Keeps what the account says (nothing is kept for a verified address). */
export function rememberVerification(userId: string, verified: boolean): void {
  try {
    if (verified) localStorage.removeItem(keyPrefix + userId);
    else localStorage.setItem(keyPrefix + userId, '1');
  } catch {
    // A storage that refuses costs only the banner's place on the next load.
  }
}

/** Forgets every learner's (signing out). */
export function forgetVerifications(storage: Storage): void {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index += 1) {
    const key = storage.key(index);
    if (key?.startsWith(keyPrefix)) keys.push(key);
  }
  for (const key of keys) storage.removeItem(key);
}
