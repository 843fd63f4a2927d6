import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  acceptLanguageTags,
  interfaceLocales,
  isInterfaceLocale,
  localeCookieString,
  localeFromCookies,
  pickInterfaceLocale,
  type InterfaceLocale,
} from '@glossa/contract/locales';

/**
 * What the web build wrote about its prerendered public pages and its app shells
 * (apps/web/scripts): one file per address and interface language (decision 0037).
 */
const pagesInLanguagesSchema = z.array(
  z.object({ path: z.string(), locale: z.enum(interfaceLocales), file: z.string() }),
);
const publicPagesFile = path.join('.vite', 'public-pages.json');
/**
 * The app's addresses whose copy of index.html also names the files of their page and its
 * catalogs in a language, so the browser fetches them with the entry
 * (apps/web/scripts/app-shells.mjs).
 */
const appShellsFile = path.join('.vite', 'app-shells.json');

function readPageList<T>(webDist: string, listFile: string, schema: z.ZodType<T[]>): T[] {
  const file = path.join(webDist, listFile);
  if (!fs.existsSync(file)) return [];
  return schema.parse(JSON.parse(fs.readFileSync(file, 'utf8')));
}

/**
 * The language a page is answered in (decision 0037): `?lang=` when it names one of the
 * interface's, else the language cookie (the web app writes it on each change of language), else
 * the first of Accept-Language's that the interface speaks (by language part: de-CH → de), else
 * English. `asked` says whether it came from `?lang=`, which a public page's answer then
 * remembers.
 */
function requestLocale(request: FastifyRequest): {
  locale: InterfaceLocale;
  asked: boolean;
} {
  const query = request.query as Record<string, unknown> | undefined;
  const asked = query?.['lang'];
  if (isInterfaceLocale(asked)) return { locale: asked, asked: true };
  const remembered = localeFromCookies(request.headers.cookie);
  if (remembered) return { locale: remembered, asked: false };
  return {
    locale: pickInterfaceLocale(acceptLanguageTags(request.headers['accept-language'])),
    asked: false,
  };
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
 * addresses, each in the language the request asks for (`requestLocale`), and so do the app's
 * most visited ones (index.html naming their page's files and its catalogs in that language);
 * every other GET that is not an API path nor a file answers index.html (history fallback).
 * Registers /robots.txt and /sitemap.xml. Returns the fallback for the not-found handler, or
 * undefined when the web app is not built.
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
      // Every file may have a compressed twin: a shared cache must keep the variants apart. A
      // prerendered public page and an app shell also have a twin per language, chosen by these
      // headers.
      const perLanguage =
        filePath.includes(`${path.sep}prerendered${path.sep}`) ||
        filePath.includes(`${path.sep}app-shells${path.sep}`);
      res.setHeader(
        'vary',
        perLanguage ? 'accept-encoding, accept-language, cookie' : 'accept-encoding',
      );
    },
  });

  /** Each address's file per language. */
  const byLanguage = (listFile: string) => {
    const variants = new Map<string, Map<InterfaceLocale, string>>();
    for (const page of readPageList(webDist, listFile, pagesInLanguagesSchema)) {
      const files = variants.get(page.path) ?? new Map<InterfaceLocale, string>();
      files.set(page.locale, page.file);
      variants.set(page.path, files);
    }
    return variants;
  };
  const variants = byLanguage(publicPagesFile);
  for (const [address, files] of variants) {
    app.get(address, (request, reply) => {
      const { locale, asked } = requestLocale(request);
      const file = files.get(locale) ?? files.get('en');
      if (!file) throw new Error(`No prerendered ${address} in ${locale} nor in English`);
      if (asked) {
        // Chosen with the footer's links (no JavaScript needed): the next public page follows.
        reply.header('set-cookie', localeCookieString(locale, request.protocol === 'https'));
      }
      return reply.header('content-language', files.has(locale) ? locale : 'en').sendFile(file);
    });
  }
  // The app's shells: the same page in every language, naming that language's catalogs.
  for (const [address, files] of byLanguage(appShellsFile)) {
    app.get(address, (request, reply) => {
      const { locale } = requestLocale(request);
      const file = files.get(locale) ?? files.get('en');
      if (!file) throw new Error(`No app shell of ${address} in ${locale} nor in English`);
      return reply.sendFile(file);
    });
  }
  registerCrawlerFiles(app, publicUrl, [...variants.keys()]);

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
