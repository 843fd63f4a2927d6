import { z } from 'zod';

/**
 * A string that must be given: "<label> is required" when it is missing or null, "<label> must be
 * text" when it is another type (a number, a list…), so the message says what is wrong.
 */
export const requiredString = (label: string) =>
  z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? `${label} is required`
        : `${label} must be text`,
  });
