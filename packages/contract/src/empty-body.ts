import { z } from 'zod';

/** The body of a call that takes none: absent (null or undefined), or an empty object (unknown fields refused). */
export const emptyBodySchema = z.strictObject({}).nullish();
