import { api, liveEvent, socketProtocolVersion } from '@glossa/contract';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, ok } from '../test/fake-api';
import { makeTokenPair } from '../test/tokens';
import {
  backOffMs,
  LiveConnection,
  reconnectDelay,
  staleAfterGap,
  staleQueries,
} from './live-updates';
import { noteOwnStudyWrite } from './own-study-writes';
import { resourceKeys } from './resource-keys';
import { readSession, saveSession } from './session';

/** A socket the test drives: it records its address and lets the test send and close. */
class FakeSocket extends EventTarget {
  constructor(readonly url: string) {
    super();
  }
  close = vi.fn();
  receive(data: unknown) {
    this.dispatchEvent(new MessageEvent('message', { data: JSON.stringify(data) }));
  }
  drop(code: number) {
    this.dispatchEvent(Object.assign(new Event('close'), { code }));
  }
}

function connection() {
  const sockets: FakeSocket[] = [];
  const client = new QueryClient();
  const invalidated = vi.spyOn(client, 'invalidateQueries');
  const live = new LiveConnection(client, (url) => {
    const socket = new FakeSocket(url);
    sockets.push(socket);
    return socket as unknown as WebSocket;
  });
  return { live, sockets, client, invalidated };
}

const hello = liveEvent('hello', { userId: 'user-1', serverTime: 0 });

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

