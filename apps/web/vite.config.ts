import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type Plugin } from 'vite';
import { appStart, pageStart } from './scripts/app-shells.mjs';

const serviceWorkerFile = 'sw.js';
/** The stand-in of sw.ts for the list of files it keeps (a global, so minifying keeps its name). */
const precacheToken = '__PRECACHE__';
/**
 * Build files the worker does not fetch ahead: the password strength estimator (its dictionaries,
 * about 450 kB gzipped) serves only the forms that set a password, which need the network anyway,
 * so every learner would otherwise download it once for nothing (decision 0017).
 */
const notPrecached = [/^assets\/password-estimator-/];

/**
 * Writes into the service worker the files of this build (index.html and every file under
 * assets/, lazy pages included, source maps and `notPrecached` left out) and a version drawn from
 * them. A new build
 * thus changes sw.js byte for byte, which is how the browser finds out it must install it again.
 */
function serviceWorkerPrecache(): Plugin {
  return {
    name: 'glossa:service-worker-precache',
    apply: 'build',
    generateBundle: {
      // After index.html is written (by Vite's own plugin), so that it counts in the version.
      order: 'post',
      async handler(_options, bundle) {
        const worker = bundle[serviceWorkerFile];
        if (worker?.type !== 'chunk' || worker.imports.length > 0) {
          this.error(`${serviceWorkerFile} must be built as one file that imports nothing`);
        }
        const index = bundle['index.html'];
        if (index?.type !== 'asset') this.error('index.html is missing from the build');
        const assets = Object.keys(bundle)
          .filter((name) => name.startsWith('assets/') && !name.endsWith('.map'))
          .filter((name) => !notPrecached.some((pattern) => pattern.test(name)))
          .sort();
        const digest = await crypto.subtle.digest(
          'SHA-256',
          new TextEncoder().encode([String(index.source), ...assets].join('\n')),
        );
        const version = Array.from(new Uint8Array(digest).slice(0, 8), (byte) =>
          byte.toString(16).padStart(2, '0'),
        ).join('');
        const urls = ['/index.html', ...assets.map((name) => `/${name}`)];
        const parts = worker.code.split(precacheToken);
        if (parts.length !== 2) this.error(`${precacheToken} must appear once in the worker`);
        worker.code = parts.join(JSON.stringify({ version, urls }));
      },
    },
  };
}

/**
 * V8's explicit compile hint (v8.dev/blog/explicit-compile-hints) at the top of the entry chunk:
 * every function of it is compiled eagerly on the thread that streams the script, instead of on
 * the main thread at its first call. Nearly all of the entry's code runs at start-up (React, the
 * router, the query cache, the session); its lazy compilation was a third or more of the tasks
 * that create the router and render the first page (decision 0031, eighth pass). Added once the
 * chunk is minified (a minifier drops the comment); its source map moves one line down.
 */
function entryCompileHint(): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'glossa:entry-compile-hint',
    apply: 'build',
    // The entry's name changes with its hint, as with any change of its content.
    augmentChunkHash(chunk) {
      return chunk.isEntry && chunk.name === 'index' ? hint : undefined;
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const entries = Object.values(bundle).filter(
          (file) => file.type === 'chunk' && file.isEntry && file.name === 'index',
        );
        if (entries.length !== 1) this.error('the build has no single entry chunk named index');
        const entry = entries[0];
        if (entry?.type !== 'chunk') return;
        entry.code = hint + entry.code;
        // The build's hidden source map, already an asset of the bundle here.
        const map = bundle[`${entry.fileName}.map`];
        if (map?.type === 'asset') {
          const parsed = JSON.parse(String(map.source)) as { mappings: string };
          parsed.mappings = `;${parsed.mappings}`;
          map.source = JSON.stringify(parsed);
        }
      },
    },
  };
}

/**
 * Writes .vite/module-chunks.json: the chunk file of each of the app's own modules (not
 * node_modules'). Vite's manifest names a chunk by the module it stands for (a page, a dynamic
 * import), so a module a chunk group took in (startChecksGroup) has no entry of its own there;
 * the app shells find its file here (scripts/app-shells.mjs).
 */
function moduleChunks(): Plugin {
  return {
    name: 'glossa:module-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, string> = {};
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        for (const module of file.moduleIds) {
          if (module.startsWith('\0') || module.includes('/node_modules/')) continue;
          chunks[path.relative(import.meta.dirname, module)] = file.fileName;
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/module-chunks.json',
        source: `${JSON.stringify(chunks, null, 2)}\n`,
      });
    },
  };
}

