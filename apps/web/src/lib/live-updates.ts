import type { SocketEvent } from '@glossa/contract';
import { api } from '@glossa/contract/routes';
import { socketCloseCodes, socketProtocolVersion } from '@glossa/contract/socket-codes';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { refreshSession, socketUrl } from './api-client';
import type * as SocketEvents from './socket-events';
import { clearInfoState, dispatchSocketMessage, loadCardCombo, setSocket } from './app-state';
import { setLiveStatusSource, type LiveStatus } from './live-status';
import { takeOwnStudyWrite } from './own-study-writes';
import { resourceKeys } from './resource-keys';
import { clearSession, readSession, subscribeSession, type Session } from './session';

// Live updates (docs/decisions/0032-live-updates.md): one websocket per tab while signed in; each
// event marks stale the queries of what it names, through the features' key prefixes, so no
// screen needs a reload to show another tab's or device's change.

// main.tsx loads this module after the entry, in a chunk of its own; the header's indicator reads
// the status through lib/live-status.ts.

/** The first wait before reconnecting, and the longest. */
export const reconnectDelay = { firstMs: 1000, maxMs: 30_000 } as const;

/** Exponential back-off with jitter: between half and all of min(max, first × 2^attempt). */
export function backOffMs(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(reconnectDelay.maxMs, reconnectDelay.firstMs * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

const userKeys = ['user'] as const;
const summaryKey = [...resourceKeys.study, 'summary'] as const;
/** The learner's daily limits and day, and their seven grade numbers (decision 0030). */
const studySettingsKeys = [
  [...resourceKeys.study, 'settings'],
  [...resourceKeys.study, 'scheduler'],
] as const;

/**
 * The queries an event makes stale: those refetched now (active ones) and those only marked
 * (the study queue, never refetched under a running session).
 */
export function staleQueries(event: SocketEvent): { refetch: QueryKey[]; mark: QueryKey[] } {
  switch (event.type) {
    case 'card.created':
    case 'card.changed':
    case 'card.deleted':
    case 'cards.changed':
      return { refetch: [resourceKeys.cards, summaryKey], mark: [resourceKeys.study] };
    case 'category.created':
    case 'category.changed':
    case 'category.moved':
    case 'category.deleted':
      return {
        refetch: [resourceKeys.categories, resourceKeys.cards, resourceKeys.explore, summaryKey],
        mark: [resourceKeys.study],
      };
    case 'membership.changed':
      return {
        refetch: [
          resourceKeys.categories,
          resourceKeys.cards,
          resourceKeys.invitations,
          resourceKeys.explore,
          summaryKey,
        ],
        mark: [resourceKeys.study],
      };
    case 'invitation.changed':
      return { refetch: [resourceKeys.invitations, resourceKeys.categories], mark: [] };
    case 'review.recorded':
      return { refetch: [summaryKey, resourceKeys.cards], mark: [resourceKeys.study] };
    case 'settings.changed':
      // The queue is only marked, as for every event: read again under a running session, it
      // started the session again under the learner's typing (the time zone a first visit saves).
      return event.data.scope === 'study'
        ? { refetch: [...studySettingsKeys, summaryKey], mark: [resourceKeys.study] }
        : { refetch: [userKeys], mark: [] };
    case 'plan.changed':
      return { refetch: [userKeys], mark: [] };
    case 'session.revoked':
    case 'account.signedOut':
      return { refetch: [resourceKeys.sessions], mark: [] };
    case 'feedback.created':
    case 'feedback.changed':
      return { refetch: [resourceKeys.admin], mark: [] };
    case 'hello':
    case 'pong':
      return { refetch: [], mark: [] };
  }
}

/**
 * What a reconnection makes stale: every resource's queries and the user's, for the events sent
 * while this tab had no socket never reached it (a drop, a server restarting, a token's end).
 * What is on screen is read again, the study queue only marked, as for any event.
 */
export function staleAfterGap(): { refetch: QueryKey[]; mark: QueryKey[] } {
  const others = Object.values(resourceKeys).filter((key) => key !== resourceKeys.study);
  return {
    refetch: [userKeys, ...others, summaryKey, ...studySettingsKeys],
    mark: [resourceKeys.study],
  };
}

/** One tab's connection: opened while a session exists, closed when it ends. */
export class LiveConnection {
  private status: LiveStatus = 'off';
  private readonly listeners = new Set<() => void>();
  private socket: WebSocket | null = null;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private running = false;
  /** The last socket was closed for its credential: refresh before the next, unless done. */
  private refreshFirst = false;
  /** The access token the last socket was opened with. */
  private usedToken: string | null = null;
  /**
   * A socket of this session said hello before: the next hello follows a gap in which events
   * were not received.
   */
  private greeted = false;
  /** The check of the events against the contract, loaded before the first socket opens. */
  private events: typeof SocketEvents | null = null;

  constructor(
    private readonly queryClient: QueryClient,
    private readonly createSocket: (url: string) => WebSocket = (url) => new WebSocket(url),
  ) {}

  getStatus = (): LiveStatus => this.status;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private setStatus(status: LiveStatus): void {
    if (status === this.status) return;
    this.status = status;
    for (const listener of this.listeners) listener();
  }

  /** Opens the connection (a no-op when it is open or opening). */
  start(): void {
    if (this.running) return;
    this.running = true;
    this.attempt = 0;
    this.setStatus('connecting');
    void this.open();
  }

  /** Closes it for good (signed out). */
  stop(): void {
    this.running = false;
    this.greeted = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    const socket = this.socket;
    this.socket = null;
    setSocket(null);
    socket?.close(1000, 'Signed out');
    this.setStatus('off');
  }

  /** The device lost its network: the socket will fail its heartbeat; say so now. */
  markOffline(): void {
    if (this.running) this.setStatus('offline');
  }

  /** The network came back: try now rather than at the end of the back-off. */
  retryNow(): void {
    if (!this.running || this.socket) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    void this.open();
  }

  private async open(): Promise<void> {
    let session: Session | null = readSession();
    const expiresIn = session ? session.decodedAccessToken.exp - Date.now() / 1000 : 0;
    // The access token is refreshed before a reconnect that needs it (and never sent stale).
    const stale = this.refreshFirst && session?.encodedAccessToken === this.usedToken;
    if (session && (stale || expiresIn <= 30)) {
      try {
        session = await refreshSession(session.encodedAccessToken);
      } catch {
        // Offline or the server is away: the back-off tries again.
        this.scheduleReconnect();
        return;
      }
    }
    if (!this.running) return;
    // Events are checked against the contract's schemas, loaded apart from the first paint.
    try {
      this.events ??= await import('./socket-events');
    } catch {
      this.scheduleReconnect();
      return;
    }
    if (!this.running) return;
    const url = session ? socketUrl(api.live.socket.path, session) : null;
    if (!url) {
      this.stop();
      return;
    }
    this.refreshFirst = false;
    this.usedToken = session?.encodedAccessToken ?? null;
    const socket = this.createSocket(url);
    this.socket = socket;
    setSocket(socket);
    socket.addEventListener('message', (message) => this.receive(message));
    socket.addEventListener('close', (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      setSocket(null);
      if (!this.running) return;
      if (event.code === socketCloseCodes.unauthorized) this.refreshFirst = true;
      this.scheduleReconnect();
    });
  }

  private scheduleReconnect(): void {
    if (!this.running) return;
    const online = typeof navigator === 'undefined' || navigator.onLine;
    this.setStatus(online ? 'reconnecting' : 'offline');
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.open();
    }, backOffMs(this.attempt));
    this.attempt += 1;
  }

  private receive(message: MessageEvent): void {
    let parsed: SocketEvent;
    try {
      const data: unknown = JSON.parse(String(message.data));
      const event = this.events?.socketEventOf(data);
      // Another version is another build's: ignored (the service worker brings the new one).
      if (!event) return;
      parsed = event;
    } catch {
      return;
    }
    if (parsed.v !== socketProtocolVersion) return;
    this.apply(parsed);
  }

  /** What an event does here: the indicator, stale queries, the seed's handlers. */
  apply(event: SocketEvent): void {
    const gap = event.type === 'hello' && this.greeted;
    if (event.type === 'hello') {
      this.attempt = 0;
      this.greeted = true;
      this.setStatus('online');
    }
    // This tab's own answer: the review outbox takes its result in (the combo, then the counts
    // and card lists once it has sent everything), so the event only marks what it would read.
    const ownAnswer =
      event.type === 'review.recorded' &&
      event.data.clientReviewId !== undefined &&
      takeOwnStudyWrite(event.data.clientReviewId);
    const stale = gap ? staleAfterGap() : staleQueries(event);
    const refetch = ownAnswer ? [] : stale.refetch;
    const mark = ownAnswer ? [...stale.mark, ...stale.refetch] : stale.mark;
    for (const queryKey of mark) {
      void this.queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
    }
    for (const queryKey of refetch) void this.queryClient.invalidateQueries({ queryKey });
    if ((event.type === 'review.recorded' && !ownAnswer) || gap) void loadCardCombo();
    if (event.type === 'session.revoked' || event.type === 'account.signedOut') {
      // This tab's session ended elsewhere: signed out at once (the guards go to sign-in).
      this.stop();
      clearSession();
      clearInfoState();
      this.queryClient.clear();
    }
    dispatchSocketMessage({ type: event.type, payload: event.data });
  }
}

let connection: LiveConnection | null = null;

/**
 * Follows the session for the whole app: a connection while signed in (this tab's own), none
 * otherwise; the network coming back tries at once. Called once from main.tsx.
 */
export function startLiveUpdates(queryClient: QueryClient): LiveConnection {
  if (connection) return connection;
  const live = new LiveConnection(queryClient);
  connection = live;
  setLiveStatusSource(live);
  const follow = () => (readSession() ? live.start() : live.stop());
  subscribeSession(follow);
  window.addEventListener('online', () => live.retryNow());
  window.addEventListener('offline', () => live.markOffline());
  follow();
  return live;
}
