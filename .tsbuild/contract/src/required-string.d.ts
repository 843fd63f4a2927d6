import { z } from 'zod';
/**
 * A string that must be given: "<label> is required" when it is missing or null, "<label> must be
 * text" when it is another type (a number, a list…), so the message says what is wrong.
 */
export declare const requiredString: (label: string) => z.ZodString;
