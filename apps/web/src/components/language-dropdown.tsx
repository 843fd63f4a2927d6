import { findLanguage } from '@glossa/contract/values';
import { useLingui } from '@lingui/react/macro';
import { startTransition, useEffect, useId, useState, type ComponentType } from 'react';
import { Icon } from './icon';
import iconButtonStyles from './icon-button.module.css';
import styles from './language-dropdown.module.css';
import { languageLabel, type LanguageDropdownProps } from './language-options';

export { filterLanguages, languageLabel, type LanguageDropdownProps } from './language-options';

/**
 * The combobox (Downshift, about 12 kB gzipped) is fetched once a page that shows it has shown,
 * not with the page: the sign-up page's first paint does not share the network with it
 * (decision 0031, third pass). Until it has come, the field shows its stand-in.
 */
let LanguageCombobox: ComponentType<LanguageDropdownProps> | null = null;
let loading: Promise<void> | undefined;

/** Fetches the combobox (once); resolves when it can be shown. */
export function loadLanguageCombobox(): Promise<void> {
  loading ??= import('./language-combobox').then(
    (module) => {
      LanguageCombobox = module.default;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The field as it looks while the combobox loads, so nothing moves when it comes: the label, the
 * chosen language (read-only) and the toggle's place.
 */
export function LanguageFieldLoading({
  id,
  label,
  value,
  error,
  name,
  disabled,
}: LanguageDropdownProps) {
  const { t } = useLingui();
  const generatedId = useId();
  const inputId = id ?? `language-${generatedId}`;
  const selected = findLanguage(value);
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={styles.control} data-invalid={error ? true : undefined}>
        <input
          id={inputId}
          className={styles.input}
          type="text"
          readOnly
          aria-busy="true"
          disabled={disabled}
          value={selected ? languageLabel(selected) : ''}
          placeholder={t`Type to search languages`}
          dir="auto"
        />
        <span className={`${iconButtonStyles.iconButton} ${styles.toggle}`} aria-hidden="true">
          <Icon name="chevronDown" size={18} />
        </span>
      </div>
      {name ? <input type="hidden" name={name} value={value} /> : null}
      {error ? <p className={styles.error}>{error}</p> : null}
    </div>
  );
}

/**
 * A searchable language picker (language-combobox.tsx): type to filter by native or English name,
 * arrows and Home/End to move, Enter to choose, Escape to close.
 */
export function LanguageDropdown(props: LanguageDropdownProps) {
  const [loaded, setLoaded] = useState(LanguageCombobox !== null);
  useEffect(() => {
    if (loaded) return;
    let active = true;
    // Drawn in a transition once it has come: React cuts the fields' first render into short
    // tasks, a field each (a combobox is 10–25 ms of a phone's main thread), rather than one long
    // task for all (decision 0031, ninth pass). A chunk that failed to load (offline) leaves the
    // stand-in, showing the chosen language; the next field shown tries again.
    loadLanguageCombobox().then(
      () => {
        if (active) startTransition(() => setLoaded(true));
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [loaded]);
  return loaded && LanguageCombobox ? (
    <LanguageCombobox {...props} />
  ) : (
    <LanguageFieldLoading {...props} />
  );
}
