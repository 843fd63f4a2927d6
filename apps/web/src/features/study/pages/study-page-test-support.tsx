import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { resetAppStateForTests } from '../../../lib/app-state';
import { saveSession } from '../../../lib/session';
import { failure, fakeToken, ok, renderPage, stubFetch, userFixture } from '../../../test/render';
import StudyPage from './study-page';

export const later = new Date(Date.now() + 3 * 24 * 3600_000).toISOString();
const now = new Date().toISOString();

export function item(id: string, front: string, answers: string[]) {
  return {
    cardId: id,
    categoryId: null,
    front,
    answers,
    notes: '',
    fromLanguageCode: 'fr',
    toLanguageCode: 'en',
    kind: 'new' as const,
    progress: null,
  };
}

export const items = [
  item('card-1', 'la pomme', ['the apple', 'an apple']),
  item('card-2', 'le chat', ['the cat']),
];

function combo(current: number) {
  return { current, best: Math.max(current, 3), bestAt: null };
}

export interface Body {
  cardId: string;
  guess: string;
  clientReviewId: string;
  elapsedMs: number;
}

export function reviewResult(body: Body, success: boolean, current: number, kind = 'review') {
  return {
    clientReviewId: body.clientReviewId,
    cardId: body.cardId,
    kind,
    score: success ? 1 : 0.5,
    success,
    expected: body.cardId === 'card-1' ? 'the apple' : 'the cat',
    answers: body.cardId === 'card-1' ? ['the apple', 'an apple'] : ['the cat'],
    diff: success
      ? [{ kind: 'good', text: body.guess }]
      : [
          { kind: 'good', text: 'the a' },
          { kind: 'wrong', text: 'x' },
          { kind: 'missing', text: 'ple' },
        ],
    dueAt: later,
    period: 3,
    combo: combo(current),
    reviewedAt: now,
  };
}

export function stubServer({ queue = items, startCombo = 0 } = {}) {
  let current = startCombo;
  const reviews = new Map<string, Body>();
  return stubFetch(({ method, url, body }) => {
    if (url === '/api/categories') return ok({ items: [] });
    if (url === '/api/user/info') return ok(userFixture);
    if (url.startsWith('/api/study/queue')) return ok({ items: queue, dueCount: 0, newCount: 2 });
    if (method === 'POST' && url === '/api/study/reviews') {
      const review = body as Body;
      reviews.set(review.clientReviewId, review);
      const success = review.guess.startsWith('the');
      current = success ? current + 1 : 0;
      return ok(reviewResult(review, success, current));
    }
    const match = /^\/api\/study\/reviews\/([^/]+)\/(override|undo)$/.exec(url);
    const review = match ? reviews.get(match[1] ?? '') : undefined;
    if (method === 'POST' && match && review) {
      if (match[2] === 'override') {
        current += 1;
        return ok(reviewResult(review, true, current, 'override'));
      }
      current = Math.max(0, current - 1);
      return ok({
        clientReviewId: review.clientReviewId,
        cardId: review.cardId,
        progress: null,
        combo: combo(current),
      });
    }
    return failure(404, 'not_found', 'Not found');
  });
}

export function firstBody(fetch: ReturnType<typeof stubFetch>): Body {
  const init = postsTo(fetch, '/api/study/reviews')[0]?.[1];
  return JSON.parse(String(init?.body)) as Body;
}

export function postsTo(fetch: ReturnType<typeof stubFetch>, url: string | RegExp) {
  return fetch.mock.calls.filter(
    ([input, init]) =>
      init?.method === 'POST' &&
      (typeof url === 'string' ? input === url : url.test(String(input))),
  );
}

export function renderStudy(url = '/app/study') {
  return renderPage('/app/study', url, <StudyPage />);
}

export async function answer(user: ReturnType<typeof userEvent.setup>, text: string) {
  const field = await screen.findByRole('textbox', { name: /your answer/i });
  await waitFor(() => expect(document.activeElement).toBe(field));
  await user.type(field, `${text}{Enter}`);
}

/** For the study page tests: a signed-in learner; fetch and app state reset after each test. */
export function studyPageHarness(): void {
  beforeEach(() => {
    saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    resetAppStateForTests();
  });
}
