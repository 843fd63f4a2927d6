import type { Language } from '@glossa/contract';
import { languages } from '@glossa/contract/values';

/** A language field's props: the combobox's, and its stand-in's while the combobox loads. */
export interface LanguageDropdownProps {
  id?: string;
  label: string;
  /** The selected language code ('' for none). */
  value: string;
  onChange(code: string): void;
  error?: string;
  name?: string;
  disabled?: boolean;
  /** Called when focus leaves the field (for form libraries' touched state). */
  onBlur?(): void;
}

/** "Español (Spanish)", or the one name when both are the same. */
export function languageLabel(language: Language): string {
  return language.nativeName === language.englishName
    ? language.nativeName
    : `${language.nativeName} (${language.englishName})`;
}

function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** Languages whose native name, English name or code matches; prefix matches come first. */
export function filterLanguages(query: string, list: readonly Language[] = languages): Language[] {
  const needle = normalize(query.trim());
  if (!needle) return [...list];
  const prefix: Language[] = [];
  const inner: Language[] = [];
  for (const language of list) {
    const names = [language.nativeName, language.englishName].map(normalize);
    if (names.some((name) => name.startsWith(needle)) || normalize(language.code) === needle) {
      prefix.push(language);
    } else if (names.some((name) => name.includes(needle))) {
      inner.push(language);
    }
  }
  return [...prefix, ...inner];
}
