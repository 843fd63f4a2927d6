import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
/**
 * Serves the built SPA: hashed assets cached for a year, index.html and the other files at the
 * root never cached (sw.js above all: the browser must see each new service worker), and every
 * GET that is not an API path nor a file answers index.html (history fallback). Returns the
 * fallback for the not-found handler, or undefined when the web app is not built.
 */
export declare function registerSpa(app: FastifyInstance, webDist: string): Promise<((request: FastifyRequest, reply: FastifyReply) => boolean) | undefined>;
