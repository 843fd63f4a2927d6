import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/app';
import { signIn, type TestUser } from '../../../test/factories';
import { caller, cardBody } from '../categories/sharing.test-support';

/**
 * The calls and reads that the study and stats tests share, on a test app whose clock the tests
 * move by hand: `app` gives the file's app, `move` moves its clock.
 */
export function studyCalls(
  app: () => TestApp,
  move: (ms: number) => void,
  { elapsedMs = 1500 }: { elapsedMs?: number } = {},
) {
  const api = () => caller(app());
  const db = () => app().app.deps.db;
  /** Moves the clock and signs the users in again (access tokens live 15 minutes). */
  const advance = async (ms: number, ...users: TestUser[]) => {
    move(ms);
    for (const user of users) {
      Object.assign(user, await signIn(app(), user.username, user.password));
    }
  };
  const newCard = async (user: TestUser, overrides: Record<string, unknown> = {}) =>
    String(
      (
        await api().must(
          'POST',
          '/api/cards',
          user,
          cardBody({ answers: ['the house'], ...overrides }),
        )
      )['id'],
    );
  const reviewCall = (user: TestUser | undefined, cardId: string, guess: string, id?: string) =>
    api().call('POST', '/api/study/reviews', user, {
      cardId,
      guess,
      clientReviewId: id ?? randomUUID(),
      elapsedMs,
    });
  const answer = async (user: TestUser, cardId: string, guess: string, id?: string) => {
    const res = await reviewCall(user, cardId, guess, id);
    expect(res.status, JSON.stringify(res.payload)).toBe(200);
    return res.payload;
  };
  /** Answers and gives back the review's clientReviewId, for a later undo or "I was right". */
  const answerId = async (user: TestUser, cardId: string, guess: string, id = randomUUID()) => {
    await answer(user, cardId, guess, id);
    return id;
  };
  const progressOf = (userId: string, cardId: string) =>
    db()
      .selectFrom('progress')
      .selectAll()
      .where('user_id', '=', userId)
      .where('card_id', '=', cardId)
      .executeTakeFirst();
  const logOf = (userId: string) =>
    db()
      .selectFrom('review_log')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('seq')
      .execute();
  const queue = async (user: TestUser, query = '') => {
    const res = await api().call('GET', `/api/study/queue${query}`, user);
    expect(res.status, JSON.stringify(res.payload)).toBe(200);
    return res.payload as {
      items: { cardId: string; kind: string }[];
      dueCount: number;
      newCount: number;
    };
  };
  return { api, db, advance, newCard, reviewCall, answer, answerId, progressOf, logOf, queue };
}
