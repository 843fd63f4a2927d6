import { z } from 'zod';
export declare const languageToolLimits: {
    readonly textMax: 500;
    readonly candidatesMax: 10;
    readonly suggestionsMax: 10;
};
/**
 * POST /api/languages/detect: which of the candidate languages the text is in (offline). The
 * candidates default to the learner's defaultFromLanguageCode and toLanguageCode. When the learner
 * turned isAutodetectLanguageEnabled off, the call answers 409 conflict naming that setting.
 */
export declare const detectBodySchema: z.ZodObject<{
    text: z.ZodString;
    candidates: z.ZodOptional<z.ZodArray<z.ZodString>>;
}, z.core.$strict>;
export type DetectBody = z.infer<typeof detectBodySchema>;
export declare const detectResultSchema: z.ZodObject<{
    code: z.ZodNullable<z.ZodString>;
    confidence: z.ZodNumber;
}, z.core.$strict>;
export type DetectResult = z.infer<typeof detectResultSchema>;
/** POST /api/translate */
export declare const translateBodySchema: z.ZodObject<{
    text: z.ZodString;
    from: z.ZodString;
    to: z.ZodString;
}, z.core.$strict>;
export type TranslateBody = z.infer<typeof translateBodySchema>;
export declare const translationSuggestionSchema: z.ZodObject<{
    text: z.ZodString;
    source: z.ZodEnum<{
        cards: "cards";
        provider: "provider";
    }>;
}, z.core.$strict>;
export type TranslationSuggestion = z.infer<typeof translationSuggestionSchema>;
export declare const translateResultSchema: z.ZodObject<{
    suggestions: z.ZodArray<z.ZodObject<{
        text: z.ZodString;
        source: z.ZodEnum<{
            cards: "cards";
            provider: "provider";
        }>;
    }, z.core.$strict>>;
}, z.core.$strict>;
export type TranslateResult = z.infer<typeof translateResultSchema>;
