import { api, defaultSchedulerSettings } from '@glossa/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAppState, resetAppStateForTests } from '../../../lib/app-state';
import { failure, fakeApi, ok, type FakeApi } from '../../../test/fake-api';
import { stubResizeObserver, userFixture } from '../../../test/render';
import { renderLearningForm } from './learning-settings-test-support';

beforeEach(() => {
  stubResizeObserver();
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAppStateForTests();
});

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

/** The message beside a field: the text of what its aria-describedby points to. */
function describedBy(input: HTMLElement): (string | null | undefined)[] {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent);
}

const passingScore = () =>
  screen.getByLabelText('Minimum similarity to pass, in percent') as HTMLInputElement;

describe('learning settings form', () => {
  it('says an out-of-bounds number beside the field as it is typed, calling no server', async () => {
    const { fetch } = fakeApi().on(api.user.edit, () => ok({ access: null, refresh: null }));
    renderLearningForm();

    const intercept = group('Elevation gain').getByLabelText('Intercept');
    expect(intercept.getAttribute('min')).toBe('0');
    expect(intercept.getAttribute('max')).toBe('3');
    replace(intercept, '9');

    // No Save: the message is there as soon as the number is typed.
    await waitFor(() => expect(intercept.getAttribute('aria-invalid')).toBe('true'));
    expect(describedBy(intercept)).toContain('Enter a number from 0 to 3');
    replace(intercept, '1');
    await waitFor(() => expect(intercept.getAttribute('aria-invalid')).toBe('false'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows and takes the passing score in percent, and sends the fraction', async () => {
    const { fetch } = fakeApi().on(api.user.edit, () => ok({ access: null, refresh: null }));
    renderLearningForm();

    expect(passingScore().value).toBe('85');
    expect(describedBy(passingScore())[0]).toBe(
      'A typed answer at least 85 % like an expected one counts as right. From 50 to 100 %.',
    );
    // A fraction typed as the server keeps it is out of bounds here, with the unit said.
    replace(passingScore(), '0.9');
    await waitFor(() =>
      expect(describedBy(passingScore())).toContain('Enter a percentage from 50 to 100'),
    );
    replace(passingScore(), '8500');
    await waitFor(() =>
      expect(describedBy(passingScore())).toContain('Enter a percentage from 50 to 100'),
    );
    replace(passingScore(), '90');
    await waitFor(() => expect(passingScore().getAttribute('aria-invalid')).toBe('false'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(editBodies(fetch)).toEqual([{ guessSuccessMinimumScore: 0.9 }]));
  });

  it('sends only the changed fields and says so', async () => {
    const { fetch } = fakeApi().on(api.user.edit, () => ok({ access: null, refresh: null }));
    renderLearningForm();

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

  it('bounds the reflow window by its unit, as typed', async () => {
    const { fetch } = fakeApi().on(api.user.edit, () => ok({ access: null, refresh: null }));
    renderLearningForm();

    const reflow = group('Reflow');
    const relative = reflow.getByLabelText('Window (fraction of the period)');
    expect(relative.getAttribute('max')).toBe('0.25');
    replace(relative, '2');
    expect(await reflow.findByText('Enter a number from 0 to 0.25')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    await userEvent.click(reflow.getByRole('switch', { name: 'Window in days' }));
    const absolute = reflow.getByLabelText('Window (days either side)');
    expect(absolute.getAttribute('max')).toBe('7');
    await waitFor(() => expect(reflow.queryByText(/Enter a number/)).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(editBodies(fetch)).toHaveLength(1));
    expect(editBodies(fetch)[0]).toEqual({ isReflowAbsolute: true, reflowValue: 2 });
  });

  it('restores the defaults and shows a server error at its field', async () => {
    const { fetch } = fakeApi().on(api.user.edit, () =>
      failure(400, 'invalid_input', 'Invalid input', [
        { path: 'interceptElevationGain', message: 'Enter a number from 0 to 3' },
      ]),
    );
    // A learner on the defaults (version 2's since decision 0030) but for what the test types.
    renderLearningForm({ ...userFixture, ...defaultSchedulerSettings });

    replace(passingScore(), '90');
    replace(group('Elevation gain').getByLabelText('Intercept'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Restore defaults' }));
    // Version 2's default (decision 0030).
    expect((group('Elevation gain').getByLabelText('Intercept') as HTMLInputElement).value).toBe(
      '0.4',
    );
    expect(passingScore().value).toBe('85');

    replace(group('Elevation gain').getByLabelText('Intercept'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Enter a number from 0 to 3')).toBeTruthy();
    expect(editBodies(fetch)[0]).toEqual({ interceptElevationGain: 2 });
  });
});

describe('unsaved learning settings', () => {
  /** Whether closing the tab now would ask: the guard's effect is armed. */
  const closeTab = () => {
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  };

  it('asks before a link leaves the page: Stay keeps the changes, Leave goes', async () => {
    fakeApi().on(api.user.edit, () => ok({ access: null, refresh: null }));
    const { router } = renderLearningForm();
    const intercept = group('Elevation gain').getByLabelText('Intercept') as HTMLInputElement;
    replace(intercept, '1');

    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    // The button is enabled at commit, the guard's blocker is armed by an effect after it: wait
    // for the guard (its beforeunload listener is set after its blocker) before navigating.
    await waitFor(() => expect(closeTab()).toBe(true));

    await act(() => router.navigate('/app/dashboard'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    expect(dialog.textContent).toContain('Your changes to your learning settings are not saved');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/app/settings');
    expect(intercept.value).toBe('1');

    await act(() => router.navigate('/app/dashboard'));
    await userEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/app/dashboard'));
  });

  it('asks the browser before the tab closes, and neither asks once saved', async () => {
    fakeApi().on(api.user.edit, () => ok({ access: null, refresh: null }));
    const { router } = renderLearningForm();
    expect(closeTab()).toBe(false);

    replace(group('Elevation gain').getByLabelText('Intercept'), '1');
    await waitFor(() => expect(closeTab()).toBe(true));

    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(closeTab()).toBe(false));
    await act(() => router.navigate('/app/dashboard'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/app/dashboard');
  });
});
