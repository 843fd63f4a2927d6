import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build, type Plugin } from 'esbuild';

/**
 * Worker threads whose entry is TypeScript source. Node 20 does not apply a loader given to a
 * worker in `execArgv` to the worker's own entry, and loading the module graph through tsx's
 * hooks costs about a second: every module, kysely's hundreds of files included, is a round trip
 * to the hooks' thread. So the entry and the workspace's own sources are bundled once per process
 * (about 0.1 s) into one ES module under this package's `node_modules/.cache`, where its imports
 * of npm packages resolve as they would from the sources; the thread then starts in a few tens of
 * milliseconds. Should the bundle not be written (a read-only install), the thread loads its entry
 * through tsx as before.
 */

const require = createRequire(import.meta.url);
const serverRoot = fileURLToPath(new URL('../..', import.meta.url));
const cacheDir = path.join(serverRoot, 'node_modules', '.cache', 'glossa-workers');
/** Bundles of other versions of the sources are removed once this old. */
const staleMs = 24 * 60 * 60 * 1000;

/** The workspace's packages (`@glossa/…`), which export TypeScript: bundled, not imported. */
function workspaceAliases(): Record<string, string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(serverRoot, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  return Object.fromEntries(
    Object.keys(manifest.dependencies)
      .filter((name) => name.startsWith('@glossa/'))
      .map((name) => [name, require.resolve(name)]),
  );
}

/**
 * Each module keeps its own `import.meta.url`, so what it reads beside itself (a word list, a
 * thread's entry) is found from the bundle too.
 */
const ownImportMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(on) {
    on.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/** Writes the bundle of `entry`, named by its content (threads of any process may share it). */
async function writeBundle(entry: URL): Promise<URL> {
  const result = await build({
    entryPoints: [fileURLToPath(entry)],
    // Paths in the bundle relative to this package whatever the process's directory, so that
    // every process of the same sources writes the same file.
    absWorkingDir: serverRoot,
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: workspaceAliases(),
    plugins: [ownImportMetaUrl],
    sourcemap: 'inline',
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]?.contents;
  if (!code) throw new Error(`esbuild gave no bundle for ${entry.href}`);
  const name = path.basename(fileURLToPath(entry), '.ts');
  const hash = createHash('sha256').update(code).digest('hex').slice(0, 16);
  const file = path.join(cacheDir, `${name}-${hash}.mjs`);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(cacheDir, { recursive: true });
    // Written aside and renamed: a thread of another process never reads half a file.
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, code);
    fs.renameSync(partial, file);
    removeStale(name, file);
  }
  return pathToFileURL(file);
}

function removeStale(name: string, current: string) {
  const now = Date.now();
  for (const other of fs.readdirSync(cacheDir)) {
    const file = path.join(cacheDir, other);
    if (file === current || !other.startsWith(`${name}-`)) continue;
    if (now - fs.statSync(file).mtimeMs > staleMs) fs.rmSync(file, { force: true });
  }
}

const bundles = new Map<string, Promise<URL | null>>();

/** The entry's bundle, built on first use in this process; null when it could not be written. */
export function bundleOf(entry: URL): Promise<URL | null> {
  let bundle = bundles.get(entry.href);
  if (!bundle) {
    bundle = writeBundle(entry).catch(() => null);
    bundles.set(entry.href, bundle);
  }
  return bundle;
}

const tsxBootstrap = `
const { workerData } = require('node:worker_threads');
import(workerData.tsxApi)
  .then(({ tsImport }) => tsImport(workerData.entry, workerData.parent))
  .catch((error) => setImmediate(() => { throw error; }));
`;

function tsxEsmApi(): string {
  const manifest = require('tsx/package.json') as {
    exports: Record<string, { import?: { default?: string } }>;
  };
  const file = manifest.exports['./esm/api']?.import?.default ?? './dist/esm/api/index.mjs';
  return pathToFileURL(path.join(path.dirname(require.resolve('tsx/package.json')), file)).href;
}

const loaderFlags = new Set(['--import', '--require', '-r', '--loader', '--experimental-loader']);

/**
 * The process's flags for a bundle's thread, but not its module loaders (tsx's, when it runs the
 * server): the bundle needs none, and they would send every import through their hooks again.
 */
function bundleExecArgv(): string[] {
  const flags: string[] = [];
  for (let i = 0; i < process.execArgv.length; i++) {
    const flag = process.execArgv[i] ?? '';
    const [name = ''] = flag.split('=');
    if (!loaderFlags.has(name)) flags.push(flag);
    // The loader's module, given as the next argument.
    else if (!flag.includes('=')) i++;
  }
  return [...flags, '--enable-source-maps'];
}

/** Starts a thread running `entry` (a .ts module's URL); it reads `data` as workerData.data. */
export async function startTypeScriptWorker(entry: URL, data?: unknown): Promise<Worker> {
  const bundle = await bundleOf(entry);
  if (bundle) return new Worker(bundle, { workerData: { data }, execArgv: bundleExecArgv() });
  return new Worker(tsxBootstrap, {
    eval: true,
    workerData: { tsxApi: tsxEsmApi(), entry: entry.href, parent: import.meta.url, data },
  });
}
