import type { DetectBody, DetectResult } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import { conflict } from '../../errors';
import { getLearningSettings } from '../users/users.service';
import { detector } from './detector-thread';

/** Our codes that tinyld knows under another ISO 639-1 code. */
const toDetectorCode: Record<string, string> = { 'zh-Hant': 'zh', fil: 'tl', nb: 'no' };

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

/** Below this score the detector's best guess is noise: the confidence shrinks towards 0. */
const evidenceFloor = 0.1;

/**
 * Which of the candidates the text is in. The learner's pair makes it a choice between two (or a
 * few) languages, so the answer is how the candidates compare with each other, not with every
 * language the detector knows: a short term that scores 0.17 for English and nothing for Spanish
 * is English, confidently. In order:
 * - the script, when only one candidate is written in it (a single kanji or Arabic word gives
 *   n-grams too little to go on, but its script alone decides between ja and en);
 * - tinyld's scores over all its languages: a candidate it knows scores its own, one it does not
 *   (Catalan, Swahili, Zulu…) the best score of any language that is none of the known
 *   candidates ("looks like something other than English" is what tells Catalan from English);
 * - the confidence is the best candidate's share of the two best scores, shrunk when even the
 *   best score is weak; a tie or no signal at all (digits, symbols) is code null, confidence 0.
 */
export async function detectAmong(text: string, candidates: string[]): Promise<DetectResult> {
  const scriptMatch = byScript(text, candidates);
  if (scriptMatch) return { code: scriptMatch, confidence: 0.95 };
  // tinyld's heavy model (its larger n-gram tables know single words that the default one
  // misses: "dog", "tree", "la mesa" score nothing there), in a thread of its own.
  const { known, scores } = await detector.scores(text);
  const detectorCode = (code: string) => toDetectorCode[code] ?? code;
  const knownCodes = new Set(candidates.map(detectorCode).filter((code) => known.has(code)));
  let elsewhere = 0;
  for (const [language, score] of scores) {
    if (!knownCodes.has(language)) elsewhere = Math.max(elsewhere, score);
  }
  const ranked = candidates
    .map((code) => ({
      code,
      score: knownCodes.has(detectorCode(code)) ? (scores.get(detectorCode(code)) ?? 0) : elsewhere,
    }))
    .sort((a, b) => b.score - a.score);
  const [best, second] = ranked;
  if (!best || best.score <= 0 || (second && second.score === best.score)) {
    return { code: null, confidence: 0 };
  }
  const share = best.score / (best.score + (second?.score ?? 0));
  const confidence = share * Math.min(1, best.score / evidenceFloor);
  return { code: best.code, confidence: Number(confidence.toFixed(3)) };
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
