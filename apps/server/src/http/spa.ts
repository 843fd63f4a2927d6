import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html and the other files at the
 * root never cached (sw.js above all: the browser must see each new service worker), and every
 * GET that is not an API path nor a file answers index.html (history fallback). Returns the
 * fallback for the not-found handler, or undefined when the web app is not built.
 */
export async function registerSpa(app: FastifyInstance, webDist: string) {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) return undefined;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (request.url === '/api' || request.url.startsWith('/api/')) return false;
    void reply.header('cache-control', 'no-cache').sendFile('index.html');
    return true;
  };
}
