// Tests pick their database with TEST_DB=postgres (SQLite otherwise); TEST_PG_URL points at the
// server (default: the local PostgreSQL with trust auth).
export function testDatabaseKind(): 'sqlite' | 'postgres' {
  return process.env['TEST_DB'] === 'postgres' ? 'postgres' : 'sqlite';
}

export function adminUrl(): string {
  return process.env['TEST_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

export function databaseUrl(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}
