import type { FastifyInstance } from 'fastify';
/** The path of the first string holding a NUL character, or undefined. */
export declare function findNul(value: unknown, path?: string[]): string[] | undefined;
/**
 * Refuses any text with a NUL character in the body, query or path before validation:
 * PostgreSQL cannot store it in text columns, and no learner ever means to type it.
 */
export declare function registerNulGuard(app: FastifyInstance): void;
