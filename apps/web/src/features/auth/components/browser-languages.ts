import { findLanguage } from '@glossa/contract/values';

/** The first of the browser's languages that Glossa knows, as a code of the languages list. */
function browserLanguageCode(
  preferred: readonly string[] = navigatorLanguages(),
): string | undefined {
  for (const tag of preferred) {
    const code = knownCode(tag);
    if (code) return code;
  }
  return undefined;
}

/** Prefill of sign-up: "I speak" from the browser, "I'm learning" English (or Spanish for English speakers). */
export function initialLanguages(preferred: readonly string[] = navigatorLanguages()): {
  defaultFromLanguageCode: string;
  toLanguageCode: string;
} {
  const toLanguageCode = browserLanguageCode(preferred) ?? 'en';
  return { toLanguageCode, defaultFromLanguageCode: toLanguageCode === 'en' ? 'es' : 'en' };
}

function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages.length > 0 ? navigator.languages : [navigator.language];
}

function knownCode(tag: string): string | undefined {
  if (findLanguage(tag)) return tag;
  const locale = safeLocale(tag);
  if (!locale) return undefined;
  // Traditional Chinese is its own entry (zh-Hant), told apart by script or region.
  if (locale.language === 'zh') {
    const maximized = locale.maximize();
    return maximized.script === 'Hant' ? 'zh-Hant' : 'zh';
  }
  return findLanguage(locale.language) ? locale.language : undefined;
}

function safeLocale(tag: string): Intl.Locale | undefined {
  try {
    return new Intl.Locale(tag);
  } catch {
    return undefined;
  }
}
