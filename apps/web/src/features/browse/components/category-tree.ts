import type { CategoryTreeEntry } from '@glossa/contract';
import { inTreeOrder } from '../../../lib/category-order';

export interface CategoryOption {
  id: string;
  label: string;
  depth: number;
  canHoldCards: boolean;
}

/** Categories in tree order (children under their parent, by name), with their depth. */
export function categoryOptions(items: readonly CategoryTreeEntry[]): CategoryOption[] {
  return inTreeOrder(items).map(({ item, depth }) => ({
    id: item.id,
    label: item.name,
    depth,
    canHoldCards: item.role === 'owner' || item.role === 'editor',
  }));
}

/** The option text, indented by depth with no-break spaces (a select shows no padding). */
export function indented(option: CategoryOption): string {
  return `${'\u00a0\u00a0\u00a0'.repeat(option.depth)}${option.label}`;
}
