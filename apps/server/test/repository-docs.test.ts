import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The README and every Markdown file under docs/. */
function documents(): string[] {
  const docs = fs
    .readdirSync(path.join(root, 'docs'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.join(entry.parentPath, entry.name));
  return [path.join(root, 'README.md'), ...docs];
}

describe('the repository’s docs', () => {
  it('link only to files inside the repository, which exist', () => {
    const broken: string[] = [];
    for (const file of documents()) {
      const text = fs.readFileSync(file, 'utf8');
      for (const [, target = ''] of text.matchAll(/\]\(([^)\s#]+)(?:#[^)]*)?\)/g)) {
        if (/^[a-z]+:/i.test(target)) continue;
        const resolved = path.resolve(path.dirname(file), target);
        if (!resolved.startsWith(root) || !fs.existsSync(resolved)) {
          broken.push(`${path.relative(root, file)} → ${target}`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('name no design file outside the repository (the product docs are docs/design.md and docs/scheduler.md)', () => {
    const outside = documents()
      .filter((file) => /(?<![\w/])(DESIGN|SCHEDULER)\.md/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(outside).toEqual([]);
    expect(fs.existsSync(path.join(root, 'docs/design.md'))).toBe(true);
    expect(fs.existsSync(path.join(root, 'docs/scheduler.md'))).toBe(true);
  });
});
