import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The server's imports, read from its sources: no two modules may depend on each other, through
// however many others, and no two files may import each other. A module's repository is refused
// to other modules by lint (eslint.config.js); docs/decisions/0010-module-boundaries.md.

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

const isSource = (file: string) =>
  /\.(ts|mjs)$/.test(file) && !/\.test\.ts$|[.-]test-support\.ts$/.test(file);

/** Every source file of the server, tests aside, by its path from src. */
function sourceFiles(): string[] {
  return fs
    .readdirSync(src, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter(isSource)
    .sort();
}

/** The source file an import names, if it is one of the server's. */
function resolveImport(from: string, specifier: string, files: Set<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  return [target, `${target}.ts`, `${target}/index.ts`].find((file) => files.has(file));
}

/** Each file's imports of other server files, type-only ones and re-exports included. */
function importGraph(): Map<string, Set<string>> {
  const files = sourceFiles();
  const known = new Set(files);
  return new Map(
    files.map((file) => {
      const text = fs.readFileSync(path.join(src, file), 'utf8');
      const imports = ts
        .preProcessFile(text, true, true)
        .importedFiles.flatMap(({ fileName }) => resolveImport(file, fileName, known) ?? []);
      return [file, new Set(imports)];
    }),
  );
}

/** The module a file belongs to (src/modules/<module>/…), if any. */
const moduleOf = (file: string) => /^modules\/([^/]+)\//.exec(file)?.[1];

/** The groups of nodes that reach each other (Tarjan's strongly connected components, > 1 node). */
function circles<N>(graph: Map<N, Set<N>>): N[][] {
  const index = new Map<N, number>();
  const low = new Map<N, number>();
  const stack: N[] = [];
  const found: N[][] = [];
  const visit = (node: N) => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: N[] = [];
      let member: N | undefined;
      do {
        member = stack.pop();
        if (member !== undefined) component.push(member);
      } while (member !== undefined && member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the server import graph', () => {
  const graph = importGraph();

  it('reads the imports of every source file', () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(graph.get('modules/cards/cards.service.ts')).toContain(
      'modules/categories/category-scope.service.ts',
    );
    expect(graph.get('app.ts')).toContain('modules/index.ts');
  });

  it('has no circle of modules', () => {
    const modules = new Map<string, Set<string>>();
    const imports: { from: string; to: string; line: string }[] = [];
    for (const [file, targets] of graph) {
      const from = moduleOf(file);
      if (!from) continue;
      const reached = modules.get(from) ?? new Set<string>();
      modules.set(from, reached);
      for (const target of targets) {
        const to = moduleOf(target);
        if (!to || to === from) continue;
        reached.add(to);
        imports.push({ from, to, line: `${file} -> ${target}` });
      }
    }
    // Each circle with the imports that make it, to show where to cut.
    const found = circles(modules).map((members) => ({
      modules: members,
      imports: imports
        .filter(({ from, to }) => members.includes(from) && members.includes(to))
        .map(({ line }) => line),
    }));
    expect(found).toEqual([]);
  });

  it('has no circle of files', () => {
    expect(circles(graph)).toEqual([]);
  });
});
