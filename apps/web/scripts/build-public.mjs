// The second half of `npm run build -w @glossa/web` (decision 0031), after `vite build` wrote the
// app: builds the public pages' script on its own (it shares no chunk with the app), renders the
// public pages to HTML with the app's own components (react-dom/server at build time), once per
// interface language (decision 0037), writes them to dist/prerendered/<locale>/ with their CSS,
// writes the app's per-address copies of index.html (scripts/app-shells.mjs), then precompresses
// every text file of dist (brotli and gzip) for the server to send as they are.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { writeAppShells } from './app-shells.mjs';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webRoot, 'dist');
const ssrOut = path.join(webRoot, 'node_modules/.prerender');
/** Written beside the app's manifest: the public pages and the files each loads (scripts/budget.mjs). */
const publicManifestFile = path.join(dist, '.vite/public-pages.json');
/** The app's addresses with a copy of index.html naming their page's files (scripts/app-shells.mjs). */
const appShellsFile = path.join(dist, '.vite/app-shells.json');

const quiet = { logLevel: 'warn', configFile: false, root: webRoot };

async function buildPublicScript() {
  await build({
    ...quiet,
    build: {
      outDir: dist,
      emptyOutDir: false,
      manifest: '.vite/public-manifest.json',
      sourcemap: 'hidden',
      rolldownOptions: {
        input: { public: 'src/public/main.ts' },
        output: { entryFileNames: 'assets/[name]-[hash].js' },
      },
    },
  });
  const manifest = JSON.parse(
    fs.readFileSync(path.join(dist, '.vite/public-manifest.json'), 'utf8'),
  );
  const entry = manifest['src/public/main.ts'];
  if (!entry?.isEntry || entry.imports?.length || entry.dynamicImports?.length) {
    throw new Error('The public script must build to one file that imports nothing');
  }
  return `/${entry.file}`;
}

