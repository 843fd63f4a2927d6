import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { createReviewOutbox, type OutboxTransport } from './review-outbox';
import { entry, fakeServer, recordEvents, result } from './review-outbox-test-support';

describe('review outbox', () => {
  it('reports each answer with the server result, which is the truth', async () => {
    // The device thought guess 1 right; the server (with the card's latest answers) did not.
    const server = fakeServer((body) => result(body, body.clientReviewId !== 'review-0001'));
    const outbox = createReviewOutbox({ transport: server.transport, isOnline: () => true });
    const events = recordEvents(outbox);
    outbox.enqueue('ana', entry(1));
    outbox.enqueue('ana', entry(2));
    await outbox.flush('ana');
    expect(events).toEqual([
      {
        type: 'synced',
        userId: 'ana',
        entry: entry(1),
        result: result({ clientReviewId: 'review-0001', cardId: 'card-1' }, false),
        remaining: 1,
        overrideError: null,
      },
      {
        type: 'synced',
        userId: 'ana',
        entry: entry(2),
        result: result({ clientReviewId: 'review-0002', cardId: 'card-2' }, true),
        remaining: 0,
        overrideError: null,
      },
    ]);
  });

  it('sends "I was right" right after its answer, only when the server scored it wrong', async () => {
    const server = fakeServer((body) => result(body, body.clientReviewId === 'review-0002'));
    const outbox = createReviewOutbox({ transport: server.transport, isOnline: () => true });
    const events = recordEvents(outbox);
    outbox.enqueue('ana', entry(1));
    outbox.enqueue('ana', entry(2));
    outbox.enqueue('ana', entry(3));
    expect(await outbox.markOverride('ana', 'review-0001')).toBe('changed');
    expect(await outbox.markOverride('ana', 'review-0002')).toBe('changed');
    await outbox.flush('ana');
    expect(server.sent).toEqual([
      'review review-0001',
      'override review-0001',
      'review review-0002',
      'review review-0003',
    ]);
    expect(events.map((event) => event.type === 'synced' && event.result.kind)).toEqual([
      'override',
      'review',
      'review',
    ]);
    // Already sent: the caller must override on the server.
    expect(await outbox.markOverride('ana', 'review-0001')).toBe('sent');
  });

  it('drops an answer the server refuses for good and says why; keeps them when signed out', async () => {
    const server = fakeServer((body) =>
      body.clientReviewId === 'review-0001'
        ? new ApiError(404, 'not_found', 'Card not found')
        : result(body),
    );
    const outbox = createReviewOutbox({ transport: server.transport, isOnline: () => true });
    const events = recordEvents(outbox);
    outbox.enqueue('ana', entry(1));
    outbox.enqueue('ana', entry(2));
    await outbox.flush('ana');
    expect(events.map((event) => [event.type, event.entry.clientReviewId])).toEqual([
      ['rejected', 'review-0001'],
      ['synced', 'review-0002'],
    ]);
    expect(events[0]).toMatchObject({ message: 'Card not found', remaining: 1 });

    const signedOut = fakeServer(() => new ApiError(401, 'unauthorized', 'Sign in again'));
    const other = createReviewOutbox({ transport: signedOut.transport, isOnline: () => true });
    other.enqueue('bo', entry(5));
    await other.flush('bo');
    expect(other.entries('bo')).toEqual([entry(5)]);
    expect(other.status('bo').retryAt).toBeNull();
  });

  it('undo takes back an unsent answer, and waits for one being sent', async () => {
    let release: (() => void) | undefined;
    const transport: OutboxTransport = {
      review: (body) =>
        new Promise((resolve) => {
          release = () => resolve(result(body));
        }),
      override: () => Promise.reject(new Error('not used')),
    };
    const outbox = createReviewOutbox({ transport, isOnline: () => false });
    outbox.enqueue('ana', entry(1));
    outbox.enqueue('ana', entry(2));
    expect(await outbox.withdraw('ana', 'review-0002')).toBe('changed');
    expect(outbox.entries('ana')).toEqual([entry(1)]);

    const online = createReviewOutbox({ transport, isOnline: () => true });
    const flushed = online.flush('ana');
    await vi.waitFor(() => expect(release).toBeDefined());
    let outcome: string | undefined;
    const withdrawn = online.withdraw('ana', 'review-0001').then((value) => {
      outcome = value;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(outcome).toBeUndefined();
    release?.();
    await Promise.all([flushed, withdrawn]);
    expect(outcome).toBe('sent');
  });
});
