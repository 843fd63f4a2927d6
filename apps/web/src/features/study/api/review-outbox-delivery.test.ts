import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { createReviewOutbox, type OutboxTransport } from './review-outbox';
import { entry, fakeServer, networkDown, recordEvents, result } from './review-outbox-test-support';

describe('review outbox delivery (an answer the learner waits for)', () => {
  it('goes through the outbox and answers the server’s result to the caller alone', async () => {
    const server = fakeServer();
    const outbox = createReviewOutbox({ transport: server.transport, isOnline: () => true });
    const events = recordEvents(outbox);

    const delivery = await outbox.deliver('ana', entry(1));

    expect(delivery).toEqual({
      status: 'synced',
      result: result(entry(1)),
      overrideError: null,
    });
    expect(server.bodies).toEqual([
      { cardId: 'card-1', guess: 'guess 1', clientReviewId: 'review-0001', elapsedMs: 1001 },
    ]);
    expect(outbox.entries('ana')).toEqual([]);
    // The caller shows it: the listeners of answers synced later hear nothing of it.
    expect(events).toEqual([]);
  });

  it('does not count as waiting to sync while it is on its way', async () => {
    let release = () => {};
    const transport: OutboxTransport = {
      review: (body) =>
        new Promise((resolve) => {
          release = () => resolve(result(body));
        }),
      override: () => Promise.reject(new Error('not used')),
    };
    const outbox = createReviewOutbox({ transport, isOnline: () => true });

    const delivery = outbox.deliver('ana', entry(1));

    await vi.waitFor(() => expect(outbox.status('ana').sending).toBe(true));
    expect(outbox.entries('ana')).toHaveLength(1);
    expect(outbox.status('ana').pending).toBe(0);
    release();
    expect(await delivery).toMatchObject({ status: 'synced' });
  });

  it('says why it still waits: the failure of its attempt, or none when offline', async () => {
    const down = fakeServer(() => networkDown());
    const online = createReviewOutbox({ transport: down.transport, isOnline: () => true });
    expect(await online.deliver('ana', entry(1))).toEqual({
      status: 'waiting',
      error: networkDown(),
    });
    // Kept, and counted as waiting now that no one waits for it.
    expect(online.status('ana')).toMatchObject({
      pending: 1,
      lastError: 'Cannot reach the server.',
    });
    online.stop('ana');

    const server = fakeServer();
    const offline = createReviewOutbox({ transport: server.transport, isOnline: () => false });
    expect(await offline.deliver('bo', entry(2))).toEqual({ status: 'waiting', error: null });
    expect(server.sent).toEqual([]);
    expect(offline.entries('bo').map((item) => item.clientReviewId)).toEqual(['review-0002']);
  });

  it('answers a refusal to the caller; the answer leaves the outbox', async () => {
    const server = fakeServer(() => new ApiError(404, 'not_found', 'This card was deleted.'));
    const outbox = createReviewOutbox({ transport: server.transport, isOnline: () => true });
    const events = recordEvents(outbox);

    expect(await outbox.deliver('ana', entry(1))).toEqual({
      status: 'rejected',
      message: 'This card was deleted.',
    });
    expect(outbox.entries('ana')).toEqual([]);
    expect(events).toEqual([]);
  });

  it('sends "I was right" alone for an answer the server already has', async () => {
    const server = fakeServer();
    const outbox = createReviewOutbox({ transport: server.transport, isOnline: () => true });

    const delivery = await outbox.deliver('ana', entry(1, { override: true, reviewSent: true }));

    expect(server.sent).toEqual(['override review-0001']);
    expect(delivery).toMatchObject({ status: 'synced', result: { kind: 'override' } });
  });

  it('goes behind the answers still waiting, in the order given', async () => {
    const server = fakeServer();
    const outbox = createReviewOutbox({ transport: server.transport, isOnline: () => true });
    outbox.enqueue('ana', entry(1));
    const events = recordEvents(outbox);

    const delivery = await outbox.deliver('ana', entry(2));

    expect(server.sent).toEqual(['review review-0001', 'review review-0002']);
    expect(delivery).toMatchObject({ status: 'synced', result: { clientReviewId: 'review-0002' } });
    // The answer kept before is reported as ever.
    expect(events.map((event) => [event.type, event.entry.clientReviewId])).toEqual([
      ['synced', 'review-0001'],
    ]);
  });
});
