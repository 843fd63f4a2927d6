import { api, defaultGradeSettings } from '@glossa/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppStateForTests } from '../../../lib/app-state';
import { saveSession } from '../../../lib/session';
import { failure, fakeApi, ok } from '../../../test/fake-api';
import { fakeToken, renderPage } from '../../../test/render';
import { GradeSettingsSection } from './grade-settings-section';

beforeEach(() => {
  saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAppStateForTests();
});

const own = { ...defaultGradeSettings, quickGainFactor: 3 };

const puts = (fetch: ReturnType<typeof fakeApi>['fetch']) =>
  fetch.mock.calls
    .filter(([input, init]) => input === '/api/study/scheduler' && init?.method === 'PUT')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

describe('settings: the seven grade numbers (decision 0030)', () => {
  it('shows the learner’s numbers with their bounds and saves all seven', async () => {
    const { fetch } = fakeApi()
      .on(api.study.scheduler, () => ok(own))
      .on(api.study.editScheduler, ({ body }) => ok(body));
    const user = userEvent.setup();
    renderPage('/app/settings', '/app/settings', <GradeSettingsSection />);
    const quick = await screen.findByRole('spinbutton', { name: 'Lift of a quick answer' });
    expect((quick as HTMLInputElement).value).toBe('3');
    expect(screen.getByText(/\(1 to 8\)\./)).toBeTruthy();
    expect(screen.getAllByRole('spinbutton')).toHaveLength(7);
    const exact = screen.getByRole('spinbutton', { name: 'Start height after an exact answer' });
    await user.clear(exact);
    await user.type(exact, '4.5');
    await user.click(screen.getByRole('button', { name: 'Save grade numbers' }));
    await waitFor(() => expect(puts(fetch)).toEqual([{ ...own, initialElevationExact: 4.5 }]));
  });

  it('says an out-of-bounds number beside its field, and a server refusal at its field', async () => {
    const { fetch } = fakeApi()
      .on(api.study.scheduler, () => ok(defaultGradeSettings))
      .on(api.study.editScheduler, () =>
        failure(400, 'invalid_input', 'Invalid input', [
          { path: 'closeGainFactor', message: 'Enter a number from 0 to 1' },
        ]),
      );
    const user = userEvent.setup();
    renderPage('/app/settings', '/app/settings', <GradeSettingsSection />);
    const miss = await screen.findByRole('spinbutton', {
      name: 'Difficulty of a miss on first sight',
    });
    await user.clear(miss);
    await user.type(miss, '9');
    expect(await screen.findByText('Enter a number from 0 to 3')).toBeTruthy();
    expect(puts(fetch)).toEqual([]);
    await user.clear(miss);
    await user.type(miss, '1');
    await user.click(screen.getByRole('button', { name: 'Save grade numbers' }));
    expect(await screen.findByText('Enter a number from 0 to 1')).toBeTruthy();
  });
});
