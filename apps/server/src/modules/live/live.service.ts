import {
  liveEvent,
  socketClientMessageSchema,
  socketCloseCodes,
  type SocketEvent,
} from '@glossa/contract';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { WebSocket } from 'ws';
import type { AppDeps, LiveAudience, LivePublisher } from '../../app-deps';
import { recheckSocketSession } from '../auth/authenticate';
import {
  categoryReadersAmong,
  categoryReadersBefore,
} from '../categories/category-readers.service';
import { adminsAmong } from '../users/users.service';
import { createLocalBus, createPostgresBus, type ListenerControl, type LiveBus } from './live-bus';
import { LiveHub, liveLimits, type LiveClient, type LiveLimits } from './live-hub';
import { wireMessages, wireSchema, type Wire, type WireAudience } from './live-wire';

// Live updates (docs/decisions/0032-live-updates.md): services publish after their commit; the
// bus carries each event with its audience to every instance; each instance decides, when it
// delivers, which of its own sockets may read it.

export interface LiveStartOptions {
  /** PostgreSQL: the app's pool (to notify) and its URL (for the one listening connection). */
  postgres?: { url: string; pool: pg.Pool };
}

/** The app's live updates: the publisher services use, and this instance's sockets. */
export class LiveEvents implements LivePublisher {
  readonly hub: LiveHub;
  private bus: (LiveBus & Partial<ListenerControl>) | undefined;
  private deps: AppDeps | undefined;
  /** Deliveries one after the other, so that a client gets the events in the order sent. */
  private queue: Promise<void> = Promise.resolve();
  private intervals: NodeJS.Timeout[] = [];

  constructor(limits: LiveLimits = liveLimits) {
    this.hub = new LiveHub(limits);
  }

  /** Opens the bus (the listening connection on PostgreSQL) and starts the heartbeats. */
  async start(deps: AppDeps, options: LiveStartOptions = {}): Promise<LiveBus> {
    this.deps = deps;
    this.bus = options.postgres
      ? await createPostgresBus(options.postgres.url, options.postgres.pool, deps.log)
      : createLocalBus();
    this.bus.onMessage((message) => {
      this.queue = this.queue
        .then(() => this.deliver(message))
        .catch((error: unknown) =>
          deps.log.error({ err: error }, 'a live event was not delivered'),
        );
    });
    const every = (ms: number, work: () => void) => {
      const interval = setInterval(work, ms);
      interval.unref();
      this.intervals.push(interval);
    };
    every(this.hub.limits.heartbeatMs, () => this.hub.heartbeat());
    every(this.hub.limits.recheckMs, () => this.recheckSoon(this.hub.all()));
    return this.bus;
  }

  /** Tests: the PostgreSQL listener (undefined on SQLite). */
  get listener(): ListenerControl | undefined {
    const bus = this.bus;
    return bus?.listening && bus.dropListener
      ? { listening: bus.listening, dropListener: bus.dropListener }
      : undefined;
  }

  private started(): { deps: AppDeps; bus: LiveBus } {
    if (!this.deps || !this.bus) throw new Error('Live updates are not started');
    return { deps: this.deps, bus: this.bus };
  }

  private send(message: string): void {
    const { deps, bus } = this.started();
    void deps.background.track(
      bus.send(message).catch((error: unknown) => {
        deps.log.error({ err: error }, 'a live event could not be sent');
      }),
    );
  }

  publish(event: SocketEvent, audience: LiveAudience): void {
    for (const message of wireMessages(event, audience)) this.send(message);
  }

  sessionsChanged(userId: string): void {
    this.send(JSON.stringify({ recheck: userId } satisfies Wire));
  }

  readersBefore(categoryIds: string[]): Promise<string[]> {
    return categoryReadersBefore(this.started().deps.db, categoryIds);
  }

  /** Waits until every message received so far is delivered (tests). */
  async settled(): Promise<void> {
    let current: Promise<void>;
    do {
      current = this.queue;
      await current;
    } while (current !== this.queue);
  }

  /**
   * Checks sockets again beside the deliveries, not in their queue: a thousand checks (the
   * periodic one) must not hold back the events behind them.
   */
  private recheckSoon(clients: LiveClient[]): void {
    const { deps } = this.started();
    for (const client of clients) {
      this.recheckClient(client).catch((error: unknown) =>
        deps.log.error({ err: error }, 'a socket was not checked'),
      );
    }
  }

