import type { CategoryTreeItem } from '@glossa/contract';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/button';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useUpdateCategory } from '../api/organize-requests';
import organizeStyles from '../organize.module.css';
import styles from './category-tree.module.css';
import { CreateCategoryDialog, DeleteCategoryDialog, MoveCategoryDialog } from './category-dialogs';
import { CategoryTreeRow, type CategoryTreeRowContext } from './category-tree-row';
import { buildTree, findNode, isInside, visibleNodes, type TreeNode } from './tree-model';
import { useTreeDrag } from './use-tree-drag';
import { useTreeNavigation } from './use-tree-navigation';

export interface CategoryTreeProps {
  items: readonly CategoryTreeItem[];
  /** The category shown beside the tree (from the URL), if any. */
  currentId: string | undefined;
  onOpen(id: string): void;
  /** After the current category was deleted. */
  onCurrentDeleted(): void;
}

type DialogKind = 'create' | 'move' | 'delete' | null;

function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * The category tree (WAI-ARIA tree view): arrows move and expand, Home/End jump, Enter opens,
 * F2 renames, Delete deletes. Owned categories move by drag and drop or with "Move to…".
 */
export function CategoryTree({ items, currentId, onOpen, onCurrentDeleted }: CategoryTreeProps) {
  const roots = useMemo(() => buildTree(items), [items]);
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogKind>(null);
  const update = useUpdateCategory();
  const {
    expanded,
    visible,
    active,
    setActiveId,
    setOpen,
    requestFocus,
    itemRef,
    onItemKeyDown,
    onItemClick,
  } = useTreeNavigation({
    roots,
    currentId,
    renamingId,
    onOpen,
    onRename: (node) => setRenamingId(node.item.id),
    onDelete: () => setDialog('delete'),
  });

  const owned = useMemo(
    () =>
      visibleNodes(roots, new Set(items.map((item) => item.id))).filter(
        (node) => node.item.role === 'owner',
      ),
    [roots, items],
  );
  const activeOwned = active?.item.role === 'owner';

  /** Resolves false when the server refused the name (the field stays open to try again). */
  const rename = async (node: TreeNode, name: string): Promise<boolean> => {
    const trimmed = name.trim();
    if (trimmed !== '' && trimmed !== node.item.name) {
      try {
        await update.mutateAsync({ id: node.item.id, body: { name: trimmed } });
      } catch (error) {
        toast.failure(failureMessage(error, 'The category could not be renamed.'));
        return false;
      }
      toast.success(`Renamed to “${trimmed}”.`);
    }
    setRenamingId(null);
    requestFocus();
    return true;
  };

  const moveByDrop = async (id: string, parentId: string | null) => {
    const node = findNode(roots, id);
    if (!node || node.item.parentId === parentId) return;
    try {
      await update.mutateAsync({ id, body: { parentId } });
      toast.success(`“${node.item.name}” moved.`);
      if (parentId) setOpen(parentId, true);
    } catch (error) {
      toast.failure(failureMessage(error, 'The category could not be moved.'));
    }
  };

  const drag = useTreeDrag({
    canDrag: (node) => node.item.role === 'owner' && renamingId === null,
    // Only the learner's own categories take sub-categories; the server checks for cycles.
    canDrop: (node) => node.item.role === 'owner',
    onMove: (id, parentId) => void moveByDrop(id, parentId),
  });

  const rowContext: CategoryTreeRowContext = {
    expanded,
    activeId: active?.item.id,
    currentId,
    renamingId,
    renamePending: update.isPending,
    drag,
    itemRef,
    onKeyDown: onItemKeyDown,
    onClick: onItemClick,
    onRename: rename,
    onRenameCancel: () => {
      setRenamingId(null);
      requestFocus();
    },
  };

  return (
    <div className={organizeStyles.stack}>
      <div
        className={styles.treeToolbar}
        role="group"
        aria-label="Category actions"
        aria-controls="category-tree"
      >
        <Button size="sm" onClick={() => setDialog('create')}>
          New category
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={!activeOwned}
          onClick={() => active && setRenamingId(active.item.id)}
        >
          Rename
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={!activeOwned}
          onClick={() => setDialog('move')}
        >
          Move to…
        </Button>
        <Button
          size="sm"
          variant="danger"
          disabled={!activeOwned}
          onClick={() => setDialog('delete')}
        >
          Delete
        </Button>
      </div>
      {active ? (
        <p className={organizeStyles.muted}>
          Selected: <strong>{active.item.name}</strong>
        </p>
      ) : null}
      {visible.length === 0 ? (
        <p className={organizeStyles.muted}>No categories yet. Create one to file your cards.</p>
      ) : (
        <ul
          id="category-tree"
          role="tree"
          aria-label="Categories"
          aria-describedby="category-tree-help"
          className={styles.tree}
        >
          {roots.map((node) => (
            <CategoryTreeRow key={node.item.id} node={node} tree={rowContext} />
          ))}
        </ul>
      )}
      <p id="category-tree-help" className={styles.hint}>
        Arrow keys move and expand, Enter opens, F2 renames, Delete deletes. Drag a category onto
        another to move it, or use “Move to…”.
      </p>
      {drag.dragId ? (
        <div className={styles.rootDrop} {...drag.rootZoneProps}>
          Drop here to move to the top level
        </div>
      ) : null}
      <CreateCategoryDialog
        open={dialog === 'create'}
        onOpenChange={(open) => setDialog(open ? 'create' : null)}
        parent={activeOwned && active ? active : null}
        onCreated={(id) => {
          if (active && activeOwned) setOpen(active.item.id, true);
          setActiveId(id);
        }}
      />
      {active && activeOwned && dialog === 'move' ? (
        <MoveCategoryDialog
          open
          onOpenChange={(open) => setDialog(open ? 'move' : null)}
          node={active}
          owned={owned}
        />
      ) : null}
      {active && activeOwned && dialog === 'delete' ? (
        <DeleteCategoryDialog
          open
          onOpenChange={(open) => setDialog(open ? 'delete' : null)}
          node={active}
          onDeleted={() => {
            const deleted = active.item.id;
            setActiveId(active.parent?.item.id);
            if (currentId === deleted || (currentId && isInside(active, currentId)))
              onCurrentDeleted();
          }}
        />
      ) : null}
    </div>
  );
}
