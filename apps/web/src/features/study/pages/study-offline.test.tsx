import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getAppState } from '../../../lib/app-state';
import { failure, ok, renderPage, stubFetch, userFixture } from '../../../test/render';
import { outboxStorageKey, readOutbox } from '../api/outbox-storage';
import { ReviewOutboxSync } from '../components/review-outbox-sync';
import { offlineStudyHarness } from './offline-test-support';
import StudyPage from './study-page';

const userId = 'user-1';
const later = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();

const items = [
  {
    cardId: 'card-1',
    categoryId: null,
    front: 'la pomme',
    answers: ['the apple', 'an apple'],
    notes: '',
    fromLanguageCode: 'fr',
    toLanguageCode: 'en',
    kind: 'new' as const,
    progress: null,
  },
  {
    cardId: 'card-2',
    categoryId: null,
    front: 'le chat',
    answers: ['the cat'],
    notes: '',
    fromLanguageCode: 'fr',
    toLanguageCode: 'en',
    kind: 'new' as const,
    progress: null,
  },
];

interface Body {
  cardId: string;
  guess: string;
  clientReviewId: string;
  elapsedMs: number;
}

/**
 * A server that counts a guess starting with "the" as right, keeps a combo, and can be made
 * unreachable (`down`), as when the network drops.
 */
function stubServer() {
  const server = { down: false, current: 0 };
  const reviews = new Map<string, Body>();
  const result = (review: Body, success: boolean, kind = 'review') => ({
    clientReviewId: review.clientReviewId,
    cardId: review.cardId,
    kind,
    score: success ? 1 : 0.5,
    success,
    expected: review.cardId === 'card-1' ? 'the apple' : 'the cat',
    answers: review.cardId === 'card-1' ? ['the apple', 'an apple'] : ['the cat'],
    diff: [{ kind: 'good', text: review.guess }],
    dueAt: later,
    period: 3,
    combo: { current: server.current, best: 5, bestAt: null },
    reviewedAt: new Date().toISOString(),
  });
  const fetch = stubFetch(({ method, url, body }) => {
    if (server.down && method === 'POST') throw new TypeError('Failed to fetch');
    if (url === '/api/categories') return ok({ items: [] });
    if (url === '/api/user/info') return ok(userFixture);
    if (url.startsWith('/api/study/queue')) return ok({ items, dueCount: 0, newCount: 2 });
    if (method === 'POST' && url === '/api/study/reviews') {
      const review = body as Body;
      const known = reviews.get(review.clientReviewId);
      if (known) return ok(result(known, known.guess.startsWith('the')));
      reviews.set(review.clientReviewId, review);
      const success = review.guess.startsWith('the');
      server.current = success ? server.current + 1 : 0;
      return ok(result(review, success));
    }
    const match = /^\/api\/study\/reviews\/([^/]+)\/(override|undo)$/.exec(url);
    const review = match ? reviews.get(match[1] ?? '') : undefined;
    if (method === 'POST' && match?.[2] === 'override' && review) {
      server.current += 1;
      return ok(result(review, true, 'override'));
    }
    return failure(404, 'not_found', 'Not found');
  });
  return { server, fetch };
}

function reviewPosts(fetch: ReturnType<typeof stubFetch>): string[] {
  return fetch.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && String(input).startsWith('/api/study'))
    .map(([input, init]) => {
      const path = String(input);
      if (path !== '/api/study/reviews') return path.replace('/api/study/reviews/', '');
      const body = JSON.parse(String(init?.body)) as Body;
      return `${body.cardId} ${body.guess} ${body.clientReviewId} ${body.elapsedMs}`;
    });
}

const { setOnline } = offlineStudyHarness(userId);

function renderStudy() {
  return renderPage(
    '/app/study',
    '/app/study',
    <>
      <ReviewOutboxSync />
      <StudyPage />
    </>,
  );
}

async function answer(user: ReturnType<typeof userEvent.setup>, text: string) {
  const field = await screen.findByRole('textbox', { name: /your answer/i });
  await waitFor(() => expect(document.activeElement).toBe(field));
  await user.type(field, `${text}{Enter}`);
}

