import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppStateForTests, setCardCombo } from '../lib/app-state';
import { renderPage, stubResizeObserver } from '../test/render';
import { ComboBadge } from './combo-badge';

beforeEach(() => {
  // The tooltip measures itself (Floating UI).
  stubResizeObserver();
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAppStateForTests();
});

describe('combo badge', () => {
  it('names the combo and explains it in a tooltip on keyboard focus, as its description', async () => {
    renderPage('/app/study', '/app/study', <ComboBadge />);
    act(() => setCardCombo(3));
    const badge = screen.getByRole('link', { name: 'Combo: 3 answers right in a row' });
    expect(badge.getAttribute('href')).toBe('/app/dashboard');
    expect(badge.textContent).toBe('3');

    await userEvent.tab();
    // The badge, or the tooltip's link already in its place when an earlier test file (same
    // worker, modules shared) loaded the tooltip's code.
    expect(document.activeElement?.getAttribute('aria-label')).toBe(
      'Combo: 3 answers right in a row',
    );
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toContain(
      'A miss starts it again from 0; your best runs are on the dashboard.',
    );
    // The tooltip's code loaded with the focus: its link took the plain one's place, and focus.
    const described = screen.getByRole('link', { name: 'Combo: 3 answers right in a row' });
    expect(document.activeElement).toBe(described);
    expect(described.getAttribute('aria-describedby')).toBeTruthy();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('says one answer in the singular', () => {
    renderPage('/app/study', '/app/study', <ComboBadge />);
    act(() => setCardCombo(1));
    expect(screen.getByRole('link', { name: 'Combo: 1 answer right in a row' })).toBeTruthy();
  });
});
