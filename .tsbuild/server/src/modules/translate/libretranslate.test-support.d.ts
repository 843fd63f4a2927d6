export interface FakeLibreTranslate {
    url: string;
    /** ok: answers at once; slow: answers after 5 s; error: answers 500. */
    mode: 'ok' | 'slow' | 'error';
    requests: unknown[];
    close(): Promise<void>;
}
/** A LibreTranslate-compatible server with its documented /translate, /detect, /languages. */
export declare function startFakeLibreTranslate(dictionary: Record<string, string>): Promise<FakeLibreTranslate>;
/** A URL nothing listens on (a server started, then closed). */
export declare function deadUrl(): Promise<string>;
