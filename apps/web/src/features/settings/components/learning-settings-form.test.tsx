import { api } from '@glossa/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAppState, resetAppStateForTests } from '../../../lib/app-state';
import { failure, fakeApi, ok, type FakeApi } from '../../../test/fake-api';
import { stubResizeObserver, userFixture } from '../../../test/render';
import { LearningSettingsForm } from './learning-settings-form';

beforeEach(() => {
  stubResizeObserver();
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAppStateForTests();
});

function renderForm() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <LearningSettingsForm user={userFixture} />
    </QueryClientProvider>,
  );
}

function group(name: string) {
  return within(screen.getByRole('group', { name }));
}

// fireEvent rather than typing key by key: the form has twenty fields and CI machines are slow.
function replace(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
}

const editBodies = (fetch: FakeApi['fetch']) =>
  fetch.mock.calls
    .filter(([url]) => url === '/api/user/edit')
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);

describe('learning settings form', () => {
  it('refuses an out-of-bounds number inline, without calling the server', async () => {
    const { fetch } = fakeApi().on(api.user.edit, () => ok({ access: null, refresh: null }));
    renderForm();

    const intercept = group('Elevation gain').getByLabelText('Intercept');
    expect(intercept.getAttribute('min')).toBe('0');
    expect(intercept.getAttribute('max')).toBe('3');
    replace(intercept, '9');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(intercept.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = (intercept.getAttribute('aria-describedby') ?? '').split(' ');
    expect(describedBy.map((id) => document.getElementById(id)?.textContent)).toContain(
      'Enter a number from 0 to 3',
    );
    expect(fetch).not.toHaveBeenCalled();
  });

  it('sends only the changed fields and says so', async () => {
    const { fetch } = fakeApi().on(api.user.edit, () => ok({ access: null, refresh: null }));
    renderForm();

    replace(group('Elevation depreciation').getByLabelText('Amplitude'), '0.2');
    await userEvent.click(
      screen.getByRole('switch', { name: 'Detect the language of what I type' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(editBodies(fetch)).toHaveLength(1));
    expect(editBodies(fetch)[0]).toEqual({
      amplitudeElevationDepreciation: 0.2,
      isAutodetectLanguageEnabled: false,
    });
    await waitFor(() =>
      expect(getAppState().successToast?.body).toBe('Your learning settings were saved.'),
    );
  });

  it('bounds the reflow window by its unit', async () => {
    const { fetch } = fakeApi().on(api.user.edit, () => ok({ access: null, refresh: null }));
    renderForm();

    const reflow = group('Reflow');
    const relative = reflow.getByLabelText('Window (fraction of the period)');
    expect(relative.getAttribute('max')).toBe('0.25');
    replace(relative, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await reflow.findByText('Enter a number from 0 to 0.25')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.click(reflow.getByRole('switch', { name: 'Window in days' }));
    const absolute = reflow.getByLabelText('Window (days either side)');
    expect(absolute.getAttribute('max')).toBe('7');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(editBodies(fetch)).toHaveLength(1));
    expect(editBodies(fetch)[0]).toEqual({ isReflowAbsolute: true, reflowValue: 2 });
  });

  it('restores the defaults and shows a server error at its field', async () => {
    const { fetch } = fakeApi().on(api.user.edit, () =>
      failure(400, 'invalid_input', 'Invalid input', [
        { path: 'guessSuccessMinimumScore', message: 'guessSuccessMinimumScore must be at most 1' },
      ]),
    );
    renderForm();

    replace(screen.getByLabelText('Minimum similarity to pass'), '0.9');
    replace(group('Elevation gain').getByLabelText('Intercept'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Restore defaults' }));
    expect((group('Elevation gain').getByLabelText('Intercept') as HTMLInputElement).value).toBe(
      '0.3',
    );
    expect((screen.getByLabelText('Minimum similarity to pass') as HTMLInputElement).value).toBe(
      '0.85',
    );

    replace(screen.getByLabelText('Minimum similarity to pass'), '0.95');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('guessSuccessMinimumScore must be at most 1')).toBeTruthy();
    expect(editBodies(fetch)[0]).toEqual({ guessSuccessMinimumScore: 0.95 });
  });
});
