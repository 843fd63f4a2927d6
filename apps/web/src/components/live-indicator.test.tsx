import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as live from '../lib/live-status';
import { LiveIndicator } from './live-indicator';

const status = { current: 'off' as live.LiveStatus };

// A spy, not vi.mock: the files of a worker share their modules (vitest.config.ts), so the module
// may already be loaded by an earlier file, which a vi.mock would not reach.
beforeEach(() => {
  status.current = 'off';
  vi.spyOn(live, 'useLiveStatus').mockImplementation(() => status.current);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the live connection indicator', () => {
  it('shows nothing before live updates start, then announces each state politely', () => {
    const { rerender, container } = render(<LiveIndicator />);
    expect(container.textContent).toBe('');
    for (const [state, words] of [
      ['online', 'Live updates on'],
      ['reconnecting', 'Reconnecting…'],
      ['offline', 'Offline'],
    ] as const) {
      status.current = state;
      rerender(<LiveIndicator />);
      const region = screen.getByRole('status');
      expect(region.getAttribute('aria-live')).toBe('polite');
      expect(region.textContent).toBe(words);
    }
  });
});
