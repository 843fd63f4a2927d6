import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { createUser } from './factories';

/** A file of the web build with its brotli and gzip twins, as apps/web/scripts/build-public.mjs writes. */
function writeCompressed(dist: string, name: string, text: string) {
  const file = path.join(dist, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

/** What a browser gets back, decoded as it would decode it. */
function decoded(raw: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = raw.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(raw.rawPayload).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(raw.rawPayload).toString();
  return raw.rawPayload.toString();
}

const script = `console.log(${JSON.stringify('glossa '.repeat(400))});`;
const shell = '<!doctype html><title>Glossa</title><div id="root"></div>';
/** The sign-in page's shell in a language: its page's files and that language's catalogs. */
const loginShellIn = (locale: string) =>
  `${shell}<link rel="modulepreload" crossorigin href="/assets/login-page-def456.js">` +
  `<link rel="modulepreload" crossorigin href="/assets/${locale}-catalog.js">`;
const loginShell = loginShellIn('en');
/** The home page prerendered in each interface language, as the build writes them (decision 0037). */
const headings = {
  en: 'Learn the words',
  es: 'Aprende las palabras',
  fr: 'Apprenez les mots',
  de: 'Lerne die Wörter',
} as const;
type Locale = keyof typeof headings;
const homeIn = (locale: Locale) =>
  `<!doctype html><html lang="${locale}"><title>Glossa</title><div id="root"><h1>${headings[locale]}</h1>${'<p>x</p>'.repeat(50)}</div>`;
const home = homeIn('en');

/** Decision 0031: what the server sends of the web build, and how. */
describe('delivery of the web build', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(fs.realpathSync('/tmp'), 'glossa-dist-'));
    writeCompressed(dist, 'index.html', shell);
    writeCompressed(dist, 'assets/index-abc123.js', script);
    for (const locale of Object.keys(headings) as Locale[]) {
      writeCompressed(dist, `prerendered/${locale}/home.html`, homeIn(locale));
    }
    for (const locale of ['en', 'de']) {
      writeCompressed(dist, `app-shells/login.${locale}.html`, loginShellIn(locale));
    }
    fs.writeFileSync(path.join(dist, 'assets/index-abc123.js.map'), '{"version":3}');
    fs.writeFileSync(path.join(dist, 'sw.js.map'), '{"version":3}');
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(path.join(dist, '.vite/manifest.json'), '{}');
    fs.writeFileSync(
      path.join(dist, '.vite/public-pages.json'),
      JSON.stringify(
        Object.keys(headings).map((locale) => ({
          path: '/',
          locale,
          file: `prerendered/${locale}/home.html`,
        })),
      ),
    );
    fs.writeFileSync(
      path.join(dist, '.vite/app-shells.json'),
      JSON.stringify(
        ['en', 'de'].map((locale) => ({
          path: '/login',
          locale,
          file: `app-shells/login.${locale}.html`,
        })),
      ),
    );
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends a hashed asset precompressed as the browser accepts, cached immutable for a year', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      [undefined, undefined],
    ] as const) {
      const res = await get('/assets/index-abc123.js', accept);
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBe(encoding);
      expect(res.headers['content-type'], accept).toMatch(/javascript/);
      expect(res.headers['vary'], accept).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(decoded(res), accept).toBe(script);
    }
    const br = await get('/assets/index-abc123.js', 'br');
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('answers a public page with its prerendered HTML, compressed and revalidated', async () => {
    const res = await get('/', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decoded(res)).toBe(home);
  });

  describe('a public page in the language the request asks for (decision 0037)', () => {
    const page = (url: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url, headers });
    /** Each path of the choice: the headers of the request, and the language it must get. */
    const cases: { name: string; url: string; headers: Record<string, string>; locale: Locale }[] =
      [
        {
          name: '?lang= first',
          url: '/?lang=fr',
          headers: { cookie: 'glossa.locale=de', 'accept-language': 'es' },
          locale: 'fr',
        },
        {
          name: 'an unknown ?lang= is passed over',
          url: '/?lang=ar-XB',
          headers: { cookie: 'glossa.locale=de' },
          locale: 'de',
        },
        {
          name: 'the cookie second',
          url: '/',
          headers: { cookie: 'theme=dark; glossa.locale=es', 'accept-language': 'de' },
          locale: 'es',
        },
        {
          name: 'an unknown cookie is passed over',
          url: '/',
          headers: { cookie: 'glossa.locale=pt', 'accept-language': 'de-CH, fr;q=0.8' },
          locale: 'de',
        },
        {
          name: 'Accept-Language by weight and language part',
          url: '/',
          headers: { 'accept-language': 'pt-BR, fr-CA;q=0.9, de;q=0.5' },
          locale: 'fr',
        },
        {
          name: 'English when nothing matches',
          url: '/',
          headers: { 'accept-language': 'pt-BR, ja' },
          locale: 'en',
        },
        { name: 'English when nothing is said', url: '/', headers: {}, locale: 'en' },
      ];

    it.each(cases)('$name: $locale, in each encoding', async ({ url, headers, locale }) => {
      for (const [accept, encoding] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const res = await page(url, { ...headers, 'accept-encoding': accept });
        expect(res.statusCode, accept).toBe(200);
        expect(res.headers['content-type'], accept).toMatch(/^text\/html/);
        expect(res.headers['content-encoding'], accept).toBe(encoding);
        expect(res.headers['content-language'], accept).toBe(locale);
        const vary = String(res.headers['vary']).toLowerCase().split(/,\s*/);
        expect(vary, accept).toEqual(
          expect.arrayContaining(['accept-encoding', 'accept-language', 'cookie']),
        );
        expect(res.headers['cache-control'], accept).toBe('no-cache');
        expect(decoded(res), accept).toBe(homeIn(locale));
      }
    });

    it('remembers a language asked with ?lang= in the cookie, for a year, and no other', async () => {
      const asked = await page('/?lang=de', { 'accept-encoding': 'br' });
      expect(asked.headers['set-cookie']).toBe(
        'glossa.locale=de; Path=/; Max-Age=31536000; SameSite=Lax',
      );
      for (const [url, headers] of [
        ['/', { cookie: 'glossa.locale=fr' }],
        ['/', { 'accept-language': 'es' }],
        ['/?lang=xx', {}],
      ] as const) {
        const res = await page(url, headers);
        expect(res.headers['set-cookie'], url).toBeUndefined();
      }
    });

    it('answers a HEAD in the same language, with the same headers', async () => {
      const res = await t.app.inject({
        method: 'HEAD',
        url: '/',
        headers: { 'accept-language': 'de', 'accept-encoding': 'gzip' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-language']).toBe('de');
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.body).toBe('');
    });
  });

  it("answers an address with a shell of its own with that shell (its page's files named)", async () => {
    for (const url of ['/login', '/login?redirect=%2Fapp%2Fstudy']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['vary'], url).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decoded(res), url).toBe(loginShell);
    }
  });

  it('answers an app shell in the language asked for, English when it has none in it', async () => {
    const shellFor = (headers: Record<string, string>, url = '/login') =>
      t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br', ...headers } });
    for (const [headers, url, locale] of [
      [{ 'accept-language': 'de-CH, en;q=0.5' }, '/login', 'de'],
      [{ cookie: 'glossa.locale=de' }, '/login', 'de'],
      [{ 'accept-language': 'de', cookie: 'glossa.locale=en' }, '/login', 'en'],
      [{}, '/login?lang=de', 'de'],
      [{ 'accept-language': 'fr' }, '/login', 'en'],
    ] as const) {
      const res = await shellFor(headers, url);
      const what = `${JSON.stringify(headers)} ${url}`;
      expect(res.statusCode, what).toBe(200);
      expect(res.headers['content-encoding'], what).toBe('br');
      expect(res.headers['vary'], what).toMatch(/accept-language, cookie/i);
      // An app page remembers nothing: the app itself writes the language cookie.
      expect(res.headers['set-cookie'], what).toBeUndefined();
      expect(decoded(res), what).toBe(loginShellIn(locale));
    }
  });

  it('answers the app shell for every other page, compressed and revalidated', async () => {
    for (const url of ['/app/dashboard', '/signup', '/privacy']) {
      const res = await get(url, 'gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('gzip');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decoded(res), url).toBe(shell);
    }
  });

  it('never sends a source map nor the build notes', async () => {
    for (const url of ['/assets/index-abc123.js.map', '/sw.js.map']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('"version":3');
    }
    // Not a file the server sends: the app's page for unknown addresses.
    const notes = await get('/.vite/manifest.json');
    expect(decoded(notes)).toBe(shell);
  });

  it('answers robots.txt and a sitemap of the public pages at the public address', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.body).toContain('User-agent: *');
    expect(robots.body).toContain('Disallow: /app/');
    expect(robots.body).toContain('Sitemap: http://glossa.test/sitemap.xml');
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.statusCode).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.body).toContain('<loc>http://glossa.test/</loc>');
    expect(sitemap.body.match(/<loc>/g)).toHaveLength(1);
  });

  it('compresses API answers of 1 KiB and more, not a review answer', async () => {
    const languages = await t.app.inject({
      method: 'GET',
      url: '/api/languages',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(languages.statusCode).toBe(200);
    expect(languages.headers['content-encoding']).toBe('br');
    expect(languages.headers['vary']).toMatch(/accept-encoding/i);
    const body = decoded(languages);
    expect(body.length).toBeGreaterThan(1024);
    expect(languages.rawPayload.length).toBeLessThan(body.length / 2);
    expect(JSON.parse(body)).toMatchObject({ code: 'ok' });

    const user = await createUser(t);
    const card = await t.call({
      method: 'POST',
      url: '/api/cards',
      token: user.access,
      payload: {
        front: 'la casa',
        answers: ['the house'],
        fromLanguageCode: 'es',
        toLanguageCode: 'en',
      },
    });
    expect(card.status).toBe(201);
    const review = await t.call({
      method: 'POST',
      url: '/api/study/reviews',
      token: user.access,
      headers: { 'accept-encoding': 'br, gzip' },
      payload: {
        clientReviewId: randomUUID(),
        cardId: String(card.payload['id']),
        guess: 'the house',
        elapsedMs: 1500,
      },
    });
    expect(review.status).toBe(200);
    expect(review.headers['content-encoding']).toBeUndefined();
    expect(review.raw.rawPayload.length).toBeLessThan(1024);
  });
});
