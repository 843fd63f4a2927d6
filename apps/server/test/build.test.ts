import fs from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startWorker, workerEntry } from '../src/workers/start-worker';

// The build that the global setup made (build.mjs), as `npm start` and the image run it.
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(serverDir, 'dist');

interface Metafile {
  outputs: Record<string, { imports: { path: string; external?: boolean }[] }>;
}

function dependenciesOf(dir: string): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  return Object.keys(manifest.dependencies ?? {});
}

/** `kysely/helpers/postgres` → kysely, `@fastify/static` → itself. */
const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

function workerSources(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.worker.ts'));
}

describe('the compiled server', () => {
  it('imports nothing at run time but Node and the production dependencies (no tsx, no esbuild)', () => {
    const metafile = JSON.parse(
      fs.readFileSync(path.join(dist, 'metafile.json'), 'utf8'),
    ) as Metafile;
    // The workspace's packages are bundled; what they import is installed with them.
    const production = new Set([
      ...dependenciesOf(serverDir),
      ...dependenciesOf(path.join(serverDir, '../../packages/contract')),
      ...dependenciesOf(path.join(serverDir, '../../packages/srs')),
    ]);
    const imported = new Set(
      Object.values(metafile.outputs).flatMap((output) =>
        output.imports.filter((i) => i.external).map((i) => i.path),
      ),
    );
    const unexpected = [...imported].filter(
      (specifier) =>
        !specifier.startsWith('node:') &&
        !builtinModules.includes(specifier) &&
        (packageName(specifier).startsWith('@glossa/') || !production.has(packageName(specifier))),
    );
    expect(unexpected).toEqual([]);
    expect(imported).toContain('fastify');
    expect([...imported].some((specifier) => /^(tsx|esbuild)(\/|$)/.test(specifier))).toBe(false);
  });

  it('has every worker thread beside main.js, found there whatever folder its source is in', () => {
    const sources = workerSources(path.join(serverDir, 'src'));
    expect(sources.length).toBeGreaterThanOrEqual(2);
    for (const source of sources) {
      const name = path.basename(source, '.ts');
      expect(fs.existsSync(path.join(dist, `${name}.js`)), name).toBe(true);
      const entry = workerEntry(pathToFileURL(path.join(serverDir, 'src', source)));
      expect(fileURLToPath(entry)).toBe(path.join(dist, `${name}.js`));
    }
    const moved = new URL('file:///elsewhere/src/modules/study/writer/review-writer.worker.ts');
    expect(fileURLToPath(workerEntry(moved))).toBe(path.join(dist, 'review-writer.worker.js'));
  });

  it('starts a thread from its build: the fit thread answers a fit', async () => {
    const worker = startWorker(new URL('../src/modules/fit/fit.worker.ts', import.meta.url));
    try {
      const answer = await new Promise<unknown>((resolve, reject) => {
        worker.once('message', resolve);
        worker.once('error', reject);
        worker.postMessage({ id: 7, payload: 'not a fit input' });
      });
      // Its own answer to a bad input: the thread runs and reports instead of dying.
      expect(answer).toMatchObject({ id: 7, error: expect.any(String) });
    } finally {
      await worker.terminate();
    }
  });
});
