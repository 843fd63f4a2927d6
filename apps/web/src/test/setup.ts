import { afterAll, afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { checkConsole } from './console';

beforeEach(() => checkConsole('Before the test (printed by an earlier test or a beforeAll)'));

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
  // After unmounting, whose effects may still complain.
  checkConsole('During the test');
});

// What a test left running printed after its end (the last test of the file has no next one).
afterAll(() => checkConsole('After the last test'));
