import type { Db } from '../db/database';
export interface AdminCommandDeps {
    db: Db;
    now: () => number;
}
export interface AdminCommandResult {
    /** The process exit code: 0 done, 1 refused (unknown user), 2 bad command line. */
    exitCode: number;
    /** What happened, for a person to read; stdout on success, stderr otherwise. */
    message: string;
}
export declare const adminUsage: string;
/** The admin commands, apart from the process: parses the arguments and applies the change. */
export declare function runAdminCommand(args: readonly string[], deps: AdminCommandDeps): Promise<AdminCommandResult>;
