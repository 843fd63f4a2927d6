import { api, defaultGradeSettings } from '@glossa/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetAppStateForTests } from '../../../lib/app-state';
import { saveSession } from '../../../lib/session';
import { fakeApi, ok } from '../../../test/fake-api';
import { fakeToken, renderPage, studySettingsFixture } from '../../../test/render';
import { studySettingsKey } from '../../study/api/study-settings-requests';
import { DailyStudySection } from './daily-study-section';

beforeEach(() => {
  saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetAppStateForTests();
});

function stubServer() {
  return fakeApi()
    .on(api.study.settings, () => ok(studySettingsFixture))
    .on(api.study.scheduler, () => ok(defaultGradeSettings))
    .on(api.study.editSettings, ({ body }) => ok({ ...studySettingsFixture, ...body })).fetch;
}

const posted = (fetch: ReturnType<typeof stubServer>) =>
  fetch.mock.calls
    .filter(([input, init]) => input === '/api/study/settings' && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

describe('settings: daily study', () => {
  it('keeps what the learner is typing when the stored settings change meanwhile', async () => {
    stubServer();
    const user = userEvent.setup();
    const { queryClient } = renderPage('/app/settings', '/app/settings', <DailyStudySection />);
    const zone = (await screen.findByRole('combobox', { name: 'Time zone' })) as HTMLInputElement;
    await user.clear(zone);
    await user.type(zone, 'Europe/Nowhere');
    expect(
      await screen.findByText('Time zone must be an IANA time zone, such as Europe/Paris'),
    ).toBeTruthy();
    // Another device (or the time zone a first visit saves) changes the stored settings.
    act(() => {
      queryClient.setQueryData(studySettingsKey, {
        ...studySettingsFixture,
        dayStartHour: 7,
        timeZone: 'UTC',
      });
    });
    await waitFor(() =>
      expect(
        (screen.getByRole('combobox', { name: 'Your day starts at' }) as HTMLSelectElement).value,
      ).toBe('7'),
    );
    expect(zone.value).toBe('Europe/Nowhere');
    expect(
      screen.getByText('Time zone must be an IANA time zone, such as Europe/Paris'),
    ).toBeTruthy();
  });

  it('shows the learner’s limits and day, and saves a change', async () => {
    const fetch = stubServer();
    const user = userEvent.setup();
    renderPage('/app/settings', '/app/settings', <DailyStudySection />);
    const fresh = await screen.findByRole('spinbutton', { name: 'New cards per day' });
    expect((fresh as HTMLInputElement).value).toBe('20');
    expect(
      (screen.getByRole('spinbutton', { name: 'Reviews per day' }) as HTMLInputElement).value,
    ).toBe('200');
    expect(
      (screen.getByRole('combobox', { name: 'Your day starts at' }) as HTMLSelectElement).value,
    ).toBe('4');
    expect((screen.getByRole('combobox', { name: 'Time zone' }) as HTMLInputElement).value).toBe(
      'Europe/Paris',
    );
    await user.clear(fresh);
    await user.type(fresh, '12');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Your day starts at' }), '6');
    await user.click(screen.getByRole('button', { name: 'Save daily study' }));
    await waitFor(() =>
      expect(posted(fetch)).toEqual([
        {
          newCardsPerDay: 12,
          reviewsPerDay: 200,
          dayStartHour: 6,
          timeZone: 'Europe/Paris',
        },
      ]),
    );
  });

  it('checks each field as typed, next to it, and sends nothing wrong', async () => {
    const fetch = stubServer();
    const user = userEvent.setup();
    renderPage('/app/settings', '/app/settings', <DailyStudySection />);
    const fresh = await screen.findByRole('spinbutton', { name: 'New cards per day' });
    await user.clear(fresh);
    await user.type(fresh, '1001');
    expect(await screen.findByText('New cards per day must be at most 1000')).toBeTruthy();
    expect(fresh.getAttribute('aria-invalid')).toBe('true');
    const zone = screen.getByRole('combobox', { name: 'Time zone' });
    await user.clear(zone);
    await user.type(zone, 'Mars/Olympus');
    expect(
      await screen.findByText('Time zone must be an IANA time zone, such as Europe/Paris'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save daily study' }));
    expect(posted(fetch)).toEqual([]);
  });
});
