/** A machine translation service: one or more translations of a text, or a thrown error. */
export interface TranslationProvider {
  translate(request: {
    text: string;
    from: string;
    to: string;
    signal: AbortSignal;
  }): Promise<string[]>;
}

/** Our codes that LibreTranslate names otherwise. */
const libreCodes: Record<string, string> = { 'zh-Hant': 'zt', nb: 'nb' };

/**
 * A LibreTranslate-compatible server (TRANSLATE_URL): `POST /translate` with
 * `{ q, source, target, format: 'text' }` answers `{ translatedText }`.
 */
export function libreTranslateProvider(baseUrl: string): TranslationProvider {
  const url = `${baseUrl.replace(/\/+$/, '')}/translate`;
  return {
    async translate({ text, from, to, signal }) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          q: text,
          source: libreCodes[from] ?? from,
          target: libreCodes[to] ?? to,
          format: 'text',
        }),
        signal,
      });
      if (!res.ok) throw new Error(`the translation server answered ${res.status}`);
      const body: unknown = await res.json();
      const translated =
        body && typeof body === 'object' && 'translatedText' in body
          ? body.translatedText
          : undefined;
      if (typeof translated !== 'string') {
        throw new Error('the translation server answered without translatedText');
      }
      return translated.trim() ? [translated.trim()] : [];
    },
  };
}
