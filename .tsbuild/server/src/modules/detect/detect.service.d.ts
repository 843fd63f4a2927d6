import type { DetectBody, DetectResult } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
/**
 * Which of the candidates the text is in: the script when only one candidate uses it, else tinyld
 * (offline n-grams) restricted to the candidates. No signal in the text (digits, symbols, a word
 * both languages share): code null, confidence 0.
 */
export declare function detectAmong(text: string, candidates: string[]): DetectResult;
/**
 * POST /api/languages/detect. A learner who turned detection off gets 409 naming the setting,
 * so a client that still calls it learns why instead of silently getting nothing.
 */
export declare function detectLanguage(deps: AppDeps, userId: string, body: DetectBody): Promise<DetectResult>;
