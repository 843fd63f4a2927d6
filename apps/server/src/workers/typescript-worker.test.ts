import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundleOf, startTypeScriptWorker } from './typescript-worker';

const entry = new URL('../../test/echo.worker.ts', import.meta.url);

describe('startTypeScriptWorker', () => {
  it('runs a TypeScript entry bundled with the workspace packages, import.meta.url kept', async () => {
    const worker = await startTypeScriptWorker(entry, { n: 3 });
    const answer = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(answer).toEqual({ data: { n: 3 }, score: 1, ownSource: true });
  });

  it('bundles the entry once, into a file named by its content (not through tsx’s hooks)', async () => {
    const bundle = await bundleOf(entry);
    expect(bundle?.pathname).toMatch(
      /\/node_modules\/\.cache\/glossa-workers\/echo\.worker-[0-9a-f]{16}\.mjs$/,
    );
    expect(await bundleOf(entry)).toBe(bundle);
    const code = fs.readFileSync(bundle ?? '', 'utf8');
    // The workspace package is inside; npm packages stay imports.
    expect(code).toContain('function scoreGuess');
    expect(code).not.toMatch(/from ["']@glossa\/srs["']/);
  });
});
