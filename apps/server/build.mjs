// Builds the server to JavaScript in dist/ (docs/decisions/0011-compiled-server.md), so that it
// runs on plain `node dist/main.js` with its production dependencies only:
// - main.js (the server), admin.js (the admin command line) and one file per worker thread,
//   every `src/**/*.worker.ts` as dist/<its name>.js, all side by side, so that a thread is found
//   beside whichever bundle starts it (src/workers/start-worker.ts);
// - npm packages stay imports, resolved from node_modules at run time; the workspace's own
//   packages (@glossa/contract, @glossa/srs) are bundled, since they export TypeScript sources;
// - the files the code reads beside itself are copied beside the bundles.
//
// `node build.mjs` builds; `node build.mjs --if-stale` builds only when dist/ is missing or older
// than the sources (npm start, npm run admin).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const serverDir = path.dirname(fileURLToPath(import.meta.url));
const repositoryRoot = path.resolve(serverDir, '../..');
const outdir = path.join(serverDir, 'dist');

/** Read at run time from beside the code (`new URL('./…', import.meta.url)`). */
const assets = ['src/db/sqlite-writer.worker.mjs', 'src/security/common-passwords.txt'];

/** What the build reads: when any of it is newer than dist/main.js, the build is stale. */
const sources = [
  'apps/server/src',
  'apps/server/build.mjs',
  'apps/server/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'packages/srs/src',
  'packages/srs/package.json',
];

function filesUnder(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

/** The newest modification time of a file, or of the files under a folder (0: none). */
export function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...filesUnder(target).map((file) => fs.statSync(file).mtimeMs));
}

export function buildIsStale() {
  const built = newestMtime(path.join(outdir, 'main.js'));
  const newest = Math.max(
    ...sources.map((source) => newestMtime(path.join(repositoryRoot, source))),
  );
  return built === 0 || built < newest;
}

/** Every entry: its name in dist/ → its source. */
function entryPoints() {
  const entries = { main: 'src/main.ts', admin: 'src/cli/admin.ts' };
  for (const file of filesUnder(path.join(serverDir, 'src'))) {
    if (!file.endsWith('.worker.ts')) continue;
    const name = path.basename(file, '.ts');
    if (name in entries) throw new Error(`Two worker threads are named ${name}.ts`);
    entries[name] = path.relative(serverDir, file);
  }
  return entries;
}

/** The workspace's packages that the server uses: bundled from their sources. */
function workspacePackages() {
  const manifest = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8'));
  const names = Object.keys(manifest.dependencies).filter((name) => name.startsWith('@glossa/'));
  return Object.fromEntries(
    names
      .map((name) => {
        const dir = path.join(repositoryRoot, 'packages', name.slice('@glossa/'.length));
        const { exports } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
        return Object.entries(exports).map(([subpath, file]) => [
          path.posix.join(name, subpath),
          path.join(dir, file),
        ]);
      })
      .flat(),
  );
}

/** Writes a file under a temporary name, then renames it: no process ever reads half of it. */
function writeWhole(file, contents) {
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, contents);
  fs.renameSync(partial, file);
}

/** Builds dist/, with the esbuild metafile (what each output imports) beside the bundles. */
async function buildServer() {
  // Imported here, so that `--if-stale` with a fresh build needs no dev dependency.
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: serverDir,
    entryPoints: entryPoints(),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    alias: workspacePackages(),
    sourcemap: true,
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  fs.mkdirSync(outdir, { recursive: true });
  const written = new Set();
  for (const output of result.outputFiles) {
    writeWhole(output.path, output.contents);
    written.add(output.path);
  }
  for (const asset of assets) {
    const target = path.join(outdir, path.basename(asset));
    writeWhole(target, fs.readFileSync(path.join(serverDir, asset)));
    written.add(target);
  }
  const metafile = path.join(outdir, 'metafile.json');
  writeWhole(metafile, JSON.stringify(result.metafile));
  written.add(metafile);
  // Outputs of entries that no longer exist.
  for (const file of filesUnder(outdir)) {
    if (!written.has(file) && !file.endsWith('.partial')) fs.rmSync(file, { force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (process.argv.includes('--if-stale') && !buildIsStale()) process.exit(0);
  const started = performance.now();
  await buildServer();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.error(
    `Built the server into ${path.relative(process.cwd(), outdir) || '.'} in ${seconds} s`,
  );
}
