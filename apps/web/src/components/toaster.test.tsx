import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToastsAway, setFailureToast, setSuccessToast } from '../lib/app-state';
import { toast, toastTimeoutMs } from '../lib/toast';
import { Toaster } from './toaster';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  act(() => {
    setSuccessToast(null);
    setFailureToast(null);
  });
});

describe('Toaster', () => {
  it('has a success area (status) and a failure area (alert)', () => {
    render(<Toaster />);
    act(() => {
      toast.success('Saved');
      toast.failure('Could not save');
    });
    expect(screen.getByRole('status').textContent).toContain('Saved');
    expect(screen.getByRole('alert').textContent).toContain('Could not save');
  });

  it('hides a message after 5000 ms', () => {
    expect(toastTimeoutMs).toBe(5000);
    render(<Toaster />);
    act(() => toast.success('Saved'));
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByRole('status').textContent).toContain('Saved');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('restarts the timer when a new message arrives, even with the same text', () => {
    render(<Toaster />);
    act(() => toast.failure('Offline'));
    act(() => vi.advanceTimersByTime(3000));
    act(() => toast.failure('Offline'));
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByRole('alert').textContent).toContain('Offline');
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('shows only the latest message of each area', () => {
    render(<Toaster />);
    act(() => {
      toast.success('First');
      toast.success('Second');
    });
    expect(screen.getByRole('status').textContent).toContain('Second');
    expect(screen.getByRole('status').textContent).not.toContain('First');
  });

  it('can be dismissed', () => {
    render(<Toaster />);
    act(() => toast.success('Saved'));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('belongs to the page it was raised on and goes when that page is left', () => {
    render(<Toaster />);
    window.history.pushState(null, '', '/app/card/1');
    act(() => {
      toast.success('Card saved.');
      toast.failure('Could not save');
    });
    // A change of query on the same page keeps it.
    act(() => clearToastsAway('/app/card/1'));
    expect(screen.getByRole('status').textContent).toContain('Card saved.');

    act(() => clearToastsAway('/app/browse'));
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.getByRole('alert').textContent).toBe('');

    // Raised once on the next page (as the actions that move there do), it stays there.
    window.history.pushState(null, '', '/app/browse');
    act(() => toast.success('Card deleted.'));
    act(() => clearToastsAway('/app/browse'));
    expect(screen.getByRole('status').textContent).toContain('Card deleted.');
    window.history.pushState(null, '', '/');
  });
});