/**
 * Fails the build when the start checks' files (startChecksGroup) import each other in a cycle:
 * a module could then run before one it needs (a schema before zod), which breaks the first call
 * of a page and not the build. Each build finds its groups anew (a watching build's modules
 * change).
 */
function startChecksAcyclic(): Plugin {
  return {
    name: 'glossa:start-checks-acyclic',
    apply: 'build',
    buildStart() {
      startChecks = undefined;
    },
    generateBundle(_options, bundle) {
      const files = Object.values(bundle).filter(
        (file) => file.type === 'chunk' && file.name.startsWith('start-checks'),
      );
      const imports = new Map(
        files.map((file) => [file.fileName, file.type === 'chunk' ? file.imports : []]),
      );
      const visiting = new Set<string>();
      const done = new Set<string>();
      const visit = (file: string, path: string[]): void => {
        if (done.has(file) || !imports.has(file)) return;
        if (visiting.has(file)) this.error(`start checks import in a cycle: ${path.join(' → ')}`);
        visiting.add(file);
        for (const imported of imports.get(file) ?? []) visit(imported, [...path, imported]);
        visiting.delete(file);
        done.add(file);
      };
      for (const file of imports.keys()) visit(file, [file]);
    },
  };
}

/**
 * Fails the build unless the contract's zod-setup.ts runs before any schema of the contract is
 * made: it turns off zod's trial of `new Function`, which the Content-Security-Policy reports as a
 * violation on every page (decision 0031). The contract's index imports it first, but a schema
 * module imports zod only: so zod-setup.ts must be in the file of zod's core, which every schema
 * module's file imports, before any module of the contract there (startChecksGroup puts it there).
 */
function zodSetupFirst(): Plugin {
  const setup = path.join(import.meta.dirname, '../../packages/contract/src/zod-setup.ts');
  const contract = path.dirname(setup) + path.sep;
  const zodCore = `${path.sep}node_modules${path.sep}zod${path.sep}v4${path.sep}core${path.sep}core.js`;
  return {
    name: 'glossa:zod-setup-first',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !file.moduleIds.some((module) => module.endsWith(zodCore))) {
          continue;
        }
        const at = file.moduleIds.indexOf(setup);
        const early = file.moduleIds
          .slice(0, at === -1 ? undefined : at)
          .filter((module) => module.startsWith(contract));
        if (at === -1 || early.length > 0) {
          this.error(`${file.fileName} holds zod's core but not the contract's zod-setup.ts first`);
        }
      }
    },
  };
}

/**
 * React Router's package names only its development build, whose warnings cost the phone a fifth
 * of the study page's start-up work (remix-run/react-router#14102, open): a production build takes
 * the production files the package ships beside them (decision 0031, fifth pass).
 */
const reactRouterProduction = [
  { find: /^react-router$/, file: 'index.mjs' },
  { find: /^react-router\/dom$/, file: 'dom-export.mjs' },
].map(({ find, file }) => ({
  find,
  replacement: path.join(
    path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
    'dist/production',
    file,
  ),
}));

/**
 * The modules every /app page imports as it starts to check its first answers (app-shells.mjs's
 * `appStart`, and the route groups of each page's `pageStart`), in a few files: as rolldown would
 * split them by which lazy modules import them, they came as some thirty files of a kilobyte or
 * two, each a request before the page could show over HTTP/1.1 (decision 0031, twelfth pass).
 * `start-checks` holds zod, the contract's zod-setup.ts, the app's loader of the schemas
 * (contract-schemas.ts) and the live socket's modules, with the schema modules they reach; each
 * route group the pages start with (`api/user.ts`…) gets a file of its own with the schema modules
 * it reaches first, so that its schemas are still made in a task of their own when its first call
 * is sent (contract-schemas.ts), not all in one long task as the files are run. A contract module
 * without a schema (a limit, a list of languages) stays where rolldown puts it: the pages import
 * those at once, and with them they would load these files.
 */