describe('live updates in the tab', () => {
  it('backs off exponentially with jitter, up to the ceiling', () => {
    expect(backOffMs(0, () => 0)).toBe(reconnectDelay.firstMs / 2);
    expect(backOffMs(0, () => 1)).toBe(reconnectDelay.firstMs);
    expect(backOffMs(3, () => 1)).toBe(reconnectDelay.firstMs * 8);
    expect(backOffMs(20, () => 1)).toBe(reconnectDelay.maxMs);
    expect(backOffMs(20, () => 0)).toBe(reconnectDelay.maxMs / 2);
  });

  it('opens with the seed’s credential in the query, goes online on hello, marks what an event names', async () => {
    const pair = makeTokenPair();
    saveSession(pair);
    const { live, sockets, invalidated } = connection();
    live.start();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    const url = new URL(sockets[0]?.url ?? '');
    expect(url.pathname).toBe('/api/socket');
    expect(url.searchParams.get('Authorization')).toBe(`Bearer ${btoa(pair.access)}`);
    expect(live.getStatus()).toBe('connecting');
    sockets[0]?.receive(hello);
    expect(live.getStatus()).toBe('online');
    sockets[0]?.receive(
      liveEvent('card.changed', { id: 'c1', categoryId: null, version: 2, fields: ['notes'] }),
    );
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['cards'] });
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['study'], refetchType: 'none' });
    // Another version's message is not read.
    invalidated.mockClear();
    sockets[0]?.receive({ v: socketProtocolVersion + 1, type: 'card.deleted', data: {} });
    expect(invalidated).not.toHaveBeenCalled();
    live.stop();
    expect(sockets[0]?.close).toHaveBeenCalledWith(1000, 'Signed out');
    expect(live.getStatus()).toBe('off');
  });

  it('reconnects after a drop, later and later', async () => {
    vi.useFakeTimers();
    saveSession(makeTokenPair());
    const { live, sockets } = connection();
    live.start();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]?.drop(1006);
    expect(live.getStatus()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(reconnectDelay.firstMs);
    expect(sockets).toHaveLength(2);
    sockets[1]?.drop(1006);
    await vi.advanceTimersByTimeAsync(reconnectDelay.firstMs / 2);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(reconnectDelay.firstMs * 2);
    expect(sockets).toHaveLength(3);
    sockets[2]?.receive(hello);
    expect(live.getStatus()).toBe('online');
    live.stop();
  });

  it('reads again what is on screen after a gap, not at the first hello', async () => {
    vi.useFakeTimers();
    saveSession(makeTokenPair());
    const { live, sockets, client } = connection();
    const reads = { cards: 0, queue: 0 };
    const cards = new QueryObserver(client, {
      queryKey: ['cards', 'list', {}],
      queryFn: () => ++reads.cards,
      staleTime: Infinity,
    });
    const queue = new QueryObserver(client, {
      queryKey: ['study', 'queue', 'all'],
      queryFn: () => ++reads.queue,
      staleTime: Infinity,
    });
    const stopCards = cards.subscribe(() => undefined);
    const stopQueue = queue.subscribe(() => undefined);
    await vi.waitFor(() => expect(reads).toEqual({ cards: 1, queue: 1 }));
    live.start();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    // The first hello of the session: the page's reads are just done.
    sockets[0]?.receive(hello);
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toEqual({ cards: 1, queue: 1 });
    // A drop (a server restarting): what was sent meanwhile never reached this tab.
    sockets[0]?.drop(1006);
    await vi.advanceTimersByTimeAsync(reconnectDelay.firstMs);
    expect(sockets).toHaveLength(2);
    sockets[1]?.receive(hello);
    await vi.waitFor(() => expect(reads.cards).toBe(2));
    // The study queue is marked only, never read again under a running session.
    expect(reads.queue).toBe(1);
    expect(client.getQueryState(['study', 'queue', 'all'])?.isInvalidated).toBe(true);
    // Every resource is read again after a gap, not only the cards on this screen.
    expect(staleAfterGap().refetch).toEqual(
      expect.arrayContaining([
        ['user'],
        ['study', 'summary'],
        ...Object.values(resourceKeys).filter((key) => key !== resourceKeys.study),
      ]),
    );
    // Signed out and in again: a new session's first hello is a first one again.
    live.stop();
    live.start();
    await vi.waitFor(() => expect(sockets).toHaveLength(3));
    sockets[2]?.receive(hello);
    await vi.advanceTimersByTimeAsync(0);
    expect(reads.cards).toBe(2);
    live.stop();
    stopCards();
    stopQueue();
  });

  it("reads nothing again for the tab's own answer, whose result the outbox has; another's as before", async () => {
    vi.useFakeTimers();
    saveSession(makeTokenPair());
    const server = fakeApi().on(api.study.combo, () => ok({ current: 4, best: 4, bestAt: null }));
    const { live, sockets, client } = connection();
    let reads = 0;
    const summary = new QueryObserver(client, {
      queryKey: ['study', 'summary'],
      queryFn: () => ++reads,
      staleTime: Infinity,
    });
    const stop = summary.subscribe(() => undefined);
    await vi.waitFor(() => expect(reads).toBe(1));
    live.start();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]?.receive(hello);
    await vi.advanceTimersByTimeAsync(0);

    // The outbox sent the answer: its event, which comes back to this tab too, is its own.
    noteOwnStudyWrite('review-own-0001');
    const recorded = liveEvent('review.recorded', {
      cardId: 'c1',
      clientReviewId: 'review-own-0001',
    });
    sockets[0]?.receive(recorded);
    await vi.advanceTimersByTimeAsync(0);
    expect(reads).toBe(1);
    expect(server.callsTo(api.study.combo)).toHaveLength(0);
    // Marked all the same, for a screen that shows it later.
    expect(client.getQueryState(['study', 'summary'])?.isInvalidated).toBe(true);

    // Each noted write is taken by one event: the same answer's grade changed later (sent
    // outside the outbox), another tab's or device's answer, an event without an id.
    for (const data of [
      { cardId: 'c1', clientReviewId: 'review-own-0001' },
      { cardId: 'c2', clientReviewId: 'review-other-01' },
      { cardId: 'c3' },
    ]) {
      const before = reads;
      sockets[0]?.receive(liveEvent('review.recorded', data));
      await vi.waitFor(() => expect(reads).toBe(before + 1));
    }
    await vi.waitFor(() => expect(server.callsTo(api.study.combo)).toHaveLength(3));
    live.stop();
    stop();
  });

  it('signs the tab out at once when its session was revoked elsewhere', async () => {
    saveSession(makeTokenPair());
    const { live, sockets } = connection();
    live.start();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]?.receive(liveEvent('session.revoked', { tokenId: 'session-1' }));
    expect(readSession()).toBeNull();
    expect(live.getStatus()).toBe('off');
  });

  it('refreshes what each kind of event names', () => {
    expect(staleQueries(liveEvent('review.recorded', { cardId: 'c1' })).refetch).toContainEqual([
      'study',
      'summary',
    ]);
    expect(
      staleQueries(liveEvent('invitation.changed', { id: 'i', categoryId: 'c', status: 'pending' }))
        .refetch,
    ).toContainEqual(['invitations']);
    expect(
      staleQueries(liveEvent('settings.changed', { scope: 'user', fields: ['theme'] })).refetch,
    ).toEqual([['user']]);
  });

  it('never reads the study queue again under a running session for a study setting', async () => {
    // The time zone a first visit to the study screen saves comes back as settings.changed: the
    // queue it refetched started the session again while the first answer was being typed.
    const event = liveEvent('settings.changed', { scope: 'study', fields: ['timeZone'] });
    const { refetch, mark } = staleQueries(event);
    expect(refetch).toEqual(
      expect.arrayContaining([
        ['study', 'settings'],
        ['study', 'scheduler'],
        ['study', 'summary'],
      ]),
    );
    expect(refetch.some((key) => key.length < 2 || key[1] === 'queue')).toBe(false);
    expect(mark).toEqual([['study']]);

    // In a tab: the active queue stays as read; the settings are read again.
    saveSession(makeTokenPair());
    const { live, sockets, client } = connection();
    const fetched: string[] = [];
    const unsubscribes = ['queue', 'settings', 'scheduler'].map((name) =>
      new QueryObserver(client, {
        queryKey: ['study', name],
        queryFn: () => {
          fetched.push(name);
          return name;
        },
        staleTime: Infinity,
      }).subscribe(() => undefined),
    );
    await vi.waitFor(() => expect(fetched).toHaveLength(3));
    fetched.length = 0;
    live.start();
    await vi.waitFor(() => expect(sockets).toHaveLength(1));
    sockets[0]?.receive(event);
    await vi.waitFor(() => expect([...fetched].sort()).toEqual(['scheduler', 'settings']));
    expect(client.getQueryState(['study', 'queue'])?.isInvalidated).toBe(true);
    expect(fetched).not.toContain('queue');
    for (const unsubscribe of unsubscribes) unsubscribe();
    live.stop();
  });
});
