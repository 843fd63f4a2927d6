import type { Db } from '../db/database';
import { findUser, lockActiveAdmins, setUserRole } from '../modules/users/users.service';

export interface AdminCommandDeps {
  db: Db;
  now: () => number;
  /** Where the database is, for a person ("SQLite /srv/glossa/data/glossa.db"). */
  databaseName?: string;
}

export interface AdminCommandResult {
  /** The process exit code: 0 done, 1 refused (unknown user, no database), 2 bad command line. */
  exitCode: number;
  /** What happened, for a person to read; stdout on success, stderr otherwise. */
  message: string;
}

const adminUsage = [
  'Usage: npm run admin -- <command> <email>',
  '',
  'Commands:',
  '  promote <email>   give the user with this e-mail the admin role',
  '  demote <email>    give the user with this e-mail the user role back (never the last admin)',
  '',
  'It works on the database the server uses, read from the same settings (DATA_DIR, DATABASE_URL).',
].join('\n');

const roles = { promote: 'admin', demote: 'user' } as const;
type AdminCommand = keyof typeof roles;

function isCommand(name: string | undefined): name is AdminCommand {
  return name === 'promote' || name === 'demote';
}

/**
 * The command line alone, before any database is opened: the command to apply, or what to print
 * (the usage, or why the line is refused).
 */
export function parseAdminArgs(
  args: readonly string[],
): { command: AdminCommand; email: string } | AdminCommandResult {
  const [command, email, ...extra] = args;
  if (command === 'help' || command === '--help' || command === '-h') {
    return { exitCode: 0, message: adminUsage };
  }
  if (!isCommand(command)) {
    const problem = command ? `Unknown command "${command}".` : 'No command given.';
    return { exitCode: 2, message: `${problem}\n\n${adminUsage}` };
  }
  if (!email?.trim() || extra.length > 0) {
    return {
      exitCode: 2,
      message: `"${command}" takes exactly one e-mail address.\n\n${adminUsage}`,
    };
  }
  return { command, email: email.trim() };
}

/** Gives the user with this e-mail the command's role; one line says what happened. */
export async function applyAdminCommand(
  command: AdminCommand,
  email: string,
  deps: AdminCommandDeps,
): Promise<AdminCommandResult> {
  const user = await findUser(deps.db, { email });
  if (!user) {
    // Naming the database: an unknown address often means the settings point elsewhere.
    const where = deps.databaseName ? ` in ${deps.databaseName}` : '';
    return { exitCode: 1, message: `No user has the e-mail address ${email}${where}.` };
  }
  const role = roles[command];
  const who = `${user.username} <${user.email}>`;
  if (user.role === role) {
    return { exitCode: 0, message: `${who} already has the ${role} role: nothing changed.` };
  }
  const refused = await deps.db.transaction().execute(async (trx) => {
    // Under every active admin's lock: two demotions at once cannot both see another admin left.
    const admins = await lockActiveAdmins(trx);
    const now = await findUser(trx, { id: user.id });
    if (!now) return `${who} was deleted meanwhile: nothing changed.`;
    if (role === 'user' && now.role === 'admin' && !now.disabled && admins <= 1) {
      return `${who} is the last admin: promote another user first, or nobody could administer this instance. Nothing changed.`;
    }
    await setUserRole(trx, user.id, role, deps.now());
    return undefined;
  });
  if (refused) return { exitCode: 1, message: refused };
  return { exitCode: 0, message: `${who} now has the ${role} role (was ${user.role}).` };
}

/** The admin commands, apart from the process: parses the arguments and applies the change. */
export async function runAdminCommand(
  args: readonly string[],
  deps: AdminCommandDeps,
): Promise<AdminCommandResult> {
  const parsed = parseAdminArgs(args);
  return 'command' in parsed ? applyAdminCommand(parsed.command, parsed.email, deps) : parsed;
}
