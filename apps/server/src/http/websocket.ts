import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { invalidInput } from '../errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route takes a websocket connection (its handler is the socket's). */
    websocket?: boolean;
  }
}

/**
 * Websockets, and the envelope for an upgrade to a route that takes none: the plugin would
 * switch protocols and close at once, which a client cannot tell from a dropped connection. The
 * refusal is written on the connection before any switch, and the plugin then closes it.
 */
export async function registerWebsockets(app: FastifyInstance): Promise<void> {
  await app.register(websocket, {
    // Client → server messages are small pings (modules/live).
    options: { maxPayload: 4 * 1024 },
    // A server stopping closes every socket with 1001 "going away" (clients reconnect elsewhere).
    preClose(done) {
      for (const client of this.websocketServer.clients) client.close(1001, 'Server going away');
      this.websocketServer.close(() => done());
    },
  });
  app.addHook('onRequest', async (request) => {
    if (request.ws && request.routeOptions.config.websocket !== true) {
      throw invalidInput('upgrade', 'This address takes no websocket connection');
    }
  });
}
