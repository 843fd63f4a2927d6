import { findLanguage } from '@glossa/contract';

export function languageName(code: string): string {
  const language = findLanguage(code);
  if (!language) return code;
  return language.nativeName === language.englishName
    ? language.nativeName
    : `${language.nativeName} (${language.englishName})`;
}

export function languageDirection(code: string): 'ltr' | 'rtl' | 'auto' {
  return findLanguage(code)?.direction ?? 'auto';
}

export function percent(score: number): string {
  return `${Math.round(score * 100)}%`;
}

const comboMilestones = [10, 25, 50, 100] as const;

export function isMilestone(combo: number): boolean {
  return (comboMilestones as readonly number[]).includes(combo);
}
