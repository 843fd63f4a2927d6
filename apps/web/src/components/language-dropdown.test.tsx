import { languages } from '@glossa/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { activateLocale } from '../lib/i18n';
import {
  filterLanguages,
  languageLabel,
  LanguageDropdown,
  LanguageFieldLoading,
} from './language-dropdown';

function Harness({
  initial = '',
  onChange,
}: {
  initial?: string;
  onChange?: (code: string) => void;
}) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <LanguageDropdown
        label="I learn"
        value={value}
        onChange={(code) => {
          setValue(code);
          onChange?.(code);
        }}
      />
      <output data-testid="value">{value}</output>
    </>
  );
}

const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);

describe('filterLanguages', () => {
  it('matches native and English names, ignoring case and accents', () => {
    expect(filterLanguages('deutsch').map((l) => l.code)).toContain('de');
    expect(filterLanguages('german').map((l) => l.code)).toContain('de');
    expect(filterLanguages('espanol').map((l) => l.code)).toEqual(['es']);
    expect(filterLanguages('日本').map((l) => l.code)).toEqual(['ja']);
  });

  it('puts prefix matches first', () => {
    const hasPrefix = filterLanguages('ar').map((l) =>
      [l.englishName, l.nativeName].some((name) => name.toLowerCase().startsWith('ar')),
    );
    expect(hasPrefix).toContain(true);
    expect(hasPrefix).toContain(false);
    expect(hasPrefix.slice(hasPrefix.indexOf(false))).not.toContain(true);
  });
});

describe('LanguageDropdown', () => {
  it('is a labelled combobox showing the selected language', () => {
    render(<Harness initial="es" />);
    const input = screen.getByRole('combobox', { name: 'I learn' });
    expect((input as HTMLInputElement).value).toBe('Español (Spanish)');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('filters by English or native name as you type', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'I learn' });
    await user.type(input, 'German');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(optionNames()).toEqual(['DeutschGerman']);
    await user.clear(input);
    await user.type(input, 'Русс');
    expect(optionNames()).toEqual(['РусскийRussian']);
    await user.clear(input);
    await user.type(input, 'zzzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByText(/No language matches/)).toBeTruthy();
    expect(input.getAttribute('aria-activedescendant') ?? '').toBe('');
  });

  it('chooses with arrows and Enter, and marks the active option', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'I learn' });
    await user.type(input, 'span');
    await user.keyboard('{ArrowDown}');
    const active = input.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(onChange).toHaveBeenCalledWith('es');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('Español (Spanish)');
  });

  it('jumps with Home and End', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'I learn' });
    await user.click(input);
    await user.keyboard('{End}{Enter}');
    expect(screen.getByTestId('value').textContent).toBe('zu');
    await user.keyboard('{ArrowDown}{Home}{Enter}');
    expect(screen.getByTestId('value').textContent).toBe('af');
  });

  it('Escape closes and restores the chosen language', async () => {
    const user = userEvent.setup();
    render(<Harness initial="fr" />);
    const input = screen.getByRole('combobox', { name: 'I learn' });
    await user.clear(input);
    await user.type(input, 'ital');
    await user.keyboard('{Escape}');
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('Français (French)');
    expect(screen.getByTestId('value').textContent).toBe('fr');
  });

  it('leaving the field closes the list without choosing the option under the arrows', async () => {
    const user = userEvent.setup();
    render(<Harness initial="fr" />);
    const input = screen.getByRole('combobox', { name: 'I learn' });
    await user.clear(input);
    await user.type(input, 'ital');
    await user.keyboard('{ArrowDown}');
    await user.tab();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect((input as HTMLInputElement).value).toBe('Français (French)');
    expect(screen.getByTestId('value').textContent).toBe('fr');
  });

  it('opens and closes with its button, the active option being the chosen one', async () => {
    const user = userEvent.setup();
    render(<Harness initial="ja" />);
    const input = screen.getByRole('combobox', { name: 'I learn' });
    await user.click(screen.getByRole('button', { name: 'Show I learn options' }));
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(input);
    const active = document.getElementById(input.getAttribute('aria-activedescendant') ?? '');
    expect(active?.textContent).toBe('日本語Japanese');
    expect(screen.getAllByRole('option')).toHaveLength(languages.length);
    await user.click(screen.getByRole('button', { name: 'Hide I learn options' }));
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('chooses with the pointer', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.type(screen.getByRole('combobox', { name: 'I learn' }), 'japan');
    await user.click(screen.getByRole('option', { name: /日本語/ }));
    expect(screen.getByTestId('value').textContent).toBe('ja');
  });

  it('links an error to the field', () => {
    render(
      <LanguageDropdown label="I learn" value="" onChange={() => undefined} error="Pick one" />,
    );
    const input = screen.getByRole('combobox', { name: 'I learn' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Pick one');
  });
});

describe('language names in the interface’s language', () => {
  it('names a language in German and finds it by that name', async () => {
    const spanish = languages.find((language) => language.code === 'es');
    const german = languages.find((language) => language.code === 'de');
    if (!spanish || !german) throw new Error('no es or de in the list');
    expect(languageLabel(spanish)).toBe('Español (Spanish)');
    await activateLocale('de');
    try {
      expect(languageLabel(spanish)).toBe('Español (Spanisch)');
      expect(languageLabel(german)).toBe('Deutsch');
      expect(filterLanguages('spanisch').map((l) => l.code)).toEqual(['es']);
    } finally {
      await activateLocale('en');
    }
    expect(languageLabel(german)).toBe('Deutsch (German)');
  });
});

describe('LanguageFieldLoading', () => {
  it('stands in for the combobox while it loads: the label, the chosen language, read-only', () => {
    render(<LanguageFieldLoading label="I learn" value="es" onChange={() => undefined} />);
    const input = screen.getByRole('textbox', { name: 'I learn' }) as HTMLInputElement;
    expect(input.value).toBe('Español (Spanish)');
    expect(input.readOnly).toBe(true);
    expect(input.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
