import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubResizeObserver } from '../../../test/render';
import { ForecastChart } from './forecast-chart';

const days = Array.from({ length: 14 }, (_, day) => ({
  date: `2026-03-${String(day + 10).padStart(2, '0')}`,
  due: day % 3,
}));

describe('ForecastChart', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('keeps its place and draws nothing until its box has a width (never at a guessed one)', () => {
    stubResizeObserver();
    const { container } = render(<ForecastChart days={days} />);
    expect(container.querySelector('svg')).toBeNull();
    // Screen readers have every figure meanwhile.
    expect(
      screen.getByRole('table', { name: 'Cards due on each of the next 14 days' }),
    ).toBeTruthy();
  });

  it('draws at its box’s width, shorter on a phone', async () => {
    stubResizeObserver(412);
    render(<ForecastChart days={days} />);
    const chart = await screen.findByRole('img', { name: /cards due over the next 14 days/ });
    expect(chart.getAttribute('width')).toBe('412');
    expect(chart.getAttribute('height')).toBe('170');
    expect(chart.getAttribute('viewBox')).toBe('0 0 412 170');
  });

  it('draws taller from 480 px', async () => {
    stubResizeObserver(720);
    render(<ForecastChart days={days} />);
    const chart = await screen.findByRole('img', { name: /cards due over the next 14 days/ });
    expect(chart.getAttribute('viewBox')).toBe('0 0 720 210');
  });
});
