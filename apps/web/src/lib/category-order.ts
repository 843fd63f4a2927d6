/** Sibling categories sort by name, ignoring case and accents. */
export function compareCategoryNames(a: { name: string }, b: { name: string }): number {
  return a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
}

interface TreeItem {
  id: string;
  parentId: string | null;
  name: string;
}

/**
 * Categories in tree order: each under its parent, siblings by name, with their depth from 0.
 * One whose parent is not in the list (null, or a parent left out) is at the top level.
 */
export function inTreeOrder<T extends TreeItem>(items: readonly T[]): { item: T; depth: number }[] {
  const ids = new Set(items.map((item) => item.id));
  const children = new Map<string | null, T[]>();
  for (const item of items) {
    const parent = item.parentId !== null && ids.has(item.parentId) ? item.parentId : null;
    const siblings = children.get(parent);
    if (siblings) siblings.push(item);
    else children.set(parent, [item]);
  }
  const result: { item: T; depth: number }[] = [];
  const visit = (parent: string | null, depth: number) => {
    for (const item of (children.get(parent) ?? []).sort(compareCategoryNames)) {
      result.push({ item, depth });
      visit(item.id, depth + 1);
    }
  };
  visit(null, 0);
  return result;
}