  private async deliver(message: string): Promise<void> {
    const parsed = wireSchema.safeParse(JSON.parse(message));
    if (!parsed.success) throw new Error('A live message of another shape was received');
    const wire = parsed.data;
    if ('recheck' in wire) {
      await Promise.all(
        this.hub.clientsOf(wire.recheck).map((client) => this.recheckClient(client)),
      );
      return;
    }
    const text = JSON.stringify(wire.event);
    for (const userId of await this.recipients(wire.audience)) {
      for (const client of this.hub.clientsOf(userId)) this.hub.send(client, text);
    }
  }

  /** The learners with a socket here whom the audience holds now. */
  private async recipients(audience: WireAudience): Promise<Set<string>> {
    const { deps } = this.started();
    const present = this.hub.users();
    switch (audience.kind) {
      case 'user':
        return present.has(audience.userId) ? new Set([audience.userId]) : new Set();
      case 'users':
        return new Set(audience.userIds.filter((userId) => present.has(userId)));
      case 'admins':
        return new Set(await adminsAmong(deps.db, [...present]));
      case 'category': {
        const readers = await categoryReadersAmong(deps.db, audience.categoryId, present);
        for (const userId of audience.users ?? []) if (present.has(userId)) readers.add(userId);
        return readers;
      }
    }
  }

  /** Checks a socket's session again; one that ended is told and closed. */
  private async recheckClient(client: LiveClient): Promise<void> {
    const { deps } = this.started();
    const state = await recheckSocketSession(deps, client);
    if (state === 'ok') return;
    if (state === 'renewed') {
      // This tab's session goes on with the new tokens it was just given: it reconnects with them.
      this.hub.close(client, socketCloseCodes.unauthorized, 'The credentials changed');
      return;
    }
    if (state === 'revoked') {
      this.hub.send(
        client,
        JSON.stringify(liveEvent('session.revoked', { tokenId: client.tokenId })),
      );
      this.hub.close(client, socketCloseCodes.unauthorized, 'This session ended');
    } else {
      this.hub.send(client, JSON.stringify(liveEvent('account.signedOut', { reason: state })));
      this.hub.close(client, socketCloseCodes.signedOut, 'Signed out');
    }
  }

  /** The websocket of `GET /api/socket`, its credential checked before the upgrade. */
  connect(socket: WebSocket, request: FastifyRequest): void {
    const { deps } = this.started();
    const verified = request.socketAuth;
    if (!verified) {
      socket.close(socketCloseCodes.unauthorized, 'Sign in to continue');
      return;
    }
    const client: LiveClient = {
      socket,
      userId: verified.auth.userId,
      tokenId: verified.auth.tokenId,
      role: verified.auth.role,
      digest: verified.digest,
      alive: true,
      messages: { count: 0, since: Date.now() },
      timers: [],
    };
    this.hub.add(client);
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('close', () => this.hub.remove(client));
    socket.on('message', (data, isBinary) => this.receive(client, data, isBinary));
    // The access token's end ends the socket: the client refreshes and opens another.
    const expiry = setTimeout(
      () => this.hub.close(client, socketCloseCodes.unauthorized, 'The access token expired'),
      Math.max(0, verified.expiresAt - deps.now()),
    );
    expiry.unref();
    client.timers.push(expiry);
    this.hub.send(
      client,
      JSON.stringify(liveEvent('hello', { userId: client.userId, serverTime: deps.now() })),
    );
    // A session that ended between the check and now is caught by this second look.
    this.recheckSoon([client]);
  }

  /** A client → server message: a ping, within the rate; anything else closes the socket. */
  private receive(client: LiveClient, data: unknown, isBinary: boolean): void {
    client.alive = true;
    const now = Date.now();
    if (now - client.messages.since >= 60_000) client.messages = { count: 0, since: now };
    client.messages.count += 1;
    if (client.messages.count > this.hub.limits.messagesPerMinute) {
      this.hub.close(client, socketCloseCodes.overloaded, 'Too many messages');
      return;
    }
    let message: unknown;
    try {
      message = isBinary ? undefined : JSON.parse(String(data));
    } catch {
      message = undefined;
    }
    if (!socketClientMessageSchema.safeParse(message).success) {
      this.hub.close(client, socketCloseCodes.badMessage, 'Unknown message');
      return;
    }
    this.hub.send(client, JSON.stringify(liveEvent('pong', {})));
  }

  /** Closes every socket with 1001 "going away" and the bus (the app closing). */
  async close(): Promise<void> {
    for (const interval of this.intervals) clearInterval(interval);
    this.intervals = [];
    this.hub.closeAll(1001, 'Server going away');
    await this.queue;
    await this.bus?.close();
  }
}
