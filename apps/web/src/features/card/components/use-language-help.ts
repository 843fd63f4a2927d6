import {
  detectionShowConfidence,
  findLanguage,
  languageToolLimits,
  type TranslationSuggestion,
} from '@glossa/contract';
import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { detectLanguage, translateText } from '../api/card-requests';

/** Wait this long after the last keystroke before asking the server. */
const languageHelpDelayMs = 300;
/** Fewer characters than this say too little about a language or a translation. */
const languageHelpMinLength = 2;

export interface DetectedLanguage {
  code: string;
  name: string;
  /** The detected language is the "to" one: swapping the pair fixes it. */
  swap: boolean;
}

/**
 * What each suggestion source is called under the answers field, in the active language (getters:
 * read when shown).
 */
export const suggestionSourceLabel: Record<TranslationSuggestion['source'], string> = {
  // The server does not tell the learner's own cards from shared ones (both are "cards").
  get cards() {
    return t`from cards`;
  },
  get provider() {
    return t`translation service`;
  },
};

interface LanguageHelpInput {
  front: string;
  from: string;
  to: string;
  /** The learner's isAutodetectLanguageEnabled setting. */
  detectEnabled: boolean;
  /** Off while the dialog is closed. */
  active: boolean;
}

function quiet(failureCount: number, error: Error): boolean {
  // Help is optional: a refusal stays one; a network blip is tried once more.
  return (
    !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1
  );
}

/**
 * Language help while typing a card's front (debounced): the language the front seems to be in,
 * when it is not the "from" language, and translation suggestions for the answers. Failures
 * (detection turned off: 409, a network error) show nothing.
 */
export function useLanguageHelp({ front, from, to, detectEnabled, active }: LanguageHelpInput) {
  const text = useDebouncedValue(front.trim(), languageHelpDelayMs);
  const usable =
    active &&
    front.trim().length >= languageHelpMinLength &&
    text.length >= languageHelpMinLength &&
    text.length <= languageToolLimits.textMax &&
    from !== '' &&
    to !== '';
  // A 409 means the setting is off on the server: stop asking until the setting changes.
  const [refusedFor, setRefusedFor] = useState<boolean | null>(null);
  const detectOn = detectEnabled && refusedFor !== detectEnabled;

  const detection = useQuery({
    queryKey: ['language-help', 'detect', text, from, to],
    queryFn: async ({ signal }) => {
      try {
        return await detectLanguage({ text, candidates: [from, to] }, signal);
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) {
          setRefusedFor(detectEnabled);
          return null;
        }
        throw error;
      }
    },
    enabled: usable && detectOn && from !== to,
    retry: quiet,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  const translation = useQuery({
    queryKey: ['language-help', 'translate', text, from, to],
    queryFn: ({ signal }) => translateText({ text, from, to }, signal),
    enabled: usable && from !== to,
    retry: quiet,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });

  let detected: DetectedLanguage | null = null;
  const result = detection.data;
  if (
    usable &&
    detectOn &&
    result?.code &&
    result.confidence >= detectionShowConfidence &&
    result.code !== from
  ) {
    const language = findLanguage(result.code);
    detected = {
      code: result.code,
      name: language?.englishName ?? result.code,
      swap: result.code === to,
    };
  }

  const suggestions = usable ? (translation.data?.suggestions ?? []) : [];
  return { detected, suggestions };
}
