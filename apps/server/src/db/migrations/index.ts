import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-accounts';

/** Every migration, in order. A static list: no file-system scanning at start-up. */
const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
