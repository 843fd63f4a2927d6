import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ThemeToggler } from '../components/theme-toggler';
import { loadTheme, setIsDark } from './app-state';

function stubSystemDark(matches: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  delete document.documentElement.dataset.theme;
});

describe('theme', () => {
  it('persists isDark as "true"/"false" and applies data-theme', () => {
    setIsDark(true);
    expect(localStorage.getItem('isDark')).toBe('true');
    expect(document.documentElement.dataset.theme).toBe('dark');
    setIsDark(false);
    expect(localStorage.getItem('isDark')).toBe('false');
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('loads the saved theme before the system preference', () => {
    stubSystemDark(true);
    localStorage.setItem('isDark', 'false');
    loadTheme();
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('follows prefers-color-scheme when nothing is saved, without saving it', () => {
    stubSystemDark(true);
    loadTheme();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('isDark')).toBeNull();
  });

  it('the toggler is a labelled toggle button', () => {
    act(() => setIsDark(false));
    render(<ThemeToggler />);
    const button = screen.getByRole('button', { name: 'Dark theme' });
    expect(button.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('isDark')).toBe('true');
  });
});
