import { socketCloseCodes } from '@glossa/contract';
import type { WebSocket } from 'ws';

/** One connected websocket of this instance and what it was opened with. */
export interface LiveClient {
  socket: WebSocket;
  userId: string;
  tokenId: string;
  role: 'user' | 'admin';
  /** The access token's digest (the security stamp it was issued under), checked again later. */
  digest: string;
  /** A pong (or any message) came since the last ping. */
  alive: boolean;
  /** Client → server messages in the current window, and when the window began. */
  messages: { count: number; since: number };
  timers: NodeJS.Timeout[];
}

export interface LiveLimits {
  /** The oldest socket of a user closes (4429) when one more would pass this. */
  socketsPerUser: number;
  /** A client whose unsent bytes pass this reads too slowly: it is dropped, not buffered. */
  maxBufferedBytes: number;
  /** Ping period; a socket that answered none of the last ping is terminated. */
  heartbeatMs: number;
  /** Every socket's session is checked again this often (an account disabled from elsewhere). */
  recheckMs: number;
  /** Client → server messages allowed per minute (4429 past it). */
  messagesPerMinute: number;
}

export const liveLimits: LiveLimits = {
  socketsPerUser: 20,
  maxBufferedBytes: 1024 * 1024,
  heartbeatMs: 30_000,
  recheckMs: 60_000,
  messagesPerMinute: 30,
};

const OPEN = 1;

/** This instance's sockets, by learner: adding, sending within bounds, heartbeats, closing. */
export class LiveHub {
  private readonly byUser = new Map<string, Set<LiveClient>>();

  constructor(readonly limits: LiveLimits = liveLimits) {}

  add(client: LiveClient): void {
    let clients = this.byUser.get(client.userId);
    if (!clients) {
      clients = new Set();
      this.byUser.set(client.userId, clients);
    }
    // The oldest goes: a learner opening a 21st tab keeps the tabs they use now.
    for (const oldest of clients) {
      if (clients.size < this.limits.socketsPerUser) break;
      this.close(oldest, socketCloseCodes.overloaded, 'Too many connections of this account');
    }
    clients.add(client);
  }

  remove(client: LiveClient): void {
    for (const timer of client.timers) clearTimeout(timer);
    client.timers = [];
    const clients = this.byUser.get(client.userId);
    if (!clients?.delete(client)) return;
    if (clients.size === 0) this.byUser.delete(client.userId);
  }

  /** The learners with a socket here. */
  users(): Set<string> {
    return new Set(this.byUser.keys());
  }

  clientsOf(userId: string): LiveClient[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  all(): LiveClient[] {
    return [...this.byUser.values()].flatMap((clients) => [...clients]);
  }

  get size(): number {
    let size = 0;
    for (const clients of this.byUser.values()) size += clients.size;
    return size;
  }

  /** Sends a text, or drops a client that has too much unsent already (false then). */
  send(client: LiveClient, text: string): boolean {
    if (client.socket.readyState !== OPEN) return false;
    if (client.socket.bufferedAmount + text.length > this.limits.maxBufferedBytes) {
      // Closing would queue its frame behind what the client does not read: cut it off.
      this.remove(client);
      client.socket.terminate();
      return false;
    }
    client.socket.send(text);
    return true;
  }

  close(client: LiveClient, code: number, reason: string): void {
    this.remove(client);
    if (client.socket.readyState === OPEN) client.socket.close(code, reason);
  }

  /** Terminates the sockets that answered no ping since the last beat, and pings the others. */
  heartbeat(): void {
    for (const client of this.all()) {
      if (!client.alive) {
        this.remove(client);
        client.socket.terminate();
        continue;
      }
      client.alive = false;
      if (client.socket.readyState === OPEN) client.socket.ping();
    }
  }

  closeAll(code: number, reason: string): void {
    for (const client of this.all()) this.close(client, code, reason);
  }
}
