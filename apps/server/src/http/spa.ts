import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** What the web build wrote about its prerendered public pages and app shells (apps/web/scripts). */
const publicPagesSchema = z.array(z.object({ path: z.string(), file: z.string() }));
const publicPagesFile = path.join('.vite', 'public-pages.json');
/**
 * The app's addresses whose copy of index.html also names the files of their page, so the browser
 * fetches them with the entry (apps/web/scripts/app-shells.mjs).
 */
const appShellsFile = path.join('.vite', 'app-shells.json');

function readPageList(webDist: string, listFile: string) {
  const file = path.join(webDist, listFile);
  if (!fs.existsSync(file)) return [];
  return publicPagesSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/**
 * Source maps stay on the build machine, and the build's own notes (.vite/) too: the server
 * answers neither (decision 0031).
 */
function isPublicFile(pathname: string): boolean {
  return !pathname.endsWith('.map') && !pathname.split('/').some((part) => part.startsWith('.'));
}

/**
 * Serves the built web app (decision 0031): each file precompressed at build time (brotli or
 * gzip as the browser accepts, `Vary: accept-encoding`), hashed assets cached for a year,
 * index.html and the other files at the root revalidated on each load (sw.js above all: the
 * browser must see each new service worker). The prerendered public pages answer their own
 * addresses, and so do the app's most visited ones (index.html naming their page's files);
 * every other GET that is not an API path nor a file answers index.html (history
 * fallback). Registers /robots.txt and /sitemap.xml. Returns the fallback for the not-found
 * handler, or undefined when the web app is not built.
 */
export async function registerSpa(app: FastifyInstance, webDist: string, publicUrl: string) {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) return undefined;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    cacheControl: false,
    preCompressed: true,
    allowedPath: isPublicFile,
    setHeaders(res, filePath) {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      // Every file may have a compressed twin: a shared cache must keep the variants apart.
      res.setHeader('vary', 'accept-encoding');
    },
  });

  const publicPages = readPageList(webDist, publicPagesFile);
  for (const page of [...publicPages, ...readPageList(webDist, appShellsFile)]) {
    app.get(page.path, (_request, reply) => reply.sendFile(page.file));
  }
  registerCrawlerFiles(
    app,
    publicUrl,
    publicPages.map((page) => page.path),
  );

  return (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (request.url === '/api' || request.url.startsWith('/api/')) return false;
    if (request.url.split('?')[0]?.endsWith('.map')) return false;
    void reply.sendFile('index.html');
    return true;
  };
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** robots.txt (the signed-in app and the API are not for crawlers) and the public pages' sitemap. */
function registerCrawlerFiles(app: FastifyInstance, publicUrl: string, pages: string[]) {
  const robots = [
    'User-agent: *',
    'Disallow: /app/',
    'Disallow: /api/',
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...pages.map((page) => `  <url><loc>${escapeXml(publicUrl + page)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  app.get('/robots.txt', (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(robots),
  );
  app.get('/sitemap.xml', (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('application/xml; charset=utf-8').send(sitemap),
  );
}
