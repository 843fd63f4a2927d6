import type { CompiledQuery, QueryResult } from 'kysely';
/** A SQLite thread (sqlite-writer.worker.mjs); the writer's statements in, results out, in order. */
export declare class WriterThread {
    #private;
    private constructor();
    static start(file: string, role: 'writer' | 'checkpointer', pragmas: string[]): Promise<WriterThread>;
    execute<R>(query: CompiledQuery): Promise<QueryResult<R>>;
    executeMany(queries: readonly CompiledQuery[]): Promise<QueryResult<unknown>[]>;
    close(): Promise<void>;
}
