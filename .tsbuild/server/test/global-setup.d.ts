import type { TestProject } from 'vitest/node';
declare module 'vitest' {
    interface ProvidedContext {
        pgTemplate: string;
        /** A migrated SQLite file, copied by each test app (empty on PostgreSQL). */
        sqliteTemplate: string;
    }
}
/**
 * Migrate one template database per run; every test app then gets its own database copied from
 * it (a file copy on SQLite, CREATE DATABASE … TEMPLATE on PostgreSQL), so tests never share rows
 * and none pays for the migrations again.
 */
export default function setup(project: TestProject): Promise<() => void>;
