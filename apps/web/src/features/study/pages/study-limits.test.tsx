import { api, type StudyQueue, type StudyQueueQuery } from '@glossa/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatTimeOfDay } from '../../../lib/dates';
import { fakeApi, ok } from '../../../test/fake-api';
import { categoryTree, studySettingsFixture, userFixture } from '../../../test/render';
import {
  answer,
  item,
  items,
  postsTo,
  renderStudy,
  reviewResult,
  studyPageHarness,
} from './study-page-test-support';

studyPageHarness();

const today = (overrides: Partial<NonNullable<StudyQueue['today']>> = {}) => ({
  dayStartedAt: new Date(Date.now() - 3_600_000).toISOString(),
  nextDayAt: new Date(Date.now() + 23 * 3_600_000).toISOString(),
  newCardsPerDay: 20,
  reviewsPerDay: 200,
  newStudied: 12,
  reviewsDone: 3,
  nextDueAt: null,
  ...overrides,
});

/** A server whose queue answers per mode; every request to it is recorded by the fake. */
function server(
  queues: Partial<Record<StudyQueueQuery['mode'], StudyQueue>>,
  settings = studySettingsFixture,
) {
  return fakeApi()
    .on(api.categories.tree, () => ok(categoryTree([])))
    .on(api.user.info, () => ok(userFixture))
    .on(api.study.settings, () => ok(settings))
    .on(api.study.editSettings, ({ body }) => ok({ ...settings, ...body, timeZoneSet: true }))
    .on(api.study.queue, ({ query }) =>
      ok(queues[query.mode] ?? { items: [], dueCount: 0, newCount: 0, today: today() }),
    )
    .on(api.study.review, ({ body }) => ok(reviewResult(body, true, 1))).fetch;
}

describe('study page: daily limits and counts', () => {
  it('shows the day’s limits where study starts, and the counts go down with each answer', async () => {
    server({ study: { items, dueCount: 0, newCount: 2, today: today() } });
    const user = userEvent.setup();
    renderStudy();
    const line = await screen.findByTestId('study-today');
    expect(line.textContent).toBe(
      '0 reviews due · 2 new cards · 12 of 20 new cards today · 3 of 200 reviews today',
    );
    await answer(user, 'the apple');
    await screen.findByText(/score 100%/);
    await waitFor(() =>
      expect(screen.getByTestId('study-today').textContent).toBe(
        '0 reviews due · 1 new card · 13 of 20 new cards today · 3 of 200 reviews today',
      ),
    );
  });

  it('says how many cards the session takes when the day offers more', async () => {
    server({ study: { items, dueCount: 40, newCount: 11, today: today() } });
    renderStudy();
    expect((await screen.findByTestId('study-today')).textContent).toContain(
      '(this session: the first 2)',
    );
  });

  it('an empty queue says when the next card is due, and studies ahead on request', async () => {
    const nextDueAt = new Date(Date.now() + 3 * 3_600_000 + 60_000).toISOString();
    const fetch = server({
      study: { items: [], dueCount: 0, newCount: 0, today: today({ nextDueAt }) },
      ahead: {
        items: [{ ...item('card-1', 'la pomme', ['the apple']), kind: 'due' }],
        dueCount: 0,
        newCount: 0,
        today: today(),
      },
    });
    const user = userEvent.setup();
    renderStudy();
    const when = await screen.findByText(/^in 3 hours, at/);
    expect(when.textContent).toBe(`in 3 hours, at ${formatTimeOfDay(nextDueAt)}`);
    expect(screen.getByText(/Next card due/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Study ahead' }));
    expect(await screen.findByText('la pomme')).toBeTruthy();
    expect(screen.getByText(/^Studying ahead: these cards are not due yet/)).toBeTruthy();
    expect(
      fetch.mock.calls.some(([input]) => String(input).includes('/api/study/queue?mode=ahead')),
    ).toBe(true);
    await answer(user, 'the apple');
    await screen.findByText(/score 100%/);
    // Studying ahead answers to the server: it counts as a review.
    expect(postsTo(fetch, '/api/study/reviews')).toHaveLength(1);
  });

  it('practises without sending anything: no review, no undo, "Practice" said', async () => {
    const fetch = server({
      study: { items: [], dueCount: 0, newCount: 0, today: today() },
      practise: { items, dueCount: 0, newCount: 0, today: today() },
    });
    const user = userEvent.setup();
    renderStudy();
    await user.click(await screen.findByRole('button', { name: 'Practise' }));
    expect(await screen.findByText('la pomme')).toBeTruthy();
    await answer(user, 'the pear');
    expect(await screen.findByText(/— score \d+%/)).toBeTruthy();
    expect(screen.getByText('Practice')).toBeTruthy();
    expect(screen.getByText(/not saved and the card’s schedule is unchanged/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'I was right' })).toBeNull();
    await user.keyboard('{Enter}');
    await answer(user, 'the cat');
    await user.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(await screen.findByText('Session complete')).toBeTruthy();
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toEqual([]);
  });

  it('saves the browser’s time zone at first use', async () => {
    const fetch = server(
      { study: { items, dueCount: 0, newCount: 2, today: today() } },
      { ...studySettingsFixture, timeZone: 'UTC', timeZoneSet: false },
    );
    renderStudy();
    await screen.findByText('la pomme');
    await waitFor(() => expect(postsTo(fetch, '/api/study/settings')).toHaveLength(1));
    const body = JSON.parse(String(postsTo(fetch, '/api/study/settings')[0]?.[1]?.body)) as {
      timeZone: string;
    };
    expect(body).toEqual({ timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  });

  it('keeps the session going while the time zone is saved: the queue is not read again under it', async () => {
    const fetch = server(
      { study: { items, dueCount: 0, newCount: 2, today: today() } },
      { ...studySettingsFixture, timeZone: 'UTC', timeZoneSet: false },
    );
    const user = userEvent.setup();
    renderStudy();
    await screen.findByText('la pomme');
    await user.type(screen.getByRole('textbox', { name: /Your answer/ }), 'the ap');
    await waitFor(() => expect(postsTo(fetch, '/api/study/settings')).toHaveLength(1));
    // Whatever the save changed is read at the next session, not over the card being answered.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const queueReads = fetch.mock.calls.filter(([url]) =>
      String(url).startsWith('/api/study/queue'),
    );
    expect(queueReads).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: /Your answer/ })).toHaveProperty('value', 'the ap');
  });
});
