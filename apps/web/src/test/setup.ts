import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { resetAppStateForTests } from '../lib/app-state';
import { checkConsole } from './console';

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
