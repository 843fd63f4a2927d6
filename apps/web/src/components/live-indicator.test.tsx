import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LiveStatus } from '../lib/live-updates';
import { LiveIndicator } from './live-indicator';

const status = vi.hoisted(() => ({ current: 'off' as LiveStatus }));
vi.mock('../lib/live-updates', () => ({ useLiveStatus: () => status.current }));

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
