import type { ReviewBody, ReviewResult } from '@glossa/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { outboxStorageKey, type OutboxEntry } from './outbox-storage';
import { createReviewOutbox, type OutboxEvent, type OutboxTransport } from './review-outbox';

const later = new Date(Date.now() + 86_400_000).toISOString();
// One time for every fake result, so a result built again in an assertion is equal to it.
const reviewedAt = new Date().toISOString();

function entry(n: number, overrides: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    clientReviewId: `review-000${n}`,
    cardId: `card-${n}`,
    guess: `guess ${n}`,
    elapsedMs: 1000 + n,
    answeredAt: 1_700_000_000_000 + n,
    override: false,
    ...overrides,
  };
}

function result(body: { clientReviewId: string; cardId: string }, success = true): ReviewResult {
  return {
    clientReviewId: body.clientReviewId,
    cardId: body.cardId,
    kind: 'review',
    score: success ? 1 : 0.4,
    success,
    expected: 'the house',
    answers: ['the house'],
    diff: [{ kind: 'good', text: 'the house' }],
    dueAt: later,
    period: 1,
    combo: { current: success ? 1 : 0, best: 1, bestAt: null },
    reviewedAt,
  };
}

const networkDown = () => new ApiError(-1, 'network_error', 'Cannot reach the server.');

/** A server that records what it was sent; each call answers with `answer` (or its error). */
function fakeServer(answer: (body: ReviewBody) => ReviewResult | Error = (body) => result(body)) {
  const sent: string[] = [];
  const bodies: ReviewBody[] = [];
  const transport: OutboxTransport = {
    review: vi.fn((body: ReviewBody) => {
      sent.push(`review ${body.clientReviewId}`);
      bodies.push(body);
      const outcome = answer(body);
      return outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(outcome);
    }),
    override: vi.fn((clientReviewId: string) => {
      sent.push(`override ${clientReviewId}`);
      return Promise.resolve({
        ...result({ clientReviewId, cardId: 'card' }),
        kind: 'override' as const,
      });
    }),
  };
  return { transport, sent, bodies };
}

function recordEvents(outbox: ReturnType<typeof createReviewOutbox>) {
  const events: OutboxEvent[] = [];
  outbox.onEvent((event) => events.push(event));
  return events;
}

afterEach(() => {
  vi.useRealTimers();
});

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
});
