import type { CategoryTreeEntry } from '@glossa/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { Button } from '../../../components/button';
import { ApiError } from '../../../lib/api-client';
import { isStaleVersion } from '../../../lib/stale-version';
import { toast } from '../../../lib/toast';
import { useUpdateCategory } from '../api/organize-requests';
import organizeStyles from '../organize.module.css';
import styles from './category-tree.module.css';
import { CreateCategoryDialog, DeleteCategoryDialog, MoveCategoryDialog } from './category-dialogs';
import { CategoryTreeRow, type CategoryTreeRowContext } from './category-tree-row';
import {
  buildTree,
  changedElsewhereMessage,
  findNode,
  isInside,
  visibleNodes,
  type TreeNode,
} from './tree-model';
import { useTreeDrag } from './use-tree-drag';
import { useTreeNavigation } from './use-tree-navigation';

export interface CategoryTreeProps {
  items: readonly CategoryTreeEntry[];
  /** The category shown beside the tree (from the URL), if any. */
  currentId: string | undefined;
  onOpen(id: string): void;
  /** After the current category was deleted. */
  onCurrentDeleted(): void;
}

/** The open dialog, and the category it acts on (none for a new category). */
type OpenDialog = { kind: 'create' } | { kind: 'move' | 'delete'; node: TreeNode } | null;

function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

/**
 * The category tree (WAI-ARIA tree view): arrows move and expand, Home/End jump, Enter opens,
 * F2 renames, Delete deletes the focused item. The selected category is the one open beside the
 * tree: "Selected: X" names it and the toolbar acts on it. Owned categories move by drag and drop
 * or with "Move to…".
 */
export function CategoryTree({ items, currentId, onOpen, onCurrentDeleted }: CategoryTreeProps) {
  const { t } = useLingui();
  const roots = useMemo(() => buildTree(items), [items]);
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
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
    onDelete: (node) => setDialog({ kind: 'delete', node }),
  });

  const owned = useMemo(
    () =>
      visibleNodes(roots, new Set(items.map((item) => item.id))).filter(
        (node) => node.item.role === 'owner',
      ),
    [roots, items],
  );
  const selected = currentId ? findNode(roots, currentId) : undefined;
  const selectedOwned = selected?.item.role === 'owner' ? selected : undefined;
  const selectedName = selected?.item.name;

  /** Resolves false when the server refused the name (the field stays open to try again). */
  const rename = async (node: TreeNode, name: string): Promise<boolean> => {
    const trimmed = name.trim();
    if (trimmed !== '' && trimmed !== node.item.name) {
      try {
        await update.mutateAsync({
          id: node.item.id,
          body: { name: trimmed, expectedVersion: node.item.version },
        });
      } catch (error) {
        toast.failure(
          isStaleVersion(error)
            ? changedElsewhereMessage(
                node.item.name,
                'renamed',
                t`Your name “${trimmed}” is still in the field: press Enter to apply it, or Escape to keep the current one.`,
              )
            : failureMessage(error, t`The category could not be renamed.`),
        );
        return false;
      }
      toast.success(t`Renamed to “${trimmed}”.`);
    }
    setRenamingId(null);
    requestFocus();
    return true;
  };

  const moveByDrop = async (id: string, parentId: string | null) => {
    const node = findNode(roots, id);
    if (!node || node.item.parentId === parentId) return;
    try {
      await update.mutateAsync({ id, body: { parentId, expectedVersion: node.item.version } });
      const name = node.item.name;
      toast.success(t`“${name}” moved.`);
      if (parentId) setOpen(parentId, true);
    } catch (error) {
      toast.failure(
        isStaleVersion(error)
          ? changedElsewhereMessage(node.item.name, 'moved', t`Drag it again to move it.`)
          : failureMessage(error, t`The category could not be moved.`),
      );
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
        aria-label={t`Category actions`}
        aria-controls="category-tree"
      >
        <Button size="sm" onClick={() => setDialog({ kind: 'create' })}>
          <Trans>New category</Trans>
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={!selectedOwned}
          onClick={() => selectedOwned && setRenamingId(selectedOwned.item.id)}
        >
          <Trans>Rename</Trans>
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={!selectedOwned}
          onClick={() => selectedOwned && setDialog({ kind: 'move', node: selectedOwned })}
        >
          <Trans>Move to…</Trans>
        </Button>
        <Button
          size="sm"
          variant="danger"
          disabled={!selectedOwned}
          onClick={() => selectedOwned && setDialog({ kind: 'delete', node: selectedOwned })}
        >
          <Trans>Delete</Trans>
        </Button>
      </div>
      <p className={organizeStyles.muted}>
        {selectedName !== undefined ? (
          <Trans>
            Selected: <strong>{selectedName}</strong>
          </Trans>
        ) : (
          <Trans>No category selected: open one to rename, move or delete it.</Trans>
        )}
      </p>
      {visible.length === 0 ? (
        <p className={organizeStyles.muted}>
          <Trans>No categories yet. Create one to file your cards.</Trans>
        </p>
      ) : (
        <ul
          id="category-tree"
          role="tree"
          aria-label={t`Categories`}
          aria-describedby="category-tree-help"
          className={styles.tree}
        >
          {roots.map((node) => (
            <CategoryTreeRow key={node.item.id} node={node} tree={rowContext} />
          ))}
        </ul>
      )}
      <p id="category-tree-help" className={styles.hint}>
        <Trans>
          Arrow keys move and expand, Enter opens, F2 renames, Delete deletes. Drag a category onto
          another to move it, or use “Move to…”.
        </Trans>
      </p>
      {drag.dragId ? (
        <div className={styles.rootDrop} {...drag.rootZoneProps}>
          <Trans>Drop here to move to the top level</Trans>
        </div>
      ) : null}
      <CreateCategoryDialog
        open={dialog?.kind === 'create'}
        onOpenChange={(open) => setDialog(open ? { kind: 'create' } : null)}
        owned={owned}
        defaultParentId={selectedOwned?.item.id ?? null}
        onCreated={(_id, parentId) => {
          // The new category shows under its parent; the selection stays where the learner was.
          if (parentId) setOpen(parentId, true);
        }}
      />
      {dialog?.kind === 'move' ? (
        <MoveCategoryDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          node={dialog.node}
          owned={owned}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <DeleteCategoryDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          node={dialog.node}
          onDeleted={() => {
            const { node } = dialog;
            setActiveId(node.parent?.item.id);
            if (currentId === node.item.id || (currentId && isInside(node, currentId)))
              onCurrentDeleted();
          }}
        />
      ) : null}
    </div>
  );
}
