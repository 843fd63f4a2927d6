// `npm run budget`: the web build's weight budget (decision 0031), read from the build itself
// (Vite's manifest and the prerendered pages), so the figures are bytes and the same on every
// machine. For each page: the JavaScript and CSS it loads before it can show, gzipped (level 9,
// as the build ships them), the interface language's catalogs included (the largest of the four:
// main.tsx and the router wait for them before the first render, decision 0037). Fails when a
// page is over its budget, and when a public page loads any file of the app. Run after
// `npm run build`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const kB = 1000;

/**
 * Budgets in gzipped bytes, enforced. The public pages, the /app pages and the sign-in page meet
 * issue 20's targets (60 and 150 kB of JavaScript): zod, the contract's schemas, Radix's menus and
 * dialogs and the study session load after the first paint (decision 0031's addenda); each lazy
 * part and each auth page has its own catalog, and shared components' messages sit in the
 * catalogs of the pages that show them (decision 0037's addendum), so a page loads the messages it
 * shows; the live connection and the language fields' combobox (Downshift) load beside the page.
 * The sign-up page is still about 7 kB over, mostly react-hook-form (13.6 kB), which its form is
 * built on: the auth budget is its weight and a little, so that it can only go down, and `target`
 * is printed beside it.
 */
export const budgets = {
  public: { js: 60 * kB, css: 20 * kB, target: 60 * kB, files: 4 },
  auth: { js: 158 * kB, css: 20 * kB, target: 150 * kB, files: 35 },
  app: { js: 150 * kB, css: 20 * kB, target: 150 * kB, files: 50 },
};

/**
 * The files a page's HTML has the browser fetch as it starts (its scripts, modulepreloads,
 * stylesheets and preloaded styles), counted against `files` above: on a first visit over
 * HTTP/1.1 (what `npm start` serves) a phone fetches six at a time, so each file is a round trip
 * shared six ways, whatever its bytes; the study page's first paint waited for 59 of them before
 * the start checks became six files (decision 0031, twelfth pass), 47 since.
 */
function namedFiles(html) {
  const pattern =
    /<script[^>]*\ssrc="([^"]+)"|<link[^>]*rel="(?:modulepreload|stylesheet|preload)"[^>]*href="([^"]+)"/g;
  return new Set([...html.matchAll(pattern)].map((match) => match[1] ?? match[2])).size;
}

/**
 * The pages of the app measured: the source module of the page the router loads at that address,
 * and the features whose catalogs the router loads with it (app/router.tsx; the app layout loads
 * none: its messages are the shell's, lingui.config.ts).
 */
const appPages = [
  {
    path: '/login',
    kind: 'auth',
    modules: ['src/features/auth/pages/login-page.tsx'],
    features: ['auth'],
  },
  {
    path: '/signup',
    kind: 'auth',
    modules: ['src/features/auth/pages/signup-page.tsx'],
    features: ['auth', 'signup'],
  },
  {
    path: '/app/dashboard',
    modules: ['src/app/routes/app-layout.tsx', 'src/features/dashboard/pages/dashboard-page.tsx'],
    features: ['dashboard'],
  },
  {
    path: '/app/study',
    modules: ['src/app/routes/app-layout.tsx', 'src/features/study/pages/study-page.tsx'],
    features: ['study'],
  },
];

function readJson(file) {
  const full = path.join(dist, file);
  if (!fs.existsSync(full)) {
    throw new Error(`${path.relative(root, full)} is missing: run \`npm run build\` first`);
  }
  return JSON.parse(fs.readFileSync(full, 'utf8'));
}

const gzipSizes = new Map();
function gzipSize(file) {
  let size = gzipSizes.get(file);
  if (size === undefined) {
    size = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzipSizes.set(file, size);
  }
  return size;
}

/** The files a chunk loads at once: itself, its static imports (recursively), their CSS. */
function staticClosure(manifest, key, files = { js: new Set(), css: new Set() }) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (files.js.has(chunk.file)) return files;
  files.js.add(chunk.file);
  for (const css of chunk.css ?? []) files.css.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
  return files;
}

const total = (files) => [...files].reduce((sum, file) => sum + gzipSize(file), 0);

/**
 * The catalogs an app page loads before it shows (decision 0037): the shell's and its features'
 * and parts',
 * in one language per learner, so the language whose catalogs weigh most for that page counts, as
 * the worst case. The right-to-left pseudo-locale is left out (a test catalog, never offered).
 */
function largestCatalogs(manifest, features) {
  const sources = (locale) => [
    `src/locales/${locale}/messages.po`,
    // A feature's catalog, or a part's (lingui.config.ts's partCatalogs).
    ...features.map((name) =>
      fs.existsSync(path.join(dist, '..', `src/features/${name}`))
        ? `src/features/${name}/locales/${locale}.po`
        : `src/locales/parts/${name}/${locale}.po`,
    ),
  ];
  const options = ['en', 'es', 'fr', 'de'].map((locale) =>
    sources(locale).map((source) => {
      const chunk = manifest[source];
      if (!chunk) throw new Error(`${source} is not in the build manifest`);
      return chunk.file;
    }),
  );
  return options.sort((a, b) => total(b) - total(a))[0];
}

