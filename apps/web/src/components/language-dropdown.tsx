import { findLanguage, languages, type Language } from '@glossa/contract';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from './icon';
import styles from './language-dropdown.module.css';

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

/**
 * A searchable language picker (WAI-ARIA combobox with a listbox popup): type to filter by
 * native or English name, arrows and Home/End to move, Enter to choose, Escape to close.
 */
export function LanguageDropdown({
  id,
  label,
  value,
  onChange,
  error,
  name,
  disabled = false,
  onBlur,
}: LanguageDropdownProps) {
  const generatedId = useId();
  const inputId = id ?? `language-${generatedId}`;
  const listId = `${inputId}-listbox`;
  const errorId = `${inputId}-error`;
  const selected = findLanguage(value);
  const selectedLabel = selected ? languageLabel(selected) : '';

  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [activeIndex, setActiveIndex] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const options = useMemo(() => filterLanguages(query ?? ''), [query]);
  const active = open ? options[activeIndex] : undefined;
  const optionId = (language: Language) => `${inputId}-option-${language.code}`;

  function scrollToOption(index: number) {
    const option = options[index];
    if (!option) return;
    const element = document.getElementById(optionId(option));
    element?.scrollIntoView?.({ block: 'nearest' });
  }

  function openList(index?: number) {
    setOpen(true);
    const selectedIndex = options.findIndex((language) => language.code === value);
    const next = index ?? (selectedIndex >= 0 ? selectedIndex : 0);
    setActiveIndex(next);
    requestAnimationFrame(() => scrollToOption(next));
  }

  function close() {
    setOpen(false);
    setQuery(null);
    setActiveIndex(-1);
  }

  function choose(language: Language) {
    onChange(language.code);
    close();
  }

  function move(next: number) {
    if (options.length === 0) return;
    const index = Math.max(0, Math.min(options.length - 1, next));
    setActiveIndex(index);
    scrollToOption(index);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openList();
        else move(activeIndex + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openList();
        else move(activeIndex - 1);
        break;
      case 'Home':
        if (open) {
          event.preventDefault();
          move(0);
        }
        break;
      case 'End':
        if (open) {
          event.preventDefault();
          move(options.length - 1);
        }
        break;
      case 'Enter':
        if (open) {
          event.preventDefault();
          if (active) choose(active);
          else close();
        }
        break;
      case 'Escape':
        if (open || query !== null) {
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        break;
      case 'Tab':
        close();
        break;
    }
  }

  const describedBy = error ? errorId : undefined;

  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={inputId}>
        {label}
      </label>
      <div className={styles.control} data-invalid={error ? true : undefined}>
        <input
          ref={inputRef}
          id={inputId}
          className={styles.input}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active ? optionId(active) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          placeholder="Type to search languages"
          value={query ?? selectedLabel}
          dir="auto"
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActiveIndex(0);
          }}
          onClick={() => {
            if (!open) openList();
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            close();
            onBlur?.();
          }}
        />
        <button
          type="button"
          className={styles.toggle}
          tabIndex={-1}
          aria-label={open ? `Hide ${label} options` : `Show ${label} options`}
          aria-controls={listId}
          aria-expanded={open}
          disabled={disabled}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (open) close();
            else {
              inputRef.current?.focus();
              openList();
            }
          }}
        >
          <Icon name="chevronDown" size={18} />
        </button>
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={label}
          className={styles.list}
          hidden={!open}
        >
          {open && options.length === 0 ? (
            <li className={styles.none} role="presentation">
              No language matches “{query}”
            </li>
          ) : null}
          {open
            ? options.map((language, index) => (
                <li
                  key={language.code}
                  id={optionId(language)}
                  role="option"
                  aria-selected={language.code === value}
                  data-active={index === activeIndex || undefined}
                  className={styles.option}
                  onMouseDown={(event) => {
                    // Choosing on press keeps focus in the input; keys are handled there.
                    event.preventDefault();
                    choose(language);
                  }}
                  onMouseMove={() => {
                    if (index !== activeIndex) setActiveIndex(index);
                  }}
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
