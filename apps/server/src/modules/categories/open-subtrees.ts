import type { Db } from '../../db/database';
import { listSubtrees, pathIds, type CategoryRow } from './categories.repository';

/**
 * The categories a category opens to anyone it lets in without a role of theirs further down: the
 * category and those under it that no private category (itself included) hides, as resolveAccess
 * walks them (docs/decisions/0004-sharing.md). What a membership on it opens (an invitation's
 * cards), and what strangers read of a public deck (explore). Each root's list, parents first.
 * `asPublished`: the roots as if they were public whatever they are (the owner's preview of what
 * strangers would read of a category once published).
 */
export async function openSubtrees(
  db: Db,
  roots: { id: string; ownerId: string; path: string }[],
  { asPublished = false }: { asPublished?: boolean } = {},
): Promise<Map<string, CategoryRow[]>> {
  const subtree = await listSubtrees(db, roots);
  const byId = new Map(subtree.map((category) => [category.id, category]));
  const opened = new Map<string, CategoryRow[]>();
  for (const root of roots) {
    const depth = pathIds(root.path).length;
    const reached = subtree.filter((category) => {
      if (category.owner_id !== root.ownerId) return false;
      const ids = pathIds(category.path);
      if (ids[depth - 1] !== root.id) return false;
      return ids
        .slice(asPublished ? depth : depth - 1)
        .every((id) => byId.get(id)?.visibility !== 'private');
    });
    opened.set(
      root.id,
      reached.sort(
        (a, b) =>
          a.depth - b.depth || a.name_lower.localeCompare(b.name_lower) || a.id.localeCompare(b.id),
      ),
    );
  }
  return opened;
}
