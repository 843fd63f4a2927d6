import { categoryLimits } from '@glossa/contract';
import { afterEach, expect } from 'vitest';
import type { Db } from '../src/db/database';
import type { TestApp } from './app';

/**
 * What must hold of every category tree, whatever ran before (docs/decisions/0015): each
 * category's chain of parents ends at a root without passing through itself, within the
 * documented depth (categoryLimits.depthMax), through categories of the same owner; its stored
 * depth, path and parent_key agree with that chain. Answers one line per broken category.
 */
export async function treeProblems(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('categories')
    .select(['id', 'owner_id', 'parent_id', 'parent_key', 'path', 'depth'])
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const problems: string[] = [];
  for (const row of rows) {
    const chain = [row.id];
    const seen = new Set(chain);
    let current = row;
    let broken: string | undefined;
    while (current.parent_id !== null) {
      const parent = byId.get(current.parent_id);
      if (!parent) {
        broken = `its ancestor ${current.id} has a parent ${current.parent_id} that does not exist`;
        break;
      }
      if (parent.owner_id !== row.owner_id) {
        broken = `its ancestor ${parent.id} belongs to another owner`;
        break;
      }
      if (seen.has(parent.id)) {
        broken = `its parents make a cycle through ${parent.id}`;
        break;
      }
      seen.add(parent.id);
      chain.unshift(parent.id);
      current = parent;
    }
    const problem = (what: string) => problems.push(`category ${row.id}: ${what}`);
    if (broken) {
      problem(broken);
      continue;
    }
    if (chain.length > categoryLimits.depthMax) {
      problem(`${chain.length} levels deep, past the limit of ${categoryLimits.depthMax}`);
    }
    if (row.depth !== chain.length) problem(`depth ${row.depth}, its chain ${chain.length}`);
    const path = chain.join('/');
    if (row.path !== path) problem(`path ${row.path}, its chain ${path}`);
    if (row.parent_key !== (row.parent_id ?? '')) {
      problem(`parent_key "${row.parent_key}" for parent ${row.parent_id}`);
    }
  }
  return problems;
}

/** Fails the test when a tree of the database is broken (treeProblems). */
export async function expectTreesIntact(db: Db): Promise<void> {
  expect(await treeProblems(db)).toEqual([]);
}

/** Checks every tree of the file's app after each of its tests. */
export function checkTreesAfterEach(app: () => TestApp | undefined): void {
  afterEach(async () => {
    const t = app();
    if (t) await expectTreesIntact(t.app.deps.db);
  });
}
