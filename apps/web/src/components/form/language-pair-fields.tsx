import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { findLanguage } from '@glossa/contract/values';
import { chooseLanguage, type LanguagePair } from '../../lib/language-pair';
import { LanguageDropdown } from '../language-dropdown';
import { VisuallyHidden } from '../visually-hidden';

interface LanguagePairFieldsProps<T extends FieldValues, C, O extends FieldValues> {
  control: Control<T, C, O>;
  fromName: FieldPath<T>;
  toName: FieldPath<T>;
  fromLabel: string;
  toLabel: string;
}

/** The language's name in the interface's language (Intl), else its English name. */
function nameOf(code: string, locale: string): string {
  const english = findLanguage(code)?.englishName ?? code;
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? english;
  } catch {
    return english;
  }
}

/**
 * The two language fields of a pair in a react-hook-form form (a card, a category, sign-up,
 * settings): choosing on one side the other side's language swaps them (chooseLanguage), and the
 * swap is announced. The caller lays the two fields out.
 */
export function LanguagePairFields<T extends FieldValues, C, O extends FieldValues>({
  control,
  fromName,
  toName,
  fromLabel,
  toLabel,
}: LanguagePairFieldsProps<T, C, O>) {
  const { t, i18n } = useLingui();
  const from = useController({ control, name: fromName });
  const to = useController({ control, name: toName });
  const [announcement, setAnnouncement] = useState('');
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const pair: LanguagePair = { from: text(from.field.value), to: text(to.field.value) };

  const choose = (side: keyof LanguagePair, code: string) => {
    const next = chooseLanguage(pair, side, code);
    if (next.from !== pair.from) from.field.onChange(next.from);
    if (next.to !== pair.to) to.field.onChange(next.to);
    const swapped = next.from === pair.to && next.to === pair.from && next.from !== next.to;
    const fromLanguage = nameOf(next.from, i18n.locale);
    const toLanguage = nameOf(next.to, i18n.locale);
    setAnnouncement(swapped ? t`Swapped: ${fromLanguage} to ${toLanguage}` : '');
  };

  return (
    <>
      <LanguageDropdown
        label={fromLabel}
        name={from.field.name}
        value={pair.from}
        onChange={(code) => choose('from', code)}
        onBlur={from.field.onBlur}
        error={from.fieldState.error?.message}
      />
      <LanguageDropdown
        label={toLabel}
        name={to.field.name}
        value={pair.to}
        onChange={(code) => choose('to', code)}
        onBlur={to.field.onBlur}
        error={to.fieldState.error?.message}
      />
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
    </>
  );
}
