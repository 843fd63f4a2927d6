import fs from 'node:fs';
import { ConfigError, loadConfig, repositoryRoot, type Config } from '../config';
import { createDatabase, migrationState } from '../db/database';
import { applyAdminCommand, parseAdminArgs } from './admin-commands';

/** The database for a person: its file, or its name and host (never the URL's password). */
function describeDatabase(database: Config['database']): string {
  if (database.kind === 'sqlite') return `the SQLite database ${database.file}`;
  const url = new URL(database.url);
  return `the PostgreSQL database ${url.pathname.slice(1) || url.username} on ${url.host}`;
}

const settingsHint =
  "give this command the server's settings (DATA_DIR or DATABASE_URL, as `npm start` has them)";

/**
 * `npm run admin -- promote <email>`: on the database the server uses, found from the same
 * settings (DATA_DIR, DATABASE_URL), which it never creates nor migrates; a missing, empty or
 * older database is refused, each with one line saying what to do.
 */
async function main(): Promise<number> {
  const parsed = parseAdminArgs(process.argv.slice(2));
  if (!('command' in parsed)) {
    (parsed.exitCode === 0 ? console.log : console.error)(parsed.message);
    return parsed.exitCode;
  }
  // npm runs a workspace's script inside its folder (apps/server); `npm start` runs the server
  // from the repository's root, so relative settings (DATA_DIR=./data) resolve from there too.
  process.chdir(repositoryRoot);
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 2;
  }
  const where = describeDatabase(config.database);
  if (config.database.kind === 'sqlite' && !fs.existsSync(config.database.file)) {
    console.error(`No Glossa database at ${config.database.file}: ${settingsHint}.`);
    return 1;
  }
  const database = createDatabase(config.database, undefined, { mustExist: true });
  try {
    const state = await migrationState(database.db);
    if (state === 'empty') {
      console.error(`${capitalise(where)} has no Glossa tables: ${settingsHint}.`);
      return 1;
    }
    if (state === 'behind') {
      console.error(
        `${capitalise(where)} is older than this version of Glossa: start the server once ` +
          '(npm start) to bring it up to date, then run this again.',
      );
      return 1;
    }
    const result = await applyAdminCommand(parsed.command, parsed.email, {
      db: database.db,
      now: Date.now,
      databaseName: where,
    });
    (result.exitCode === 0 ? console.log : console.error)(result.message);
    return result.exitCode;
  } catch (error) {
    // One line a person can act on (an unreachable server, a locked file), not a stack.
    console.error(`Could not use ${where}: ${error instanceof Error ? error.message : error}`);
    return 1;
  } finally {
    await database.close();
  }
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

process.exitCode = await main();
