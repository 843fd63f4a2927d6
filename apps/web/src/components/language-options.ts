import type { Language } from '@glossa/contract';
import { isInterfaceLocale } from '@glossa/contract/locales';
import { languages } from '@glossa/contract/values';
import { i18n } from '@lingui/core';

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

let displayNames: { locale: string; names: Intl.DisplayNames | null } | undefined;

/**
 * The language's name in the interface's language (Intl.DisplayNames, made once per language):
 * its English name in English, in the list's spelling.
 */
export function languageNameHere(language: Language): string {
  const locale = i18n.locale;
  if (!locale || locale === 'en' || !isInterfaceLocale(locale)) return language.englishName;
  if (displayNames?.locale !== locale) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' });
    } catch {
      // A browser without DisplayNames: the English names.
    }
    displayNames = { locale, names };
  }
  return displayNames.names?.of(language.code) ?? language.englishName;
}

/**
 * "Español (Spanish)": the language's own name, then its name in the interface's language
 * ("Español (Spanisch)" in German), or the one name when both are the same.
 */
export function languageLabel(language: Language): string {
  const here = languageNameHere(language);
  return language.nativeName.toLocaleLowerCase() === here.toLocaleLowerCase()
    ? language.nativeName
    : `${language.nativeName} (${here})`;
}

function normalize(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/**
 * Languages whose native name, English name, name in the interface's language or code matches;
 * prefix matches come first.
 */
export function filterLanguages(query: string, list: readonly Language[] = languages): Language[] {
  const needle = normalize(query.trim());
  if (!needle) return [...list];
  const prefix: Language[] = [];
  const inner: Language[] = [];
  for (const language of list) {
    const names = [language.nativeName, language.englishName, languageNameHere(language)].map(
      normalize,
    );
    if (names.some((name) => name.startsWith(needle)) || normalize(language.code) === needle) {
      prefix.push(language);
    } else if (names.some((name) => name.includes(needle))) {
      inner.push(language);
    }
  }
  return [...prefix, ...inner];
}
