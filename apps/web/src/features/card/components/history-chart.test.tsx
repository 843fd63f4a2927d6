import type { CardHistoryEntry } from '@glossa/contract';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubResizeObserver } from '../../../test/render';
import { HistoryChart } from './history-chart';

const entry = (id: string, overrides: Partial<CardHistoryEntry>): CardHistoryEntry => ({
  id,
  direction: 'forward',
  kind: 'review',
  targetId: null,
  reviewedAt: '2026-03-10T10:00:00.000Z',
  guess: 'the house',
  score: 1,
  success: true,
  elapsedMs: 1000,
  undone: false,
  overridden: false,
  ...overrides,
});

beforeEach(() => {
  stubResizeObserver();
});

describe('card history chart', () => {
  it('charts the answers that stand, and says the list gives each one', () => {
    // Newest first, as the server sends them.
    render(
      <HistoryChart
        history={[
          entry('u', { kind: 'undo', targetId: 'c' }),
          entry('c', { undone: true }),
          entry('b', { success: false, score: 0.4, overridden: true }),
          entry('a', { success: false, score: 0 }),
        ]}
      />,
    );
    expect(
      screen.getByText(/^The score of each of these 2 answers, oldest first/).textContent,
    ).toContain('The list below gives each one.');
  });

  it('draws nothing for a single answer', () => {
    const { container } = render(<HistoryChart history={[entry('a', {})]} />);
    expect(container.innerHTML).toBe('');
  });
});
