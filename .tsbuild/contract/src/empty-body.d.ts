import { z } from 'zod';
/** The body of a call that takes none: absent (null or undefined), or an empty object (unknown fields refused). */
export declare const emptyBodySchema: z.ZodOptional<z.ZodNullable<z.ZodObject<{}, z.core.$strict>>>;
