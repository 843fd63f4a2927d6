import { api } from '@glossa/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getAppState } from '../../../lib/app-state';
import { failure, fakeApi, ok, unreachable, type FakeAnswer } from '../../../test/fake-api';
import { offlineStudyHarness } from './offline-test-support';
import { renderStudy, stored, userId } from './study-offline-test-support';
import { answer, reviewResult, studyReads } from './study-page-test-support';

offlineStudyHarness(userId);

/** A server whose answer to a review the test gives. */
function serverAnswering(review: () => FakeAnswer<typeof api.study.review>) {
  return studyReads(fakeApi()).on(api.study.review, review);
}

describe('answers given online go through the outbox', () => {
  it('waits in the outbox only while it is sent, never shown as waiting to sync', async () => {
    let release: (() => void) | undefined;
    studyReads(fakeApi()).on(
      api.study.review,
      ({ body }) =>
        new Promise<FakeAnswer<typeof api.study.review>>((resolve) => {
          release = () => resolve(ok(reviewResult(body, true, 1)));
        }),
    );
    const user = userEvent.setup();
    renderStudy();
    await answer(user, 'the apple');

    await waitFor(() => expect(release).toBeDefined());
    expect(stored().map((entry) => [entry.cardId, entry.guess])).toEqual([['card-1', 'the apple']]);
    expect(screen.queryByText(/waiting to sync/)).toBeNull();
    release?.();

    expect(await screen.findByText(/Exactly right — score 100%/)).toBeTruthy();
    expect(screen.queryByText('Offline — will sync')).toBeNull();
    expect(screen.getByText('in 3 days')).toBeTruthy();
    expect(stored()).toEqual([]);
    expect(getAppState().cardCombo).toBe(1);
  });

  it('takes back an answer the server failed on and says why: nothing waits, the card is asked', async () => {
    serverAnswering(() => failure(500, 'internal_error', 'Something broke on our side'));
    const user = userEvent.setup();
    renderStudy();
    await answer(user, 'the apple');

    await waitFor(() =>
      expect(getAppState().failureToast?.body).toBe('Something broke on our side'),
    );
    await waitFor(() => expect(stored()).toEqual([]));
    expect(screen.getByRole('textbox', { name: /your answer/i })).toHaveProperty(
      'value',
      'the apple',
    );
    expect(screen.queryByText(/waiting to sync/)).toBeNull();
  });

  it('tells a refusal as the answer’s own, not as one given offline', async () => {
    serverAnswering(() => failure(404, 'not_found', 'This card was deleted.'));
    const user = userEvent.setup();
    renderStudy();
    await answer(user, 'the apple');

    await waitFor(() => expect(getAppState().failureToast?.body).toBe('This card was deleted.'));
    expect(stored()).toEqual([]);
    expect(screen.getByRole('textbox', { name: /your answer/i })).toBeTruthy();
  });
});

describe('"I was right" on an answer the server has', () => {
  it('goes through the outbox after it; when it cannot be sent the learner is told', async () => {
    let reachable = false;
    const { fetch } = studyReads(fakeApi())
      .on(api.study.review, ({ body }) => ok(reviewResult(body, false, 0)))
      .on(api.study.override, ({ params }) => {
        if (!reachable) return unreachable();
        const review = { cardId: 'card-1', guess: 'an aple', elapsedMs: 0, ...params };
        return ok(reviewResult(review, true, 1, 'override'));
      });
    const user = userEvent.setup();
    renderStudy();
    await answer(user, 'an aple');
    await screen.findByText(/(Not right|Partly right|Close) — score/);

    await user.click(screen.getByRole('button', { name: 'I was right' }));
    await waitFor(() =>
      expect(getAppState().failureToast?.body).toBe(
        'Cannot reach the server. Check your connection.',
      ),
    );
    expect(screen.queryByText(/counted as right/)).toBeNull();
    await waitFor(() => expect(stored()).toEqual([]));

    reachable = true;
    await user.click(screen.getByRole('button', { name: 'I was right' }));
    expect(await screen.findByText(/counted as right/)).toBeTruthy();
    // Only the override went: the answer itself was not sent again.
    expect(fetch.mock.calls.filter(([input]) => input === '/api/study/reviews')).toHaveLength(1);
    expect(stored()).toEqual([]);
    expect(getAppState().cardCombo).toBe(1);
  });
});
