import {
  api,
  type Combo,
  type ReviewResult,
  type StudyQueueItem,
  type UndoResult,
} from '@glossa/contract';
import { screen, waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { scoreGuess } from '@glossa/srs';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import { resetAppStateForTests } from '../../../lib/app-state';
import { saveSession } from '../../../lib/session';
import { fakeApi, failure, ok, type FakeApi } from '../../../test/fake-api';
import {
  categoryTree,
  fakeToken,
  renderPage,
  userFixture,
  studySettingsFixture,
} from '../../../test/render';
import { reviewOutbox } from '../api/review-outbox';
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
    direction: 'forward' as const,
    kind: 'new' as const,
    progress: null,
  };
}

export const items = [
  item('card-1', 'la pomme', ['the apple', 'an apple']),
  item('card-2', 'le chat', ['the cat']),
];

function combo(current: number): Combo {
  return { current, best: Math.max(current, 3), bestAt: null };
}

export interface Body {
  cardId: string;
  guess: string;
  clientReviewId: string;
  elapsedMs: number;
}

export function reviewResult(
  body: Body,
  success: boolean,
  current: number,
  kind: ReviewResult['kind'] = 'review',
): ReviewResult {
  return {
    clientReviewId: body.clientReviewId,
    cardId: body.cardId,
    direction: 'forward',
    kind,
    score: success ? 1 : 0.5,
    success,
    grade: kind === 'override' ? 2 : success ? 3 : 1,
    expected: body.cardId === 'card-1' ? 'the apple' : 'the cat',
    answers: body.cardId === 'card-1' ? ['the apple', 'an apple'] : ['the cat'],
    // The diff as the engine draws it.
    diff: scoreGuess(
      body.guess,
      body.cardId === 'card-1' ? ['the apple', 'an apple'] : ['the cat'],
      {
        language: 'en',
      },
    ).diff,
    dueAt: later,
    period: 3,
    combo: combo(current),
    reviewedAt: now,
  };
}

/** The study page's reading calls: the categories, the learner and the queue. */
export function studyReads(fake: FakeApi, queue: StudyQueueItem[] = items): FakeApi {
  return fake
    .on(api.categories.tree, () => ok(categoryTree([])))
    .on(api.user.info, () => ok(userFixture))
    .on(api.study.settings, () => ok(studySettingsFixture))
    .on(api.study.queue, () => ok({ items: queue, dueCount: 0, newCount: 2 }));
}

export function stubServer({ queue = items, startCombo = 0 } = {}) {
  let current = startCombo;
  const reviews = new Map<string, Body>();
  const notFound = () => failure(404, 'not_found', 'Not found');
  return studyReads(fakeApi(), queue)
    .on(api.study.review, ({ body }) => {
      reviews.set(body.clientReviewId, body);
      const success = body.guess.startsWith('the');
      current = success ? current + 1 : 0;
      return ok(reviewResult(body, success, current));
    })
    .on(api.study.override, ({ params, body }) => {
      const review = reviews.get(params.clientReviewId);
      if (!review) return notFound();
      // A grade chosen (decision 0030): its success, and a wait that grows with it.
      const grade = body?.grade ?? 2;
      current = grade >= 2 ? current + 1 : 0;
      return ok({
        ...reviewResult(review, grade >= 2, current, 'override'),
        grade,
        period: grade * 4,
      });
    })
    .on(api.study.undo, ({ params }) => {
      const review = reviews.get(params.clientReviewId);
      if (!review) return notFound();
      current = Math.max(0, current - 1);
      const undone: UndoResult = {
        clientReviewId: review.clientReviewId,
        cardId: review.cardId,
        direction: 'forward',
        progress: null,
        combo: combo(current),
      };
      return ok(undone);
    }).fetch;
}

export function firstBody(fetch: FakeApi['fetch']): Body {
  const init = postsTo(fetch, '/api/study/reviews')[0]?.[1];
  return JSON.parse(String(init?.body)) as Body;
}

export function postsTo(fetch: FakeApi['fetch'], url: string | RegExp) {
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

/**
 * For the study page tests: a signed-in learner; fetch, app state and the outbox's planned
 * retries reset after each test.
 */
export function studyPageHarness(): void {
  beforeEach(() => {
    saveSession({ access: fakeToken('access'), refresh: fakeToken('refresh') });
  });

  afterEach(() => {
    reviewOutbox.stop('user-1');
    vi.unstubAllGlobals();
    resetAppStateForTests();
  });
}
