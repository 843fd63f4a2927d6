// Without zod, so that the public pages' script can read the theme without the contract's schemas
// (its own entry point, @glossa/contract/storage-keys; decision 0031).

/** The localStorage keys of the session, exactly as the seed names them. */
export const sessionStorageKeys = [
  'encodedAccessToken',
  'encodedRefreshToken',
  'decodedAccessToken',
  'decodedRefreshToken',
] as const;
export const themeStorageKey = 'isDark';
