import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountExportSchema } from '@glossa/contract';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser } from '../../../test/factories';
import { studyCalls } from './study.test-support';

/** The learner's study data in the account: exported with it, deleted with it. */
describe('study: progress, reviews and combo in the account', () => {
  let t: TestApp;
  let clock = Date.UTC(2026, 0, 10, 12, 0, 0);
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(async () => {
    await t.close();
  });

  const { api, db, newCard, answer, progressOf, logOf } = studyCalls(
    () => t,
    (ms) => (clock += ms),
  );

  it('the account export holds the progress, the review log and the combo', async () => {
    const user = await createUser(t);
    const cardId = await newCard(user);
    const id = randomUUID();
    await answer(user, cardId, 'the house', id);
    const data = accountExportSchema.parse(await api().must('GET', '/api/user/export', user));
    expect(data.progress).toMatchObject([{ cardId, reps: 1, lapses: 0, suspended: false }]);
    expect(data.reviews).toMatchObject([
      { clientReviewId: id, cardId, kind: 'review', guess: 'the house', success: true, grade: 3 },
    ]);
    expect(data.combo).toMatchObject({ current: 1, best: 1 });
  });

  it('progress, reviews and combo go with the account', async () => {
    const user = await createUser(t);
    const cardId = await newCard(user);
    await answer(user, cardId, 'the house');
    await api().must('POST', '/api/user/delete', user, { currentPassword: user.password });
    expect(await progressOf(user.id, cardId)).toBeUndefined();
    expect(await logOf(user.id)).toHaveLength(0);
    const combo = await db()
      .selectFrom('combos')
      .selectAll()
      .where('user_id', '=', user.id)
      .execute();
    expect(combo).toHaveLength(0);
  });
});
