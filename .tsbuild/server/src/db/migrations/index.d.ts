import type { MigrationProvider } from 'kysely';
export declare const migrationProvider: MigrationProvider;
