import { z } from 'zod';
import { requiredString } from './required-string';
import { cardLimits } from './cards';
import { languageCodeSchema } from './languages';

export const languageToolLimits = {
  textMax: cardLimits.frontMax,
  candidatesMax: 10,
  suggestionsMax: 10,
} as const;

const toolTextSchema = requiredString('text')
  .trim()
  .min(1, { error: 'text is required' })
  .max(languageToolLimits.textMax, {
    error: `text must be at most ${languageToolLimits.textMax} characters`,
  });

/**
 * POST /api/languages/detect: which of the candidate languages the text is in (offline). The
 * candidates default to the learner's defaultFromLanguageCode and toLanguageCode. When the learner
 * turned isAutodetectLanguageEnabled off, the call answers 409 conflict naming that setting.
 */
export const detectBodySchema = z.strictObject({
  text: toolTextSchema,
  candidates: z
    .array(languageCodeSchema)
    .min(1, { error: 'Give at least one candidate' })
    .max(languageToolLimits.candidatesMax, {
      error: `Give at most ${languageToolLimits.candidatesMax} candidates`,
    })
    .optional(),
});
export type DetectBody = z.infer<typeof detectBodySchema>;

export const detectResultSchema = z.strictObject({
  /** One of the candidates, or null when the text says nothing about them (digits, symbols). */
  code: z.string().nullable(),
  /** 0 to 1: how surely the text is in `code` rather than in the other candidates. */
  confidence: z.number().min(0).max(1),
});

/**
 * The confidence from which a client shows a detection: on short terms in every language against
 * English, 88 % of them are shown and right and 3 % shown and wrong (detect.test.ts measures it).
 */
export const detectionShowConfidence = 0.75;
export type DetectResult = z.infer<typeof detectResultSchema>;

/** POST /api/translate */
export const translateBodySchema = z.strictObject({
  text: toolTextSchema,
  from: languageCodeSchema,
  to: languageCodeSchema,
});
export type TranslateBody = z.infer<typeof translateBodySchema>;

export const translationSuggestionSchema = z.strictObject({
  text: z.string(),
  /** cards: an answer of a card with the same front and pair (own or readable); provider: the
   * machine translation server (TRANSLATE_URL). */
  source: z.enum(['cards', 'provider']),
});
export type TranslationSuggestion = z.infer<typeof translationSuggestionSchema>;

export const translateResultSchema = z.strictObject({
  suggestions: z.array(translationSuggestionSchema),
});
export type TranslateResult = z.infer<typeof translateResultSchema>;
