/** A machine translation service: one or more translations of a text, or a thrown error. */
export interface TranslationProvider {
    translate(request: {
        text: string;
        from: string;
        to: string;
        signal: AbortSignal;
    }): Promise<string[]>;
}
/**
 * A LibreTranslate-compatible server (TRANSLATE_URL): `POST /translate` with
 * `{ q, source, target, format: 'text' }` answers `{ translatedText }`.
 */
export declare function libreTranslateProvider(baseUrl: string): TranslationProvider;