const stored = () => readOutbox(localStorage, userId);

describe('study offline', () => {
  it('scores answers on the device, keeps them, and syncs them in order when back online', async () => {
    const { fetch } = stubServer();
    const user = userEvent.setup();
    renderStudy();
    await screen.findByText('la pomme');
    setOnline(false);
    expect(await screen.findByText('You are offline')).toBeTruthy();

    await answer(user, 'the apple');
    expect(await screen.findByText(/Right — score 100%/)).toBeTruthy();
    expect(screen.getByText('Offline — will sync')).toBeTruthy();
    expect(screen.getByText('Set when this answer syncs')).toBeTruthy();
    expect(getAppState().cardCombo).toBe(1);
    await user.keyboard('{Enter}');
    await answer(user, 'a cat');
    expect(await screen.findByText(/Not quite — score 57%/)).toBeTruthy();
    expect(getAppState().cardCombo).toBe(0);
    expect(screen.getByTestId('answer-diff').querySelector('[data-kind="missing"]')).not.toBeNull();

    expect(screen.getByText('2 answers waiting to sync')).toBeTruthy();
    expect(reviewPosts(fetch)).toEqual([]);
    const kept = stored();
    expect(kept.map((entry) => [entry.cardId, entry.guess])).toEqual([
      ['card-1', 'the apple'],
      ['card-2', 'a cat'],
    ]);
    expect(kept.every((entry) => entry.elapsedMs >= 0)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Finish' }));
    const again = await screen.findByRole('button', { name: 'Study again' });
    expect((again as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/A new session starts once your answers have synced/)).toBeTruthy();

    setOnline(true);
    await waitFor(() => expect(stored()).toEqual([]));
    expect(reviewPosts(fetch)).toEqual(
      kept.map(
        (entry) => `${entry.cardId} ${entry.guess} ${entry.clientReviewId} ${entry.elapsedMs}`,
      ),
    );
    await waitFor(() => expect((again as HTMLButtonElement).disabled).toBe(false));
    expect(screen.queryByText(/waiting to sync/)).toBeNull();
    // The server's combo (right, then wrong) is the truth.
    expect(getAppState().cardCombo).toBe(0);
    expect(localStorage.getItem(outboxStorageKey(userId))).toBeNull();
  });

  it('replaces the device result with the server result once it syncs', async () => {
    const { server } = stubServer();
    const user = userEvent.setup();
    renderStudy();
    await screen.findByText('la pomme');
    server.down = true;
    await answer(user, 'the apple');
    // The call failed on the network: kept with its id, scored here.
    expect(await screen.findByText('Offline — will sync')).toBeTruthy();
    expect(stored()).toHaveLength(1);

    server.down = false;
    await user.click(await screen.findByRole('button', { name: 'Sync now' }));
    await waitFor(() => expect(screen.queryByText('Offline — will sync')).toBeNull());
    expect(screen.getByText('in 3 days')).toBeTruthy();
    expect(getAppState().cardCombo).toBe(1);
  });

  it('resends an answer whose call failed on the network with the same id and time', async () => {
    const { fetch, server } = stubServer();
    const user = userEvent.setup();
    renderStudy();
    await screen.findByText('la pomme');
    server.down = true;
    await answer(user, 'the apple');
    await screen.findByText('Offline — will sync');
    server.down = false;
    setOnline(true);
    await waitFor(() => expect(stored()).toEqual([]));
    const attempts = fetch.mock.calls
      .filter(([input]) => input === '/api/study/reviews')
      .map(([, init]) => String(init?.body));
    expect(attempts.length).toBeGreaterThanOrEqual(2);
    expect(new Set(attempts).size).toBe(1);
  });

  it('undo of an unsent answer takes it out of the outbox', async () => {
    const { fetch } = stubServer();
    const user = userEvent.setup();
    renderStudy();
    await screen.findByText('la pomme');
    setOnline(false);
    await answer(user, 'the apple');
    await screen.findByText('Offline — will sync');
    expect(getAppState().cardCombo).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Undo' }));

    const field = await screen.findByRole('textbox', { name: /your answer/i });
    expect((field as HTMLInputElement).value).toBe('');
    expect(stored()).toEqual([]);
    expect(getAppState().cardCombo).toBe(0);
    setOnline(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reviewPosts(fetch)).toEqual([]);
  });

  it('"I was right" on an unsent answer is sent right after it when back online', async () => {
    const { fetch } = stubServer();
    const user = userEvent.setup();
    renderStudy();
    await screen.findByText('la pomme');
    setOnline(false);
    await answer(user, 'banana');
    await screen.findByText(/Not quite/);
    await user.click(screen.getByRole('button', { name: 'I was right' }));
    expect(await screen.findByText(/counted as right/)).toBeTruthy();
    expect(stored()[0]?.override).toBe(true);
    expect(getAppState().cardCombo).toBe(1);

    setOnline(true);
    await waitFor(() => expect(stored()).toEqual([]));
    const [review, override] = reviewPosts(fetch);
    expect(review).toMatch(/^card-1 banana /);
    expect(override).toBe(`${review?.split(' ')[2]}/override`);
    await waitFor(() => expect(screen.queryByText('Offline — will sync')).toBeNull());
    expect(screen.getByText(/counted as right/)).toBeTruthy();
  });

  it('explains why undo waits for a connection once the answer reached the server', async () => {
    stubServer();
    const user = userEvent.setup();
    renderStudy();
    await answer(user, 'the apple');
    await screen.findByText(/Right — score/);
    setOnline(false);
    const undo = await screen.findByRole('button', { name: 'Undo' });
    expect((undo as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/need a connection: this answer has already reached the server/)).toBe(
      document.getElementById(undo.getAttribute('aria-describedby') ?? ''),
    );
  });

  it('sends answers kept before a reload as soon as the app starts', async () => {
    const { fetch } = stubServer();
    localStorage.setItem(
      outboxStorageKey(userId),
      JSON.stringify([
        {
          clientReviewId: 'kept-before-reload',
          cardId: 'card-1',
          guess: 'the apple',
          elapsedMs: 4200,
          answeredAt: Date.now() - 60_000,
          override: false,
        },
      ]),
    );
    renderStudy();
    await waitFor(() => expect(stored()).toEqual([]));
    expect(reviewPosts(fetch)).toEqual(['card-1 the apple kept-before-reload 4200']);
    expect(getAppState().cardCombo).toBe(1);
  });

  it('leaves out of a new session the cards whose answers still wait to sync', async () => {
    const { server } = stubServer();
    server.down = true;
    localStorage.setItem(
      outboxStorageKey(userId),
      JSON.stringify([
        {
          clientReviewId: 'kept-before-reload',
          cardId: 'card-1',
          guess: 'the apple',
          elapsedMs: 4200,
          answeredAt: Date.now() - 60_000,
          override: false,
        },
      ]),
    );
    renderStudy();
    expect(await screen.findByText('le chat')).toBeTruthy();
    expect(screen.getByText('Card 1 of 1')).toBeTruthy();
    expect(screen.queryByText('la pomme')).toBeNull();
    expect(await screen.findByText('1 answer waiting to sync')).toBeTruthy();
  });

  it('answers go behind those still waiting, even online, so the server gets them in order', async () => {
    const { fetch, server } = stubServer();
    const user = userEvent.setup();
    renderStudy();
    await screen.findByText('la pomme');
    server.down = true;
    await answer(user, 'the apple');
    await screen.findByText('Offline — will sync');
    await user.keyboard('{Enter}');
    await answer(user, 'the cat');
    await waitFor(() => expect(stored()).toHaveLength(2));
    server.down = false;
    setOnline(true);
    await waitFor(() => expect(stored()).toEqual([]));
    const sent = reviewPosts(fetch).map((line) => line.split(' ')[0]);
    expect(sent.at(-2)).toBe('card-1');
    expect(sent.at(-1)).toBe('card-2');
    expect(getAppState().cardCombo).toBe(2);
  });
});
