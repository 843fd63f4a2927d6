// Part of `npm run build -w @glossa/web` (scripts/build-public.mjs; decision 0031's addendum): a
// copy of index.html for each of the app's most visited addresses that also names the files of
// that address's page (its lazy route modules and their static imports, JavaScript and CSS), so
// the browser fetches them beside the entry instead of one round trip after it, and one such copy
// per interface language that also names the page's catalogs in that language (decision 0037:
// the first render waits for them). The server answers each address with its copy in the
// language the request asks for; any other address gets index.html, which works as before.
import fs from 'node:fs';
import path from 'node:path';

/**
 * What every /app page imports as it starts, beside its route modules: the contract's checks of
 * the first answers with the schema groups of the first calls (the user, the header's invitations,
 * the study limits), and the live socket. Their files are named in the shell too, at the usual
 * priority, so that Vite's preload helper finds them there instead of adding a <link> element for
 * each as they are imported: about 40 of them at start-up, 0.1–4 ms of the main thread each, some
 * 30 ms in all on a fast desktop (decision 0031, eighth pass). At low priority they came too late
 * and the page's blocking time did not fall. The build puts their schemas, zod and the socket in
 * a few files rather than some thirty (vite.config.ts's startChecksGroup; decision 0031, twelfth
 * pass).
 */
export const appStart = [
  'src/lib/contract-schemas.ts',
  'src/lib/live-updates.ts',
  'src/lib/socket-events.ts',
  '../../packages/contract/src/api/user.ts',
  '../../packages/contract/src/api/invitations.ts',
  '../../packages/contract/src/api/study.ts',
  // The schemas the loader and the socket's events take from the contract's index (the build's
  // start-checks group follows no import through that index: vite.config.ts).
  '../../packages/contract/src/envelope.ts',
  '../../packages/contract/src/tokens.ts',
  '../../packages/contract/src/socket.ts',
];

/** What a page imports as it starts, beyond that: its sections loaded beside its data. */
export const pageStart = {
  dashboard: [
    'src/features/dashboard/statistics/statistics-section.tsx',
    '../../packages/contract/src/api/stats.ts',
  ],
  study: [
    'src/features/study/components/study-session.tsx',
    'src/features/study/api/queue-storage.ts',
    '../../packages/contract/src/api/categories.ts',
  ],
};

/**
 * The addresses, the source modules the router loads there and the catalogs it loads with them
 * (app/router.tsx: a feature's, or a part's of lingui.config.ts).
 */
export const appShellPages = [
  { path: '/login', modules: ['src/features/auth/pages/login-page.tsx'], catalogs: ['auth'] },
  {
    path: '/signup',
    modules: ['src/features/auth/pages/signup-page.tsx'],
    // The language fields' combobox, imported once the page has shown (decision 0031, third and
    // ninth passes): named here, the preload helper adds no link for it then.
    startModules: ['src/components/language-combobox.tsx'],
    catalogs: ['auth', 'signup'],
  },
  {
    path: '/forget-password',
    modules: ['src/features/auth/pages/forget-password-page.tsx'],
    catalogs: ['auth', 'forget-password'],
  },
  ...[
    ['/app/dashboard', 'dashboard', pageStart.dashboard],
    ['/app/study', 'study', pageStart.study],
    ['/app/explore', 'explore'],
    ['/app/search', 'search'],
    ['/app/browse', 'browse'],
    ['/app/organize', 'organize'],
    ['/app/wiki', 'wiki'],
    ['/app/settings', 'settings'],
  ].map(([address, feature, start = []]) => ({
    path: address,
    modules: ['src/app/routes/app-layout.tsx', `src/features/${feature}/pages/${feature}-page.tsx`],
    startModules: [...appStart, ...start],
    catalogs: [feature],
  })),
];

/** The interface's languages (packages/contract/src/locales.ts; not the RTL pseudo-locale). */
const shellLocales = ['en', 'es', 'fr', 'de'];

/** The build's file of a catalog in a language: a feature's, or a part's. */
function catalogFile(manifest, dist, name, locale) {
  const source = fs.existsSync(path.join(dist, '..', 'src/features', name))
    ? `src/features/${name}/locales/${locale}.po`
    : `src/locales/parts/${name}/${locale}.po`;
  const chunk = manifest[source];
  if (!chunk) throw new Error(`${source} is not in the build manifest`);
  return chunk.file;
}

/**
 * The manifest's key of the chunk a module is built into: its own when the module is the chunk's
 * face (a page, a dynamic import), else the key of the chunk a group put it in.
 */
function chunkKey(manifest, moduleChunks, module) {
  if (manifest[module]) return module;
  const file = moduleChunks[module];
  const key = Object.keys(manifest).find((candidate) => manifest[candidate].file === file);
  if (!file || !key) throw new Error(`${module} is in no chunk of the build manifest`);
  return key;
}

