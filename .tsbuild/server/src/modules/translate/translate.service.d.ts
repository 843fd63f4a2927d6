import { type TranslateBody, type TranslateResult } from '@glossa/contract';
import type { AppDeps } from '../../app-deps';
import type { TranslationProvider } from './translation-provider';
/** How long the provider may take before the card suggestions are answered without it. */
export declare const providerTimeoutMs = 1500;
/** POST /api/translate */
export declare function translate(deps: AppDeps, provider: TranslationProvider | undefined, userId: string, body: TranslateBody): Promise<TranslateResult>;
