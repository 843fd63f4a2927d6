import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeOwnStudyWrite } from '../../../lib/own-study-writes';
import { createReviewOutbox, type OutboxTransport } from './review-outbox';
import { entry, fakeServer, networkDown, result } from './review-outbox-test-support';

afterEach(() => {
  vi.useRealTimers();
});

describe('review outbox', () => {
  it('sends in the order answered, one at a time', async () => {
    const releases: (() => void)[] = [];
    const sent: string[] = [];
    const transport: OutboxTransport = {
      review: (body) =>
        new Promise((resolve) => {
          sent.push(body.clientReviewId);
          releases.push(() => resolve(result(body)));
        }),
      override: () => Promise.reject(new Error('not used')),
    };
    const outbox = createReviewOutbox({ transport, isOnline: () => true });
    for (const n of [1, 2, 3]) outbox.enqueue('ana', entry(n));
    const flushed = outbox.flush('ana');
    // A second flush joins the first rather than sending the same answers again.
    const joined = outbox.flush('ana');
    await vi.waitFor(() => expect(sent).toEqual(['review-0001']));
    expect(outbox.status('ana')).toMatchObject({ pending: 3, sending: true });
    releases[0]?.();
    await vi.waitFor(() => expect(sent).toEqual(['review-0001', 'review-0002']));
    releases[1]?.();
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    releases[2]?.();
    await Promise.all([flushed, joined]);
    expect(sent).toEqual(['review-0001', 'review-0002', 'review-0003']);
    expect(outbox.status('ana')).toEqual({
      pending: 0,
      sending: false,
      retryAt: null,
      lastError: null,
    });
  });

  it('retries with a doubling backoff after failures, resending the same answer', async () => {
    vi.useFakeTimers({ now: 0 });
    let failures = 3;
    const server = fakeServer((body) => (failures-- > 0 ? networkDown() : result(body)));
    const outbox = createReviewOutbox({
      transport: server.transport,
      isOnline: () => true,
      baseRetryMs: 1000,
      maxRetryMs: 3000,
    });
    outbox.enqueue('ana', entry(1));
    outbox.enqueue('ana', entry(2));
    await outbox.flush('ana');
    expect(server.sent).toEqual(['review review-0001']);
    expect(outbox.status('ana')).toMatchObject({
      pending: 2,
      retryAt: 1000,
      lastError: 'Cannot reach the server.',
    });
    // A flush asked during the wait does not skip it.
    await outbox.flush('ana');
    expect(server.sent).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(999);
    expect(server.sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.sent).toHaveLength(2);
    expect(outbox.status('ana').retryAt).toBe(1000 + 2000);
    await vi.advanceTimersByTimeAsync(2000);
    expect(server.sent).toHaveLength(3);
    // Capped at maxRetryMs (4000 would be next).
    expect(outbox.status('ana').retryAt).toBe(3000 + 3000);
    await vi.advanceTimersByTimeAsync(3000);
    await vi.waitFor(() => expect(outbox.status('ana').pending).toBe(0));
    expect(server.bodies.map((body) => body.clientReviewId)).toEqual([
      'review-0001',
      'review-0001',
      'review-0001',
      'review-0001',
      'review-0002',
    ]);
    expect(new Set(server.bodies.slice(0, 4).map((body) => body.elapsedMs))).toEqual(
      new Set([1001]),
    );
  });

  it('waits while offline, and sends at once when the browser is back online', async () => {
    vi.useFakeTimers({ now: 0 });
    let online = false;
    const server = fakeServer();
    const outbox = createReviewOutbox({ transport: server.transport, isOnline: () => online });
    outbox.enqueue('ana', entry(1));
    await outbox.flush('ana');
    expect(server.sent).toEqual([]);
    expect(outbox.status('ana')).toMatchObject({ pending: 1, retryAt: null });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.sent).toEqual([]);

    online = true;
    await outbox.flush('ana', { immediate: true });
    expect(server.sent).toEqual(['review review-0001']);
    expect(outbox.status('ana').pending).toBe(0);
  });

  it('a back-online flush skips the remaining backoff wait', async () => {
    vi.useFakeTimers({ now: 0 });
    let down = true;
    const server = fakeServer((body) => (down ? networkDown() : result(body)));
    const outbox = createReviewOutbox({ transport: server.transport, isOnline: () => true });
    outbox.enqueue('ana', entry(1));
    await outbox.flush('ana');
    expect(outbox.status('ana').retryAt).toBe(1000);
    down = false;
    await outbox.flush('ana', { immediate: true });
    expect(outbox.status('ana')).toMatchObject({ pending: 0, retryAt: null });
    await vi.advanceTimersByTimeAsync(5000);
    expect(server.sent).toHaveLength(2);
  });

  it('stop cancels the planned retry; the answers stay', async () => {
    vi.useFakeTimers({ now: 0 });
    const server = fakeServer(() => networkDown());
    const outbox = createReviewOutbox({ transport: server.transport, isOnline: () => true });
    outbox.enqueue('ana', entry(1));
    await outbox.flush('ana');
    outbox.stop('ana');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.sent).toHaveLength(1);
    expect(outbox.entries('ana')).toEqual([entry(1)]);
  });

  it("notes each write it sends as this tab's own, for its live event (lib/live-updates.ts)", async () => {
    // Scored wrong, with "I was right" asked: the answer, then its override, two writes.
    const server = fakeServer((body) => result(body, false));
    const outbox = createReviewOutbox({ transport: server.transport, isOnline: () => true });
    outbox.enqueue('ana', entry(7, { override: true }));
    await outbox.flush('ana');
    expect(server.sent).toEqual(['review review-0007', 'override review-0007']);
    expect(takeOwnStudyWrite('review-0007')).toBe(true);
    expect(takeOwnStudyWrite('review-0007')).toBe(true);
    expect(takeOwnStudyWrite('review-0007')).toBe(false);
  });
});
