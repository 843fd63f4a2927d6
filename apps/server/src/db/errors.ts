// What a constraint of the database refused, on both dialects: better-sqlite3's extended result
// codes (SQLITE_CONSTRAINT_*) and PostgreSQL's SQLSTATE class 23 ("integrity constraint
// violation"). Services map each where it happens (docs/decisions/0015-concurrent-writes.md):
// a unique or primary key → 409 `conflict`, a foreign key → 404 `not_found`.

const codeOf = (error: unknown): string | undefined =>
  error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;

/** A UNIQUE constraint refused the write (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/**
 * A PRIMARY KEY refused the write: the row exists already. SQLite names it apart from other unique
 * constraints; PostgreSQL reports it as any unique violation (23505).
 */
export function isPrimaryKeyViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505';
}

/** The write would make a second row where one may exist: a unique or primary key refused it. */
export function isDuplicateViolation(error: unknown): boolean {
  return isUniqueViolation(error) || isPrimaryKeyViolation(error);
}

/** A FOREIGN KEY constraint refused the write: the row it points to is gone (SQLite or PostgreSQL). */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = codeOf(error);
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/** Any constraint refused the write (unique, primary key, foreign key, not null, check…). */
export function isConstraintViolation(error: unknown): boolean {
  const code = codeOf(error);
  if (code === undefined) return false;
  return code.startsWith('SQLITE_CONSTRAINT') || /^23[0-9A-Z]{3}$/.test(code);
}
