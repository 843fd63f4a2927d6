import { languages } from '@glossa/contract/values';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { languageLabel } from './language-dropdown';

export interface LanguageFilterProps {
  label: string;
  /** A language code, or '' for any language. */
  value: string;
  onChange(code: string): void;
  /** The classes of the page's filter row: the field, its label and the select. */
  classNames: { field?: string; label?: string; select?: string };
}

/** A list filter by language: every supported language, or any ('' when none is chosen). */
export function LanguageFilter({ label, value, onChange, classNames }: LanguageFilterProps) {
  const id = useId();
  return (
    <div className={classNames.field}>
      <label htmlFor={id} className={classNames.label}>
        {label}
      </label>
      <select
        id={id}
        className={classNames.select}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">
          <Trans>Any language</Trans>
        </option>
        {languages.map((language) => (
          <option key={language.code} value={language.code}>
            {languageLabel(language)}
          </option>
        ))}
      </select>
    </div>
  );
}
