import type { CategoryTreeItem } from '@glossa/contract';

export interface CategoryOption {
  id: string;
  label: string;
  depth: number;
  canHoldCards: boolean;
}

/** Categories in tree order (children under their parent, by name), with their depth. */
export function categoryOptions(items: readonly CategoryTreeItem[]): CategoryOption[] {
  const ids = new Set(items.map((item) => item.id));
  const children = new Map<string | null, CategoryTreeItem[]>();
  for (const item of items) {
    const parent = item.parentId !== null && ids.has(item.parentId) ? item.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), item]);
  }
  const result: CategoryOption[] = [];
  const visit = (parent: string | null, depth: number) => {
    const list = [...(children.get(parent) ?? [])].sort((a, b) => a.name.localeCompare(b.name));
    for (const item of list) {
      result.push({
        id: item.id,
        label: item.name,
        depth,
        canHoldCards: item.role === 'owner' || item.role === 'editor',
      });
      visit(item.id, depth + 1);
    }
  };
  visit(null, 0);
  return result;
}

/** The option text, indented by depth with no-break spaces (a select shows no padding). */
export function indented(option: CategoryOption): string {
  return `${'\u00a0\u00a0\u00a0'.repeat(option.depth)}${option.label}`;
}
