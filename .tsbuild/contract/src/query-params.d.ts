import { z } from 'zod';
/**
 * A whole number from 1 to `max` in a query string (`?limit=20`), `fallback` when absent; each
 * refusal names the parameter.
 */
export declare const countParam: (name: string, max: number, fallback: number) => z.ZodDefault<z.ZodCoercedNumber<unknown>>;
