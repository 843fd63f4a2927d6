import type { Migration, MigrationProvider } from 'kysely';
import * as m0001 from './0001-accounts';
import * as m0002 from './0002-cards';
import * as m0003 from './0003-study';
import * as m0004 from './0004-review-log-by-time';
import * as m0005 from './0005-study-queue';
import * as m0006 from './0006-fewer-index-writes';

/** Every migration, in order. A static list: no file-system scanning at start-up. */
const migrations: Record<string, Migration> = {
  '0001-accounts': m0001,
  '0002-cards': m0002,
  '0003-study': m0003,
  '0004-review-log-by-time': m0004,
  '0005-study-queue': m0005,
  '0006-fewer-index-writes': m0006,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
