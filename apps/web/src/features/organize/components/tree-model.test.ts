import { describe, expect, it } from 'vitest';
import { categoryFixture as category, categoryTree } from '../../../test/render';
import {
  ancestorIds,
  buildTree,
  cardTotalText,
  describeItem,
  findNode,
  isInside,
  membershipLabel,
  visibilityLabel,
  visibleNodes,
  type TreeNode,
} from './tree-model';

const languages = category({ id: 'c-lang', name: 'Languages' });
const verbs = category({ id: 'c-verbs', name: 'Verbs', parentId: 'c-lang' });
const irregular = category({ id: 'c-irregular', name: 'Irregular', parentId: 'c-verbs' });
const nouns = category({ id: 'c-nouns', name: 'Nouns', parentId: 'c-lang' });
const travel = category({ id: 'c-travel', name: 'travel' });
const roots = buildTree(categoryTree([verbs, travel, irregular, languages, nouns]).items);

function node(id: string): TreeNode {
  const found = findNode(roots, id);
  if (!found) throw new Error(`No node ${id}`);
  return found;
}

describe('tree model', () => {
  it('nests the flat list, sorts siblings by name and counts the depth', () => {
    expect(roots.map((root) => root.item.id)).toEqual(['c-lang', 'c-travel']);
    expect(node('c-lang').children.map((child) => child.item.id)).toEqual(['c-nouns', 'c-verbs']);
    expect(node('c-irregular').depth).toBe(3);
    expect(ancestorIds(node('c-irregular'))).toEqual(['c-lang', 'c-verbs']);
  });

  it('shows only the children of expanded nodes', () => {
    const ids = (expanded: string[]) =>
      visibleNodes(roots, new Set(expanded)).map((visible) => visible.item.id);
    expect(ids([])).toEqual(['c-lang', 'c-travel']);
    expect(ids(['c-lang'])).toEqual(['c-lang', 'c-nouns', 'c-verbs', 'c-travel']);
    // A collapsed parent hides an expanded child's children.
    expect(ids(['c-verbs'])).toEqual(['c-lang', 'c-travel']);
  });

  it('tells whether a category is anywhere below a node, never the node itself', () => {
    expect(isInside(node('c-lang'), 'c-verbs')).toBe(true);
    expect(isInside(node('c-lang'), 'c-irregular')).toBe(true);
    expect(isInside(node('c-lang'), 'c-lang')).toBe(false);
    expect(isInside(node('c-verbs'), 'c-nouns')).toBe(false);
    expect(isInside(node('c-travel'), 'c-lang')).toBe(false);
  });

  it('describes an item by its name, reach, membership and card count', () => {
    const own = category({ id: 'a', name: 'Languages', cardCount: 3 });
    expect(describeItem(own, visibilityLabel(own), membershipLabel(own))).toBe(
      'Languages, 3 cards',
    );
    const shared = category({
      id: 'b',
      name: 'Travel',
      owner: { id: 'user-2', username: 'bob' },
      visibility: 'shared',
      role: 'viewer',
      cardCount: 1,
    });
    expect(describeItem(shared, visibilityLabel(shared), membershipLabel(shared))).toBe(
      'Travel, Shared, Viewer · from bob, 1 card',
    );
    const big = category({ id: 'c', name: 'Imported', visibility: 'public', cardCount: 5000 });
    expect(describeItem(big, visibilityLabel(big), membershipLabel(big))).toBe(
      `Imported, Public, ${(5000).toLocaleString()} cards`,
    );
  });

  it('counts the cards of a node with those of its sub-categories', () => {
    const counted = buildTree(
      categoryTree([
        category({ id: 'l', name: 'Languages', cardCount: 2 }),
        category({ id: 'v', name: 'Verbs', parentId: 'l', cardCount: 5 }),
        category({ id: 'i', name: 'Irregular', parentId: 'v', cardCount: 5 }),
      ]).items,
    );
    const [root] = counted;
    expect(root?.cardTotal).toBe(12);
    expect(root?.children[0]?.cardTotal).toBe(10);
    expect(cardTotalText(2, 12)).toBe('12 cards (2 here)');
    expect(cardTotalText(3, 3)).toBe('3 cards');
    const item = category({ id: 'l', name: 'Languages', cardCount: 2 });
    expect(describeItem(item, null, null, 12)).toBe('Languages, 12 cards (2 here)');
  });
});
