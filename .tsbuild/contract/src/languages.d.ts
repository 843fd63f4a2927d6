import { z } from 'zod';
export declare const languageSchema: z.ZodObject<{
    code: z.ZodString;
    englishName: z.ZodString;
    nativeName: z.ZodString;
    direction: z.ZodEnum<{
        ltr: "ltr";
        rtl: "rtl";
    }>;
}, z.core.$strict>;
export type Language = z.infer<typeof languageSchema>;
export declare const languages: readonly Language[];
export declare function findLanguage(code: string): Language | undefined;
export declare const languageCodeSchema: z.ZodString;
