import { api, type ReviewResult } from '@glossa/contract';
import { failure, fakeApi, ok, unreachable, type FakeApi } from '../../../test/fake-api';
import { renderPage } from '../../../test/render';
import { readOutbox } from '../api/outbox-storage';
import { ReviewOutboxSync } from '../components/review-outbox-sync';
import StudyPage from './study-page';
import { later, studyReads, type Body } from './study-page-test-support';

/** The signed-in learner of the offline tests. */
export const userId = 'user-1';

/**
 * A server that counts a guess starting with "the" as right, keeps a combo, and can be made
 * unreachable (`down`), as when the network drops.
 */
export function stubServer() {
  const server = { down: false, current: 0 };
  const reviews = new Map<string, Body>();
  const result = (
    review: Body,
    success: boolean,
    kind: ReviewResult['kind'] = 'review',
  ): ReviewResult => ({
    clientReviewId: review.clientReviewId,
    cardId: review.cardId,
    direction: 'forward',
    kind,
    score: success ? 1 : 0.5,
    success,
    grade: kind === 'override' ? 2 : success ? 3 : 1,
    expected: review.cardId === 'card-1' ? 'the apple' : 'the cat',
    answers: review.cardId === 'card-1' ? ['the apple', 'an apple'] : ['the cat'],
    diff: [{ kind: 'good', text: review.guess }],
    dueAt: later,
    period: 3,
    combo: { current: server.current, best: 5, bestAt: null },
    reviewedAt: new Date().toISOString(),
  });
  const { fetch } = studyReads(fakeApi())
    // POSTs fail on the network while the server is down.
    .on(api.study.review, ({ body }) => {
      if (server.down) return unreachable();
      const known = reviews.get(body.clientReviewId);
      if (known) return ok(result(known, known.guess.startsWith('the')));
      reviews.set(body.clientReviewId, body);
      const success = body.guess.startsWith('the');
      server.current = success ? server.current + 1 : 0;
      return ok(result(body, success));
    })
    .on(api.study.override, ({ params }) => {
      if (server.down) return unreachable();
      const review = reviews.get(params.clientReviewId);
      if (!review) return failure(404, 'not_found', 'Not found');
      server.current += 1;
      return ok(result(review, true, 'override'));
    });
  return { server, fetch };
}

export function reviewPosts(fetch: FakeApi['fetch']): string[] {
  return fetch.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && String(input).startsWith('/api/study'))
    .map(([input, init]) => {
      const path = String(input);
      if (path !== '/api/study/reviews') return path.replace('/api/study/reviews/', '');
      const body = JSON.parse(String(init?.body)) as Body;
      return `${body.cardId} ${body.guess} ${body.clientReviewId} ${body.elapsedMs}`;
    });
}

export function renderStudy() {
  return renderPage(
    '/app/study',
    '/app/study',
    <>
      <ReviewOutboxSync />
      <StudyPage />
    </>,
  );
}

/** The answers kept on the device, waiting to sync. */
export const stored = () => readOutbox(localStorage, userId);
