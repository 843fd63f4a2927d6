import { studyLimits } from '@glossa/contract';
import { describe, expect, it } from 'vitest';
import { SEND_ANSWER_TIME_AFTER_MS } from './outbox-send';
import { createReviewOutbox } from './review-outbox';
import { entry, fakeServer, recordEvents } from './review-outbox-test-support';

const DAY_MS = 86_400_000;
const monday = Date.UTC(2026, 0, 12, 8, 30);
const wednesday = monday + 2 * DAY_MS;

/** When an answer was given, sent with it (issue 14, item 23, decision 0014). */
describe('review outbox: the time an answer was given', () => {
  it('sends an answer given Monday offline and synced Wednesday with Monday’s time', async () => {
    const server = fakeServer();
    const outbox = createReviewOutbox({
      transport: server.transport,
      isOnline: () => true,
      now: () => wednesday,
    });
    outbox.enqueue('ana', entry(1, { answeredAt: monday }));
    await outbox.flush('ana');
    expect(server.bodies).toEqual([
      {
        cardId: 'card-1',
        guess: 'guess 1',
        clientReviewId: 'review-0001',
        elapsedMs: 1001,
        answeredAt: new Date(monday).toISOString(),
      },
    ]);
  });

  it('sends an answer that reached the server at once without it: the server’s clock counts', async () => {
    const server = fakeServer();
    const given = monday;
    const outbox = createReviewOutbox({
      transport: server.transport,
      isOnline: () => true,
      now: () => given + SEND_ANSWER_TIME_AFTER_MS,
    });
    await outbox.deliver('ana', entry(1, { answeredAt: given }));
    expect(server.bodies[0]).not.toHaveProperty('answeredAt');
  });

  it('drops an answer kept longer than the server takes one, and says so', async () => {
    const server = fakeServer();
    const outbox = createReviewOutbox({
      transport: server.transport,
      isOnline: () => true,
      now: () => wednesday,
    });
    const events = recordEvents(outbox);
    const old = entry(1, { answeredAt: wednesday - studyLimits.answerAgeMaxMs - 1 });
    const kept = entry(2, { answeredAt: wednesday - studyLimits.answerAgeMaxMs });
    outbox.enqueue('ana', old);
    outbox.enqueue('ana', kept);
    await outbox.flush('ana');
    expect(server.sent).toEqual(['review review-0002']);
    expect(events[0]).toEqual({
      type: 'rejected',
      userId: 'ana',
      entry: old,
      message: 'it was given more than 30 days ago.',
      remaining: 1,
    });
    expect(outbox.entries('ana')).toEqual([]);
  });
});
