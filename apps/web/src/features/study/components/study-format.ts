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

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

/** "in 3 days", "in 10 minutes", "now". */
export function dueInWords(dueAt: string, now: number = Date.now()): string {
  const delta = new Date(dueAt).getTime() - now;
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  for (const [unit, size] of units) {
    if (Math.abs(delta) >= size) return format.format(Math.round(delta / size), unit);
  }
  return 'now';
}

/** "5 minutes ago", "yesterday"; "just now" under a minute (and for a clock ahead of this one). */
export function agoInWords(time: number, now: number = Date.now()): string {
  const words = dueInWords(new Date(Math.min(time, now)).toISOString(), now);
  return words === 'now' ? 'just now' : words;
}

export function percent(score: number): string {
  return `${Math.round(score * 100)}%`;
}

const comboMilestones = [10, 25, 50, 100] as const;

export function isMilestone(combo: number): boolean {
  return (comboMilestones as readonly number[]).includes(combo);
}