/** An SSR build of a prerenderer (`entry`, under src/prerender/) into `outDir`, as `file`. */
function buildSsr(entry, outDir, file, { withCss }) {
  return build({
    ...quiet,
    plugins: [react(), lingui({ macroTransform: true, cwd: webRoot })],
    ssr: { noExternal: [/^@glossa\//] },
    build: {
      ssr: entry,
      outDir,
      emptyOutDir: true,
      ssrEmitAssets: withCss,
      cssCodeSplit: false,
      rolldownOptions: {
        output: { entryFileNames: file },
        // The prerender of the app's pages takes their catalogs in at once, which the router's own
        // imports of the same files cannot then split off: what Rolldown warns of is meant here.
        onLog(level, log, handler) {
          if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') handler(level, log);
        },
      },
    },
  });
}

/** The SSR build of src/prerender/render.tsx, with the CSS of everything it renders. */
async function buildRenderer() {
  await buildSsr('src/prerender/render.tsx', ssrOut, 'render.js', { withCss: true });
  const cssFiles = fs
    .readdirSync(path.join(ssrOut, 'assets'))
    .filter((name) => name.endsWith('.css'));
  if (cssFiles.length !== 1) throw new Error(`Expected one CSS file, found ${cssFiles.join(', ')}`);
  const css = fs.readFileSync(path.join(ssrOut, 'assets', cssFiles[0]));
  const hash = crypto.createHash('sha256').update(css).digest('base64url').slice(0, 8);
  const file = `assets/public-${hash}.css`;
  fs.writeFileSync(path.join(dist, file), css);
  const render = await import(pathToFileURL(path.join(ssrOut, 'render.js')).href);
  return { render, css: `/${file}` };
}

/**
 * The SSR build of src/prerender/render-app.tsx (the app's prerendered pages): its CSS is left
 * out, those pages load the app's own. Renders each page in each language (the app's router loads
 * the page's module from the build as it would in the browser), then removes the build.
 */
async function renderAppPages() {
  const out = path.join(webRoot, 'node_modules/.prerender-app');
  await buildSsr('src/prerender/render-app.tsx', out, 'render-app.js', { withCss: false });
  try {
    const render = await import(pathToFileURL(path.join(out, 'render-app.js')).href);
    const bodies = new Map();
    for (const { path: address } of render.prerenderedAppPages) {
      for (const locale of render.interfaceLocales) {
        bodies.set(`${address} ${locale}`, await render.renderAppPage(address, locale));
      }
    }
    return { paths: render.prerenderedAppPages.map((page) => page.path), bodies };
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

const escapeAttribute = (text) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** The app's index.html less its scripts and styles: the head every page shares. */
function documentTemplate() {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const stripped = html
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="(modulepreload|stylesheet)"[^>]*>/g, '');
  if (/<script|rel="stylesheet"/.test(stripped)) throw new Error('index.html has an unknown tag');
  return stripped;
}

/** The page's document in one language: `<html lang>`, its title and description translated. */
function pageDocument(template, head, locale, body, script, css) {
  const description = /<meta\s+name="description"\s+content="[^"]*"\s*\/>/;
  if (
    !description.test(template) ||
    !template.includes('<title>Glossa</title>') ||
    !template.includes('<html lang="en">')
  ) {
    throw new Error('index.html lost its <html lang>, its title or its meta description');
  }
  // The public script's words (it is built without Lingui): data-open-app="…" and so on.
  const texts = Object.entries(head.scriptTexts)
    .map(([name, text]) => ` data-${name}="${escapeAttribute(text)}"`)
    .join('');
  return template
    .replace('<html lang="en">', `<html lang="${locale}"${texts}>`)
    .replace(
      description,
      `<meta name="description" content="${escapeAttribute(head.description)}" />`,
    )
    .replace(
      '<title>Glossa</title>',
      `<title>${escapeText(head.title)}</title>\n` +
        `    <script type="module" crossorigin src="${script}"></script>\n` +
        `    <link rel="stylesheet" crossorigin href="${css}">`,
    )
    .replace('<div id="root"></div>', `<div id="root">${body}</div>`);
}

/**
 * Each public page once per interface language (decision 0037), under dist/prerendered/<locale>/;
 * the list tells the server which file answers which address in which language.
 */
async function prerender() {
  const script = await buildPublicScript();
  const { render, css } = await buildRenderer();
  const template = documentTemplate();
  const pages = [];
  for (const locale of render.interfaceLocales) {
    fs.mkdirSync(path.join(dist, 'prerendered', locale), { recursive: true });
    for (const page of render.publicPages) {
      const head = render.pageHead(page, locale);
      const body = render.renderPublicPage(page, locale);
      const file = `prerendered/${locale}/${page.file}`;
      fs.writeFileSync(
        path.join(dist, file),
        pageDocument(template, head, locale, body, script, css),
      );
      pages.push({ path: page.path, locale, file, scripts: [script], styles: [css] });
    }
  }
  fs.writeFileSync(publicManifestFile, `${JSON.stringify(pages, null, 2)}\n`);
  fs.rmSync(ssrOut, { recursive: true, force: true });
  return { pages, render, script };
}

const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Every text file of dist but source maps, at the highest levels: done once, served often. */
async function precompress() {
  const files = fs
    .readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && compressible.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${path.sep}.vite${path.sep}`));
  let count = 0;
  await Promise.all(
    files.map(async (file) => {
      const source = fs.readFileSync(file);
      const [br, gz] = await Promise.all([
        brotli(source, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
          },
        }),
        gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
      ]);
      // A file that does not shrink is sent as it is.
      if (br.length < source.length) fs.writeFileSync(`${file}.br`, br);
      if (gz.length < source.length) fs.writeFileSync(`${file}.gz`, gz);
      count += 1;
    }),
  );
  return count;
}

const { pages, render, script } = await prerender();
const appPages = await renderAppPages();
// The sign-in, sign-up and forgotten-password shells carry their page's markup, with the public
// script for the theme until the app has started (decision 0031, fourth pass).
const shells = writeAppShells(dist, appShellsFile, {
  pages: appPages.paths,
  body: (address, locale) => {
    const body = appPages.bodies.get(`${address} ${locale}`);
    if (body === undefined) throw new Error(`${address} was not prerendered in ${locale}`);
    return body;
  },
  htmlAttributes: (locale) =>
    Object.entries(render.pageHead(render.publicPages[0], locale).scriptTexts)
      .map(([name, text]) => ` data-${name}="${escapeAttribute(text)}"`)
      .join(''),
  publicScript: script,
});
const count = await precompress();
console.log(
  `Prerendered ${[...new Set(pages.map((page) => page.path))].join(', ')} in ` +
    `${[...new Set(pages.map((page) => page.locale))].join(', ')}; wrote the shells of ` +
    `${[...new Set(shells.map((shell) => shell.path))].join(', ')}; precompressed ${count} files.`,
);
