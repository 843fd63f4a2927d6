import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const sourceDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function cssModules(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.module.css'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

describe('CSS modules', () => {
  // `composes: x from './other.module.css'` makes postcss-modules parse the other file without
  // its name, and Vite's build then warns that "A PostCSS plugin did not pass the `from` option"
  // (and could rewrite that file's url()s wrongly). A shared class is applied beside the local
  // one in the component instead.
  it('never compose a class from another file', () => {
    const offenders = cssModules(sourceDir).filter((file) =>
      /composes\s*:[^;]*\bfrom\b/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(offenders.map((file) => path.relative(sourceDir, file))).toEqual([]);
  });
});
