import type { CategoryTreeItem } from '@glossa/contract';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Button } from '../../../components/button';
import { Icon } from '../../../components/icon';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useUpdateCategory } from '../api/organize-requests';
import styles from '../organize.module.css';
import { CreateCategoryDialog, DeleteCategoryDialog, MoveCategoryDialog } from './category-dialogs';
import { RenameInput } from './rename-input';
import {
  ancestorIds,
  buildTree,
  cardCountText,
  findNode,
  membershipLabel,
  visibilityLabel,
  visibleNodes,
  type TreeNode,
} from './tree-model';
import { useTreeDrag } from './use-tree-drag';

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
  const [expanded, setExpanded] = useState<Set<string>>(() => {
    const current = currentId ? findNode(roots, currentId) : undefined;
    return new Set(current ? ancestorIds(current) : []);
  });
  const [activeId, setActiveId] = useState<string | undefined>(currentId);
  const [seenCurrentId, setSeenCurrentId] = useState(currentId);
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogKind>(null);
  const itemRefs = useRef(new Map<string, HTMLLIElement>());
  const update = useUpdateCategory();

  // Opening another category (a link, the browser's back) selects it and reveals it.
  if (currentId !== seenCurrentId) {
    setSeenCurrentId(currentId);
    if (currentId) {
      setActiveId(currentId);
      const current = findNode(roots, currentId);
      if (current) setExpanded((previous) => new Set([...previous, ...ancestorIds(current)]));
    }
  }

  const visible = useMemo(() => visibleNodes(roots, expanded), [roots, expanded]);
  const active =
    (activeId ? visible.find((node) => node.item.id === activeId) : undefined) ?? visible[0];
  const owned = useMemo(
    () =>
      visibleNodes(roots, new Set(items.map((item) => item.id))).filter(
        (node) => node.item.role === 'owner',
      ),
    [roots, items],
  );
  const activeOwned = active?.item.role === 'owner';

  // Keyboard moves keep the focus on the active item (roving tabindex).
  const [focusRequest, setFocusRequest] = useState(0);
  const handledFocusRequest = useRef(0);
  useEffect(() => {
    // Only a new request moves the focus; a refetched tree must not pull it from elsewhere.
    if (focusRequest === handledFocusRequest.current || !active) return;
    handledFocusRequest.current = focusRequest;
    itemRefs.current.get(active.item.id)?.focus();
  }, [focusRequest, active]);

  const moveTo = (node: TreeNode | undefined) => {
    if (!node) return;
    setActiveId(node.item.id);
    setFocusRequest((count) => count + 1);
  };

  const setOpen = (id: string, open: boolean) =>
    setExpanded((previous) => {
      const next = new Set(previous);
      if (open) next.add(id);
      else next.delete(id);
      return next;
    });

  const onItemKeyDown = (event: KeyboardEvent<HTMLLIElement>, node: TreeNode) => {
    if (event.target !== event.currentTarget) return;
    event.stopPropagation();
    const index = visible.indexOf(node);
    const isOpen = expanded.has(node.item.id);
    const handled = () => event.preventDefault();
    switch (event.key) {
      case 'ArrowDown':
        handled();
        moveTo(visible[index + 1]);
        break;
      case 'ArrowUp':
        handled();
        moveTo(visible[index - 1]);
        break;
      case 'Home':
        handled();
        moveTo(visible[0]);
        break;
      case 'End':
        handled();
        moveTo(visible[visible.length - 1]);
        break;
      case 'ArrowRight':
        handled();
        if (node.children.length === 0) break;
        if (isOpen) moveTo(node.children[0]);
        else setOpen(node.item.id, true);
        break;
      case 'ArrowLeft':
        handled();
        if (isOpen && node.children.length > 0) setOpen(node.item.id, false);
        else moveTo(node.parent ?? undefined);
        break;
      case 'Enter':
        handled();
        onOpen(node.item.id);
        break;
      case 'F2':
        if (node.item.role === 'owner') {
          handled();
          setRenamingId(node.item.id);
        }
        break;
      case 'Delete':
        if (node.item.role === 'owner') {
          handled();
          setDialog('delete');
        }
        break;
    }
  };

  const onItemClick = (event: MouseEvent<HTMLLIElement>, node: TreeNode) => {
    event.stopPropagation();
    if (renamingId === node.item.id) return;
    setActiveId(node.item.id);
    const toggle = (event.target as Element).closest('[data-toggle]');
    if (toggle && node.children.length > 0) setOpen(node.item.id, !expanded.has(node.item.id));
    else onOpen(node.item.id);
  };

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
    setFocusRequest((count) => count + 1);
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

  const renderNode = (node: TreeNode) => {
    const id = node.item.id;
    const hasChildren = node.children.length > 0;
    const isOpen = expanded.has(id);
    const isActive = active?.item.id === id;
    const shared = visibilityLabel(node.item);
    const membership = membershipLabel(node.item);
    return (
      <li
        key={id}
        ref={(element) => {
          if (element) itemRefs.current.set(id, element);
          else itemRefs.current.delete(id);
        }}
        role="treeitem"
        aria-level={node.depth}
        aria-expanded={hasChildren ? isOpen : undefined}
        aria-selected={isActive}
        aria-current={currentId === id ? 'page' : undefined}
        aria-label={renamingId === id ? undefined : describe(node.item, shared, membership)}
        tabIndex={isActive ? 0 : -1}
        className={styles.treeItem}
        onKeyDown={(event) => onItemKeyDown(event, node)}
        onClick={(event) => onItemClick(event, node)}
        {...drag.itemProps(node)}
      >
        <div
          className={styles.treeRow}
          style={{ paddingInlineStart: `calc(${node.depth - 1} * 1.1rem + 0.25rem)` }}
          data-active={isActive || undefined}
          data-current={currentId === id || undefined}
          data-drop={drag.dropId === id || undefined}
        >
          <span className={styles.toggle} data-toggle={hasChildren || undefined} aria-hidden="true">
            {hasChildren ? (
              <Icon
                name="chevronDown"
                size={16}
                className={isOpen ? undefined : styles.collapsed}
              />
            ) : null}
          </span>
          <Icon name="organize" size={16} className={styles.folder} />
          {renamingId === id ? (
            <RenameInput
              name={node.item.name}
              onSave={(name) => rename(node, name)}
              onCancel={() => {
                setRenamingId(null);
                setFocusRequest((count) => count + 1);
              }}
              pending={update.isPending}
            />
          ) : (
            // The full name on hover where a narrow tree cuts it.
            <span className={styles.treeName} title={node.item.name}>
              {node.item.name}
            </span>
          )}
          {shared ? (
            <span className={styles.badge} aria-hidden="true">
              <Icon name={node.item.visibility === 'public' ? 'explore' : 'user'} size={14} />
              {shared}
            </span>
          ) : null}
          {membership ? (
            <span className={styles.badge} data-tone="member" aria-hidden="true">
              <Icon name="user" size={14} />
              {membership}
            </span>
          ) : null}
          <span className={styles.count} aria-hidden="true">
            {node.item.cardCount.toLocaleString()}
          </span>
        </div>
        {hasChildren && isOpen ? (
          <ul role="group" className={styles.treeGroup}>
            {node.children.map(renderNode)}
          </ul>
        ) : null}
      </li>
    );
  };

  return (
    <div className={styles.treePanel}>
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
        <p className={styles.muted}>
          Selected: <strong>{active.item.name}</strong>
        </p>
      ) : null}
      {visible.length === 0 ? (
        <p className={styles.muted}>No categories yet. Create one to file your cards.</p>
      ) : (
        <ul
          id="category-tree"
          role="tree"
          aria-label="Categories"
          aria-describedby="category-tree-help"
          className={styles.tree}
        >
          {roots.map(renderNode)}
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

function isInside(node: TreeNode, id: string): boolean {
  return node.children.some((child) => child.item.id === id || isInside(child, id));
}

/** What a screen reader hears for an item: its name, reach, membership and card count. */
function describe(
  item: CategoryTreeItem,
  shared: string | null,
  membership: string | null,
): string {
  return [item.name, shared, membership, cardCountText(item.cardCount)].filter(Boolean).join(', ');
}