export function measure() {
  const manifest = readJson('.vite/manifest.json');
  const publicPages = readJson('.vite/public-pages.json');
  /** Every file of the app, loaded at once or on demand. */
  const appFiles = new Set(
    Object.values(manifest).flatMap((chunk) => [chunk.file, ...(chunk.css ?? [])]),
  );
  const rows = [];

  for (const page of publicPages) {
    const html = fs.readFileSync(path.join(dist, page.file), 'utf8');
    const loaded = (pattern) =>
      [...html.matchAll(pattern)].map((match) => match[1].replace(/^\//, ''));
    const js = new Set(loaded(/<script[^>]*\ssrc="([^"]+)"/g));
    for (const file of loaded(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) js.add(file);
    const css = new Set(loaded(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g));
    const fromApp = [...js, ...css].filter((file) => appFiles.has(file));
    // One prerendered page per address and interface language (decision 0037).
    const name = `${page.path} ${page.locale}`;
    rows.push({
      page: name,
      kind: 'public',
      js: total(js),
      css: total(css),
      files: namedFiles(html),
      fromApp,
    });
  }

  /** The catalogs' files, in every language (the page's count in its own language, above). */
  const catalogFiles = new Set(
    Object.entries(manifest)
      .filter(([source]) => source.endsWith('.po'))
      .map(([, chunk]) => chunk.file),
  );
  for (const page of appPages) {
    const files = staticClosure(manifest, 'index.html');
    for (const catalog of largestCatalogs(manifest, page.features)) files.js.add(catalog);
    for (const module of page.modules) staticClosure(manifest, module, files);
    // The scripts its shell names besides (the prerendered pages' public script, decision 0031's
    // fourth pass).
    const shell = path.join(
      dist,
      'app-shells',
      `${page.path.slice(1).replaceAll('/', '-')}.en.html`,
    );
    // What the shell names besides, fetched as the page starts and used after its first render
    // (the contract's checks, the live socket, the study session: app-shells.mjs): counted apart,
    // as the page shows without waiting for it.
    const later = new Set();
    let named = 0;
    if (fs.existsSync(shell)) {
      const html = fs.readFileSync(shell, 'utf8');
      named = namedFiles(html);
      for (const match of html.matchAll(/<script[^>]*\ssrc="\/([^"]+)"/g)) files.js.add(match[1]);
      for (const match of html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)) {
        if (!files.js.has(match[1]) && !catalogFiles.has(match[1])) later.add(match[1]);
      }
    }
    rows.push({
      page: page.path,
      kind: page.kind ?? 'app',
      js: total(files.js),
      css: total(files.css),
      later: total(later),
      files: named,
      fromApp: [],
    });
  }

  const failures = [];
  for (const row of rows) {
    const budget = budgets[row.kind];
    if (row.js > budget.js)
      failures.push(`${row.page}: ${row.js} B of JavaScript, budget ${budget.js} B`);
    if (row.css > budget.css)
      failures.push(`${row.page}: ${row.css} B of CSS, budget ${budget.css} B`);
    if (row.files > budget.files)
      failures.push(`${row.page}: ${row.files} files named in its HTML, budget ${budget.files}`);
    if (row.fromApp.length > 0) {
      failures.push(`${row.page} is public and loads files of the app: ${row.fromApp.join(', ')}`);
    }
  }
  return { rows, failures };
}

const kb = (bytes) => `${(bytes / kB).toFixed(1)} kB`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { rows, failures } = measure();
  console.log(
    'page              kind    JS gzip   budget    target    CSS gzip  budget    files  budget  JS after',
  );
  for (const row of rows) {
    const budget = budgets[row.kind];
    const cells = [row.js, budget.js, budget.target, row.css, budget.css].map((n) =>
      kb(n).padEnd(9),
    );
    const files = `${String(row.files).padEnd(6)} ${String(budget.files).padEnd(7)}`;
    const later = row.later === undefined ? '' : ` ${kb(row.later)}`;
    console.log(`${row.page.padEnd(17)} ${row.kind.padEnd(7)} ${cells.join(' ')} ${files}${later}`);
  }
  console.log(
    "\nJS after: what an app page's shell names besides, fetched as it starts and used after",
  );
  console.log('its first render (not counted in its budget). Files: the scripts and styles its');
  console.log('HTML has the browser fetch as it starts.');
  if (failures.length > 0) {
    console.error(`\nOver budget:\n- ${failures.join('\n- ')}`);
    process.exit(1);
  }
  console.log('\nEvery page is within its budget; no public page loads a file of the app.');
}
