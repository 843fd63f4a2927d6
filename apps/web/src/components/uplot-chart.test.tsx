import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UplotChart } from './uplot-chart';

describe('UplotChart', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('takes its width from the resize observer, never reading it as it mounts (a forced reflow)', () => {
    let report: ResizeObserverCallback | null = null;
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(callback: ResizeObserverCallback) {
          report = callback;
        }
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    // Never near the screen: uPlot itself is not loaded.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
    vi.stubGlobal('matchMedia', (media: string) => ({
      matches: false,
      media,
      addEventListener() {},
      removeEventListener() {},
    }));
    const widthRead = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get');

    render(
      <UplotChart
        labels={['Mon', 'Tue']}
        series={[{ label: 'Minutes', color: '--color-primary', kind: 'bars', values: [1, 2] }]}
        height={160}
        formatY={String}
      />,
    );
    expect(report).not.toBeNull();
    expect(widthRead).not.toHaveBeenCalled();

    // The observer's first report comes after a layout the browser did anyway.
    act(() => report?.([], {} as ResizeObserver));
    expect(widthRead).toHaveBeenCalled();
  });
});
