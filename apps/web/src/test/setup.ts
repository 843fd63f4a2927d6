import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import type * as Library from '@testing-library/react';
import { loadLanguageCombobox } from '../components/language-dropdown';
import { resetAppStateForTests } from '../lib/app-state';
import { checkConsole } from './console';

// Every render inside the interface language's provider (lib/i18n.ts; English, see ./i18n.tsx),
// around the test's own wrapper if it has one.
vi.mock('@testing-library/react', async (importOriginal) => {
  const library = await importOriginal<typeof Library>();
  const { createElement } = await import('react');
  const { I18nWrapper } = await import('./i18n');
  type Options = Parameters<typeof library.render>[1];
  const render = (ui: Parameters<typeof library.render>[0], options: Options = {}) => {
    const Inner = options.wrapper;
    const wrapper = ({ children }: { children: React.ReactNode }) =>
      createElement(I18nWrapper, null, Inner ? createElement(Inner, null, children) : children);
    return library.render(ui, { ...options, wrapper });
  };
  return { ...library, render };
});

// The language fields' combobox loads beside the page (components/language-dropdown.tsx); the
// tests use it as a learner does once it has come.
beforeAll(() => loadLanguageCombobox());

beforeEach(() => checkConsole('Before the test (printed by an earlier test or a beforeAll)'));

afterEach(() => {
  cleanup();
  // The files of a worker share their modules (vitest.config.ts): what the app follows at start
  // (the session, the theme) is let go, so a later file's session starts nothing of an earlier one.
  resetAppStateForTests();
  localStorage.clear();
  vi.useRealTimers();
  // After unmounting, whose effects may still complain.
  checkConsole('During the test');
});

// What a test left running printed after its end (the last test of the file has no next one).
afterAll(() => checkConsole('After the last test'));