let startChecks: Map<string, string> | undefined;
function startChecksGroup(id: string, ctx: ChunkingContext): string | null {
  if (!startChecks) {
    const web = (module: string) => path.join(import.meta.dirname, module);
    const contract = web('../../packages/contract/src') + path.sep;
    const api = path.join(contract, 'api') + path.sep;
    const isSchemaModule = (module: string) =>
      module.includes(`${path.sep}node_modules${path.sep}zod${path.sep}`) ||
      (module.startsWith(contract) &&
        !module.startsWith(path.join(contract, 'messages')) &&
        (module.startsWith(api) ||
          /\bfrom ['"]zod['"]/.test(ctx.getModuleInfo(module)?.code ?? '')));
    const groups = new Map<string, string>();
    /** The root and the schema modules it reaches that no group has yet, into `name`. */
    const claim = (root: string, name: string) => {
      if (groups.has(root)) return;
      groups.set(root, name);
      const stack = [root];
      for (let module = stack.pop(); module !== undefined; module = stack.pop()) {
        for (const imported of ctx.getModuleInfo(module)?.importedIds ?? []) {
          if (groups.has(imported) || !isSchemaModule(imported)) continue;
          groups.set(imported, name);
          stack.push(imported);
        }
      }
    };
    const roots = [...appStart, ...Object.values(pageStart).flat()]
      .filter((module) => module.startsWith('src/lib/') || module.includes('/contract/src/'))
      .map(web);
    // zod's setup with zod (zodSetupFirst), the loader and the socket with what they need, then
    // each route group with what is left of its schemas. A group claims everything it reaches
    // that is not claimed yet, so a file imports only from files claimed before it: no cycle
    // between them, which could run a module before one it needs.
    claim(path.join(contract, 'zod-setup.ts'), 'start-checks');
    for (const root of roots.filter((module) => !module.startsWith(api))) {
      claim(root, 'start-checks');
    }
    for (const root of roots.filter((module) => module.startsWith(api))) {
      claim(root, `start-checks-${path.basename(root, '.ts')}`);
    }
    startChecks = groups;
  }
  return startChecks.get(id) ?? null;
}

export default defineConfig(({ mode }) => ({
  // Lingui's macros (Trans, t, plural) become catalog look-ups, and each .po catalog imported by
  // lib/i18n.ts is compiled into its own chunk; a missing translation fails the build (decision
  // 0037).
  plugins: [
    react(),
    lingui({
      cwd: import.meta.dirname,
      macroTransform: true,
      failOnMissing: true,
      failOnCompileError: true,
    }),
    serviceWorkerPrecache(),
    entryCompileHint(),
    moduleChunks(),
    zodSetupFirst(),
    startChecksAcyclic(),
  ],
  resolve: {
    alias: [
      {
        find: 'use-sync-external-store/shim',
        replacement: fileURLToPath(
          new URL('src/lib/shims/use-sync-external-store.ts', import.meta.url),
        ),
      },
      ...(mode === 'production' ? reactRouterProduction : []),
    ],
  },
  json: { namedExports: false, stringify: true },
  build: {
    outDir: 'dist',
    // Kept for reading a stack trace on the build machine, never linked nor served (decision 0031).
    sourcemap: 'hidden',
    // Read by scripts/build-public.mjs's neighbour, the budget check (scripts/budget.mjs).
    manifest: true,
    // No polyfill for <link rel="modulepreload"> in the entry: every browser the app supports has
    // it but Safari before 17, which then fetches a page's files when it imports them (decision
    // 0031, fourth pass: the bytes went to the /app pages' budget).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { index: 'index.html', sw: 'src/service-worker/sw.ts' },
      // A route group of the start checks, imported with `import()` by the loader, is also
      // imported by the contract's index of groups: that the import moves it into no file of its
      // own is rolldown's warning, but startChecksGroup gives it one.
      onLog(level, log, handler) {
        const inStartChecks = log.id !== undefined && startChecks?.has(log.id);
        if (log.code === 'INEFFECTIVE_DYNAMIC_IMPORT' && inStartChecks) return;
        handler(level, log);
      },
      output: {
        // The worker keeps one address at the root, so it controls every page and can change.
        entryFileNames: (chunk) =>
          chunk.name === 'sw' ? serviceWorkerFile : 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [
            // What the entry imports at once, in one file beside it rather than a dozen small
            // ones split out because lazy pages share them: on a phone each file costs a round
            // trip more than its bytes (decision 0031's addendum).
            {
              name: 'shell',
              tags: ['$initial'],
              test: (id) => !id.includes('/src/service-worker/'),
            },
            // The forms' useForm (src/lib/use-form.ts) in react-hook-form's file, which every
            // form loads with it, rather than a small file of its own: a round trip less.
            {
              name: 'react-hook-form',
              test: (id) =>
                id.includes('/node_modules/react-hook-form/') ||
                id.endsWith('/src/lib/use-form.ts'),
            },
            // The contract's checks the /app pages need as they start, in a few files.
            {
              name: startChecksGroup,
              debugName: 'start-checks',
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://127.0.0.1:3000', ws: true } },
  },
}));
