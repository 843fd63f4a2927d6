import type { AddressInfo } from 'node:net';
import { socketEventSchema, type SocketEvent } from '@glossa/contract';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';

/** Listens on a free local port (once) and answers the websocket address of the app. */
export async function socketAddress(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/api/socket`;
}

/** The query value the seed's connection helper sends: `Bearer <base64 of the access JWT>`. */
export const socketCredential = (access: string) =>
  `Bearer ${Buffer.from(access).toString('base64')}`;

/** A test client: every event it received, checked against the contract, and how it closed. */
export class TestSocket {
  readonly events: SocketEvent[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  private waiters: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data: WebSocket.RawData) => {
      const text = Buffer.isBuffer(data) ? data.toString('utf8') : String(data);
      this.events.push(socketEventSchema.parse(JSON.parse(text)));
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString('utf8') });
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
  }

  /** Opens a socket with the access token in the query (as the web does), after its hello. */
  static async open(
    address: string,
    access: string | undefined,
    options: WebSocket.ClientOptions = {},
  ): Promise<TestSocket> {
    const url = access
      ? `${address}?Authorization=${encodeURIComponent(socketCredential(access))}`
      : address;
    const ws = new WebSocket(url, options);
    const socket = new TestSocket(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
      ws.once('unexpected-response', (_request, response) =>
        reject(new Error(`refused: ${response.statusCode}`)),
      );
    });
    await socket.next((event) => event.type === 'hello');
    return socket;
  }

  /** The first event (received already or to come) that matches, within `ms`. */
  async next<T extends SocketEvent['type']>(
    match: (event: SocketEvent) => boolean,
    ms = 5000,
  ): Promise<Extract<SocketEvent, { type: T }>> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.events.find(match);
      if (found) return found as Extract<SocketEvent, { type: T }>;
      const left = deadline - Date.now();
      if (left <= 0 || this.ws.readyState === WebSocket.CLOSED) {
        throw new Error(`no matching event; received ${JSON.stringify(this.events)}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  ofType(type: SocketEvent['type']): SocketEvent[] {
    return this.events.filter((event) => event.type === type);
  }

  close(): void {
    this.ws.close();
  }
}

/** How an upgrade to the socket with this query value was answered: the HTTP status. */
export function refusedStatus(address: string, query: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${address}${query}`);
    ws.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('open', () => {
      ws.close();
      reject(new Error('the upgrade was accepted'));
    });
    ws.once('error', () => undefined);
  });
}
