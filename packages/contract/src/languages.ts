import { z } from 'zod';
import { languagesByCode } from './language-list';

export { findLanguage, languages, type Language } from './language-list';

export const languageSchema = z.strictObject({
  code: z.string(),
  englishName: z.string(),
  nativeName: z.string(),
  direction: z.enum(['ltr', 'rtl']),
});

export const languageCodeSchema = z
  .string()
  .refine((code) => languagesByCode.has(code), { error: 'Unknown language code' });
