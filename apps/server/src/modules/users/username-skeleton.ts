import unhomoglyph from 'unhomoglyph';

/**
 * The key that makes usernames unique beyond case: Unicode TR39's confusable skeleton (NFD, each
 * confusable character replaced by its prototype from the Unicode confusables data, NFD again),
 * taken once more after lower-casing, so that Latin `a` and Cyrillic `а`, `paypal` and `PayPaI`,
 * `john` and `j0hn` have the same key (decision 0017). Only ever compared, never shown. Migration
 * 0008 filled users.username_skeleton with this key: a change of it needs a migration that fills
 * the column again.
 */
export function usernameSkeleton(username: string): string {
  const mapped = (text: string) => unhomoglyph(text.normalize('NFD')).normalize('NFD');
  return mapped(mapped(username.trim().normalize('NFKC')).toLowerCase());
}
