// Part of `npm run build -w @glossa/web` (scripts/build-public.mjs; decision 0031's addendum): a
// copy of index.html for each of the app's most visited addresses that also names the files of
// that address's page (its lazy route modules and their static imports, JavaScript and CSS), so
// the browser fetches them beside the entry instead of one round trip after it. The server answers
// each address with its copy; any other address gets index.html, which works as before.
import fs from 'node:fs';
import path from 'node:path';

/** The addresses and the source modules the router loads there (app/router.tsx). */
export const appShellPages = [
  { path: '/login', modules: ['src/features/auth/pages/login-page.tsx'] },
  { path: '/signup', modules: ['src/features/auth/pages/signup-page.tsx'] },
  { path: '/forget-password', modules: ['src/features/auth/pages/forget-password-page.tsx'] },
  ...[
    ['/app/dashboard', 'src/features/dashboard/pages/dashboard-page.tsx'],
    ['/app/study', 'src/features/study/pages/study-page.tsx'],
    ['/app/explore', 'src/features/explore/pages/explore-page.tsx'],
    ['/app/search', 'src/features/search/pages/search-page.tsx'],
    ['/app/browse', 'src/features/browse/pages/browse-page.tsx'],
    ['/app/organize', 'src/features/organize/pages/organize-page.tsx'],
    ['/app/wiki', 'src/features/wiki/pages/wiki-page.tsx'],
    ['/app/settings', 'src/features/settings/pages/settings-page.tsx'],
  ].map(([address, module]) => ({
    path: address,
    modules: ['src/app/routes/app-layout.tsx', module],
  })),
];

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
 * Writes dist/app-shells/<name>.html for each page and their list to `listFile` ({ path, file }
 * each, read by the server). Returns the list.
 */
export function writeAppShells(dist, listFile) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  if (!index.includes('</head>')) throw new Error('index.html has no </head>');
  const inIndex = { js: new Set(), css: new Set() };
  staticClosure(manifest, 'index.html', inIndex);
  fs.mkdirSync(path.join(dist, 'app-shells'), { recursive: true });
  const shells = [];
  for (const page of appShellPages) {
    const files = { js: new Set(inIndex.js), css: new Set(inIndex.css) };
    for (const module of page.modules) staticClosure(manifest, module, files);
    // The same tags as Vite's own in index.html: its preload helper then finds them and does not
    // fetch those files again when the router imports the page.
    const tags = [
      ...[...files.js]
        .filter((file) => !inIndex.js.has(file))
        .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`),
      ...[...files.css]
        .filter((file) => !inIndex.css.has(file))
        .map((file) => `    <link rel="stylesheet" crossorigin href="/${file}">`),
    ];
    const name = page.path.slice(1).replaceAll('/', '-');
    const file = `app-shells/${name}.html`;
    fs.writeFileSync(
      path.join(dist, file),
      index.replace('</head>', `${tags.join('\n')}\n  </head>`),
    );
    shells.push({ path: page.path, file });
  }
  fs.writeFileSync(listFile, `${JSON.stringify(shells, null, 2)}\n`);
  return shells;
}
