import type { Language } from '@glossa/contract';
import { findLanguage } from '@glossa/contract/values';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift';
import { useId, useMemo, useState } from 'react';
import { Icon } from './icon';
import iconButtonStyles from './icon-button.module.css';
import styles from './language-dropdown.module.css';
import { filterLanguages, languageLabel, type LanguageDropdownProps } from './language-options';

const { stateChangeTypes } = useCombobox;

/**
 * A searchable language picker: a WAI-ARIA combobox with a listbox popup (Downshift's
 * useCombobox). Type to filter by native or English name, arrows and Home/End to move, Enter to
 * choose, Escape to close. Loaded after the page that shows it (language-dropdown.tsx).
 */
export default function LanguageCombobox({
  id,
  label,
  value,
  onChange,
  error,
  name,
  disabled = false,
  onBlur,
}: LanguageDropdownProps) {
  const { t } = useLingui();
  const generatedId = useId();
  const inputId = id ?? `language-${generatedId}`;
  const errorId = `${inputId}-error`;
  const selected = findLanguage(value) ?? null;
  const selectedLabel = selected ? languageLabel(selected) : '';

  /** What the learner typed since the list opened; null shows the chosen language. */
  const [query, setQuery] = useState<string | null>(null);
  const options = useMemo(() => filterLanguages(query ?? ''), [query]);

  /** The option under the arrows when the list opens: the chosen language, else the first. */
  const openingIndex = (chosen: Language | null) => {
    const index = options.findIndex((language) => language.code === chosen?.code);
    return index >= 0 ? index : Math.min(0, options.length - 1);
  };

  /** Downshift's defaults, except where this picker has always behaved otherwise. */
  function stateReducer(
    state: UseComboboxState<Language>,
    { type, changes }: UseComboboxStateChangeOptions<Language>,
  ): Partial<UseComboboxState<Language>> {
    switch (type) {
      // The arrows open the list at the chosen language, then stop at either end of it.
      case stateChangeTypes.InputKeyDownArrowDown:
      case stateChangeTypes.InputKeyDownArrowUp: {
        if (!state.isOpen)
          return { ...changes, highlightedIndex: openingIndex(state.selectedItem) };
        const step = type === stateChangeTypes.InputKeyDownArrowDown ? 1 : -1;
        const last = options.length - 1;
        return {
          ...changes,
          highlightedIndex: Math.min(last, Math.max(0, state.highlightedIndex + step)),
        };
      }
      // Typing puts the first match under the arrows, so Enter takes it.
      case stateChangeTypes.InputChange:
        return {
          ...changes,
          highlightedIndex: filterLanguages(changes.inputValue ?? '').length > 0 ? 0 : -1,
        };
      // A click in the text opens the list but does not close it (it places the caret).
      case stateChangeTypes.InputClick:
      case stateChangeTypes.ToggleButtonClick:
        if (state.isOpen) return type === stateChangeTypes.InputClick ? state : changes;
        return { ...changes, highlightedIndex: openingIndex(state.selectedItem) };
      // Escape and leaving the field close the list; they never choose nor clear the language.
      case stateChangeTypes.InputKeyDownEscape:
      case stateChangeTypes.InputBlur:
        return { ...changes, selectedItem: state.selectedItem };
      default:
        return changes;
    }
  }

  const combobox = useCombobox<Language>({
    id: inputId,
    inputId,
    items: options,
    itemToString: (language) => (language ? languageLabel(language) : ''),
    itemToKey: (language) => language?.code,
    selectedItem: selected,
    inputValue: query ?? selectedLabel,
    stateReducer,
    onInputValueChange: ({ type, inputValue }) => {
      if (type === stateChangeTypes.InputChange) setQuery(inputValue);
    },
    onIsOpenChange: ({ isOpen }) => {
      if (!isOpen) setQuery(null);
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (selectedItem) onChange(selectedItem.code);
    },
  });
  const { isOpen } = combobox;

  return (
    <div className={styles.field}>
      <label className={styles.label} {...combobox.getLabelProps()}>
        {label}
      </label>
      <div className={styles.control} data-invalid={error ? true : undefined}>
        <input
          className={styles.input}
          type="text"
          spellCheck={false}
          disabled={disabled}
          placeholder={t`Type to search languages`}
          dir="auto"
          {...combobox.getInputProps({
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? errorId : undefined,
            onKeyDown: (event) => {
              // Escape that closes the list stops here, so a dialog around it stays open.
              if (event.key === 'Escape' && (isOpen || query !== null)) event.stopPropagation();
            },
            onBlur: () => onBlur?.(),
          })}
        />
        <button
          type="button"
          className={`${iconButtonStyles.iconButton} ${styles.toggle}`}
          disabled={disabled}
          {...combobox.getToggleButtonProps({
            'aria-label': isOpen ? t`Hide ${label} options` : t`Show ${label} options`,
          })}
        >
          <Icon name="chevronDown" size={18} />
        </button>
        <ul className={styles.list} hidden={!isOpen} {...combobox.getMenuProps()}>
          {isOpen && options.length === 0 ? (
            <li className={styles.none} role="presentation">
              <Trans>No language matches “{query}”</Trans>
            </li>
          ) : null}
          {isOpen
            ? options.map((language, index) => (
                <li
                  key={language.code}
                  className={styles.option}
                  data-chosen={language.code === value || undefined}
                  {...combobox.getItemProps({ item: language, index })}
                >
                  <span lang={language.code} dir={language.direction} className={styles.native}>
                    {language.nativeName}
                  </span>
                  {language.englishName !== language.nativeName ? (
                    <span className={styles.english}>{language.englishName}</span>
                  ) : null}
                  {language.code === value ? (
                    <Icon name="check" size={16} className={styles.check} />
                  ) : null}
                </li>
              ))
            : null}
        </ul>
      </div>
      {name ? <input type="hidden" name={name} value={value} /> : null}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
