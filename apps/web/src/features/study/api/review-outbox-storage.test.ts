import { describe, expect, it } from 'vitest';
import { outboxStorageKey } from './outbox-storage';
import { createReviewOutbox } from './review-outbox';
import { entry, fakeServer } from './review-outbox-test-support';

describe('review outbox', () => {
  it('keeps answers in localStorage per learner, so a reload loses none', async () => {
    const first = createReviewOutbox({ transport: fakeServer().transport, isOnline: () => false });
    first.enqueue('ana', entry(1));
    first.enqueue('ana', entry(2));
    first.enqueue('bo', entry(3));
    expect(JSON.parse(localStorage.getItem(outboxStorageKey('ana')) ?? '[]')).toEqual([
      entry(1),
      entry(2),
    ]);
    expect(first.status('ana').pending).toBe(2);
    expect(first.status('bo').pending).toBe(1);

    // A new page load: a new outbox over the same storage sends what the last one kept.
    const server = fakeServer();
    const reloaded = createReviewOutbox({ transport: server.transport, isOnline: () => true });
    expect(reloaded.entries('ana')).toEqual([entry(1), entry(2)]);
    await reloaded.flush('ana');
    expect(server.bodies).toEqual([
      { cardId: 'card-1', guess: 'guess 1', clientReviewId: 'review-0001', elapsedMs: 1001 },
      { cardId: 'card-2', guess: 'guess 2', clientReviewId: 'review-0002', elapsedMs: 1002 },
    ]);
    expect(localStorage.getItem(outboxStorageKey('ana'))).toBeNull();
    expect(reloaded.entries('bo')).toEqual([entry(3)]);
  });

  it('skips a stored entry it cannot read and keeps the others', () => {
    localStorage.setItem(
      outboxStorageKey('ana'),
      JSON.stringify([entry(1), { clientReviewId: 'x' }, entry(2)]),
    );
    const outbox = createReviewOutbox({ transport: fakeServer().transport });
    expect(outbox.entries('ana')).toEqual([entry(1), entry(2)]);
    localStorage.setItem(outboxStorageKey('ana'), '{not json');
    expect(outbox.entries('ana')).toEqual([]);
  });

  it('refuses to pretend an answer was kept when the storage is full', () => {
    const storage = {
      ...localStorage,
      getItem: (key: string) => localStorage.getItem(key),
      removeItem: (key: string) => localStorage.removeItem(key),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as Storage;
    const outbox = createReviewOutbox({ storage, transport: fakeServer().transport });
    expect(() => outbox.enqueue('ana', entry(1))).toThrow('full');
    expect(outbox.status('ana').pending).toBe(0);
  });
});
