/** A UNIQUE constraint refused the write (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  return error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === '23505';
}
