import { ConfigError, loadConfig, repositoryRoot } from '../config';
import { createDatabase, migrateToLatest } from '../db/database';
import { runAdminCommand } from './admin-commands';

/** `npm run admin -- promote <email>`: same settings as the server (DATA_DIR, DATABASE_URL). */
async function main(): Promise<number> {
  // npm runs the workspace script inside apps/server; `npm start` runs the server from the
  // repository root, so relative settings (DATA_DIR=./data) must resolve from there too.
  process.chdir(repositoryRoot);
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const database = createDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    const result = await runAdminCommand(process.argv.slice(2), {
      db: database.db,
      now: Date.now,
    });
    if (result.exitCode === 0) console.log(result.message);
    else console.error(result.message);
    return result.exitCode;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
