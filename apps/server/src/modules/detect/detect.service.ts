import type { DetectBody, DetectResult } from '@glossa/contract';
import { detectAll } from 'tinyld';
import type { AppDeps } from '../../app-deps';
import { conflict } from '../../errors';
import { getLearningSettings } from '../users/users.service';

/** Our codes that tinyld knows under another ISO 639-1 code. */
const toDetectorCode: Record<string, string> = { 'zh-Hant': 'zh', fil: 'tl' };

/** The scripts of languages not written in Latin letters (the others are Latin). */
const scripts: Record<string, string[]> = {
  ja: ['Hiragana', 'Katakana', 'Han'],
  zh: ['Han'],
  'zh-Hant': ['Han'],
  ko: ['Hangul', 'Han'],
  ...Object.fromEntries(
    ['ru', 'uk', 'bg', 'be', 'mk', 'sr', 'kk', 'ky', 'mn', 'tg'].map((c) => [c, ['Cyrillic']]),
  ),
  ...Object.fromEntries(['ar', 'fa', 'ur', 'ps'].map((c) => [c, ['Arabic']])),
  ...Object.fromEntries(['he', 'yi'].map((c) => [c, ['Hebrew']])),
  ...Object.fromEntries(['hi', 'mr', 'ne'].map((c) => [c, ['Devanagari']])),
  el: ['Greek'],
  hy: ['Armenian'],
  ka: ['Georgian'],
  th: ['Thai'],
  bn: ['Bengali'],
  ta: ['Tamil'],
  te: ['Telugu'],
  kn: ['Kannada'],
  ml: ['Malayalam'],
  gu: ['Gujarati'],
  pa: ['Gurmukhi'],
  si: ['Sinhala'],
  km: ['Khmer'],
  lo: ['Lao'],
  my: ['Myanmar'],
  am: ['Ethiopic'],
};
const knownScripts = [...new Set(['Latin', ...Object.values(scripts).flat()])].map(
  (name) => [name, new RegExp(`\\p{Script=${name}}`, 'gu')] as const,
);

/** The script most of the text's letters are written in. */
function dominantScript(text: string): string | undefined {
  let best: string | undefined;
  let bestCount = 0;
  for (const [name, pattern] of knownScripts) {
    const count = text.match(pattern)?.length ?? 0;
    if (count > bestCount) [best, bestCount] = [name, count];
  }
  return best;
}

/**
 * The only candidate written in the text's script, if there is exactly one (a single kanji or
 * Arabic word gives n-grams too little to go on, but its script alone decides between ja and en).
 */
function byScript(text: string, candidates: string[]): string | undefined {
  const script = dominantScript(text);
  if (!script) return undefined;
  const matching = candidates.filter((code) => (scripts[code] ?? ['Latin']).includes(script));
  return matching.length === 1 ? matching[0] : undefined;
}

/**
 * Which of the candidates the text is in: the script when only one candidate uses it, else tinyld
 * (offline n-grams) restricted to the candidates. No signal in the text (digits, symbols, a word
 * both languages share): code null, confidence 0.
 */
export function detectAmong(text: string, candidates: string[]): DetectResult {
  const byDetectorCode = new Map<string, string>();
  for (const code of candidates) {
    const detectorCode = toDetectorCode[code] ?? code;
    if (!byDetectorCode.has(detectorCode)) byDetectorCode.set(detectorCode, code);
  }
  const scriptMatch = byScript(text, candidates);
  const [best] = detectAll(text, { only: [...byDetectorCode.keys()] });
  const code = best ? byDetectorCode.get(best.lang) : undefined;
  if (scriptMatch && code !== scriptMatch) return { code: scriptMatch, confidence: 0.9 };
  if (!best || !code) return { code: null, confidence: 0 };
  return { code, confidence: Math.min(1, Math.max(0, Number(best.accuracy.toFixed(3)))) };
}

/**
 * POST /api/languages/detect. A learner who turned detection off gets 409 naming the setting,
 * so a client that still calls it learns why instead of silently getting nothing.
 */
export async function detectLanguage(
  deps: AppDeps,
  userId: string,
  body: DetectBody,
): Promise<DetectResult> {
  const settings = await getLearningSettings(deps.db, userId);
  if (!settings.isAutodetectLanguageEnabled) {
    throw conflict('isAutodetectLanguageEnabled', 'Language detection is turned off in settings');
  }
  const candidates = body.candidates ?? [settings.defaultFromLanguageCode, settings.toLanguageCode];
  return detectAmong(body.text, [...new Set(candidates)]);
}
