import type { CategoryRole, CategoryTreeEntry, Visibility } from '@glossa/contract';
import { i18n } from '@lingui/core';
import { plural, select, t } from '@lingui/core/macro';
import { compareCategoryNames } from '../../../lib/category-order';

export interface TreeNode {
  item: CategoryTreeEntry;
  children: TreeNode[];
  depth: number;
  parent: TreeNode | null;
  /** Its cards and those of every sub-category below it in the list. */
  cardTotal: number;
}

function byName(a: TreeNode, b: TreeNode): number {
  return compareCategoryNames(a.item, b.item);
}

/**
 * Nests the flat list of GET /api/categories. A category whose parent is not in the list (null,
 * or a parent the caller may not see) is shown at the top level. Siblings sort by name; each node
 * counts the cards below it (a shared tree past the list's bound counts those it lists).
 */
export function buildTree(items: readonly CategoryTreeEntry[]): TreeNode[] {
  const nodes = new Map<string, TreeNode>();
  for (const item of items) {
    nodes.set(item.id, { item, children: [], depth: 1, parent: null, cardTotal: item.cardCount });
  }
  const roots: TreeNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.item.parentId ? nodes.get(node.item.parentId) : undefined;
    if (parent) {
      node.parent = parent;
      parent.children.push(node);
    } else {
      roots.push(node);
    }
  }
  const settle = (list: TreeNode[], depth: number) => {
    list.sort(byName);
    for (const node of list) {
      node.depth = depth;
      settle(node.children, depth + 1);
      node.cardTotal =
        node.item.cardCount + node.children.reduce((sum, child) => sum + child.cardTotal, 0);
    }
  };
  settle(roots, 1);
  return roots;
}

/** The nodes a reader sees, top to bottom: every root, and children of expanded nodes. */
export function visibleNodes(
  roots: readonly TreeNode[],
  expanded: ReadonlySet<string>,
): TreeNode[] {
  const out: TreeNode[] = [];
  const walk = (list: readonly TreeNode[]) => {
    for (const node of list) {
      out.push(node);
      if (expanded.has(node.item.id)) walk(node.children);
    }
  };
  walk(roots);
  return out;
}

/** The ids of a node and of everything below it. */
export function subtreeIds(node: TreeNode): Set<string> {
  const ids = new Set<string>();
  const walk = (current: TreeNode) => {
    ids.add(current.item.id);
    current.children.forEach(walk);
  };
  walk(node);
  return ids;
}

export function findNode(roots: readonly TreeNode[], id: string): TreeNode | undefined {
  for (const node of roots) {
    if (node.item.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/** Whether the category `id` is somewhere below the node (not the node itself). */
export function isInside(node: TreeNode, id: string): boolean {
  return node.children.some((child) => child.item.id === id || isInside(child, id));
}

/** The ids from the root down to the node's parent, to expand so the node shows. */
export function ancestorIds(node: TreeNode): string[] {
  const ids: string[] = [];
  for (let current = node.parent; current; current = current.parent) ids.unshift(current.item.id);
  return ids;
}

/** "Shared", "Public" or nothing: how far a category reaches beyond its owner. */
/** What the labels below read of a category: a tree entry or a member view's category. */
interface Labelled {
  name: string;
  visibility: Visibility;
  role: CategoryRole | null;
  cardCount: number;
  owner?: { username: string };
}

export function visibilityLabel(item: Labelled): string | null {
  if (item.visibility === 'shared') return t`Shared`;
  if (item.visibility === 'public') return t`Public`;
  return null;
}

/** For a category the caller does not own: "Editor · shared by ada". */
export function membershipLabel(item: Labelled): string | null {
  if (item.role === 'owner') return null;
  const role = item.role === 'editor' ? t`Editor` : item.role === 'viewer' ? t`Viewer` : t`Reader`;
  // Another owner's categories always name their owner.
  const owner = item.owner?.username;
  return owner ? t`${role} · from ${owner}` : role;
}

/** "1 card", "5,000 cards": imports make large counts, so they are grouped. */
export function cardCountText(cardCount: number): string {
  return t`${plural(cardCount, { one: '# card', other: '# cards' })}`;
}

/**
 * The count of a tree row: its cards with those of its sub-categories, "12 cards (2 here)" when
 * they hold some.
 */
export function cardTotalText(own: number, total: number): string {
  if (total <= own) return cardCountText(own);
  const cards = cardCountText(total);
  const here = i18n.number(own);
  return t`${cards} (${here} here)`;
}

/**
 * What a screen reader hears for an item: its name, reach, membership and card count (`total`:
 * with its sub-categories').
 */
export function describeItem(
  item: Labelled,
  shared: string | null,
  membership: string | null,
  total = item.cardCount,
): string {
  return [item.name, shared, membership, cardTotalText(item.cardCount, total)]
    .filter(Boolean)
    .join(', ');
}

/** What a refused change of a category changed elsewhere says (the tree then loads again). */
export function changedElsewhereMessage(
  name: string,
  what: 'renamed' | 'moved',
  next: string,
): string {
  return t`Changed elsewhere: “${name}” was changed in another tab or on another device since this tree was shown, so it was ${select(what, { renamed: 'not renamed', other: 'not moved' })}. The tree now shows the current version. ${next}`;
}