/** A chunk's file and those of its static imports, recursively, with their CSS. */
function staticClosure(manifest, key, files) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest`);
  if (files.js.has(chunk.file)) return;
  files.js.add(chunk.file);
  for (const css of chunk.css ?? []) files.css.add(css);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, files);
}

/**
 * A prerendered page's shell (decision 0031, fourth pass): its markup inside #root, in the shell's
 * language (`<html lang>`, the public script's words), and the public script first, which sets
 * the theme (and works the theme switch) until the app has started. The app's files are fetched
 * at low priority, after what shows: the page is on screen without them.
 */
function prerenderedShell(html, locale, body, htmlAttributes, publicScript) {
  const parts = ['<html lang="en">', '<div id="root"></div>', '<script type="module" crossorigin'];
  if (parts.some((part) => !html.includes(part))) {
    throw new Error('index.html lost its <html lang>, its #root or its module script');
  }
  return html
    .replace('<html lang="en">', `<html lang="${locale}" data-app-page=""${htmlAttributes}>`)
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`)
    .replace(
      '<script type="module" crossorigin',
      `<script type="module" crossorigin src="${publicScript}"></script>\n` +
        '    <script type="module" fetchpriority="low" crossorigin',
    )
    .replaceAll(
      '<link rel="modulepreload" crossorigin',
      '<link rel="modulepreload" fetchpriority="low" crossorigin',
    );
}

/**
 * Writes dist/app-shells/<name>.<locale>.html for each page and language, and their list to
 * `listFile` ({ path, locale, file } each, read by the server). Returns the list. `prerendered`
 * names the pages whose shells carry their markup, with what that takes (build-public.mjs).
 */
export function writeAppShells(dist, listFile, prerendered) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const moduleChunks = JSON.parse(
    fs.readFileSync(path.join(dist, '.vite/module-chunks.json'), 'utf8'),
  );
  const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  if (!index.includes('</head>')) throw new Error('index.html has no </head>');
  const inIndex = { js: new Set(), css: new Set() };
  staticClosure(manifest, 'index.html', inIndex);
  fs.mkdirSync(path.join(dist, 'app-shells'), { recursive: true });
  const shells = [];
  for (const page of appShellPages) {
    const files = { js: new Set(inIndex.js), css: new Set(inIndex.css) };
    for (const module of page.modules) staticClosure(manifest, module, files);
    // What it imports as it starts: its JavaScript, and its CSS to preload only (the helper adds a
    // CSS file as a <link> when it is imported, not blocking the first render as a stylesheet
    // named here would).
    const startFiles = { js: new Set(files.js), css: new Set(files.css) };
    for (const module of page.startModules ?? []) {
      staticClosure(manifest, chunkKey(manifest, moduleChunks, module), startFiles);
    }
    const name = page.path.slice(1).replaceAll('/', '-');
    for (const locale of shellLocales) {
      // The shell's catalog and the page's, in that language: the first render waits for them.
      const catalogs = [
        manifest[`src/locales/${locale}/messages.po`]?.file,
        ...page.catalogs.map((catalog) => catalogFile(manifest, dist, catalog, locale)),
      ];
      if (catalogs.some((file) => !file)) throw new Error(`No ${locale} catalogs for ${page.path}`);
      // The same tags as Vite's own in index.html: its preload helper then finds them and does
      // not fetch those files again when the router imports the page.
      const tags = [
        ...[...files.js, ...catalogs]
          .filter((file) => !inIndex.js.has(file))
          .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`),
        ...[...files.css]
          .filter((file) => !inIndex.css.has(file))
          .map((file) => `    <link rel="stylesheet" crossorigin href="/${file}">`),
        ...[...startFiles.js]
          .filter((file) => !files.js.has(file))
          .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`),
        // Their CSS fetched ahead too, not applied: the helper's <link rel="stylesheet"> then
        // finds it in the memory cache instead of waiting for a round trip of its own before the
        // module (the study session's four files) can run (decision 0031, twelfth pass).
        ...[...startFiles.css]
          .filter((file) => !files.css.has(file))
          .map((file) => `    <link rel="preload" as="style" crossorigin href="/${file}">`),
      ];
      const file = `app-shells/${name}.${locale}.html`;
      let html = index.replace('</head>', `${tags.join('\n')}\n  </head>`);
      if (prerendered?.pages.includes(page.path)) {
        html = prerenderedShell(
          html,
          locale,
          prerendered.body(page.path, locale),
          prerendered.htmlAttributes(locale),
          prerendered.publicScript,
        );
      }
      fs.writeFileSync(path.join(dist, file), html);
      shells.push({ path: page.path, locale, file });
    }
  }
  fs.writeFileSync(listFile, `${JSON.stringify(shells, null, 2)}\n`);
  return shells;
}
