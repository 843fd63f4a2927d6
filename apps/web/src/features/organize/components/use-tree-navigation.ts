import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { ancestorIds, findNode, visibleNodes, type TreeNode } from './tree-model';

export interface TreeNavigationOptions {
  roots: readonly TreeNode[];
  /** The category shown beside the tree (from the URL), if any. */
  currentId: string | undefined;
  /** The item whose name is being edited: a click on it must not open it. */
  renamingId: string | null;
  onOpen(id: string): void;
  /** F2 on an owned item. */
  onRename(node: TreeNode): void;
  /** Delete on an owned item. */
  onDelete(node: TreeNode): void;
}

/**
 * Expansion, the active item and the keyboard of the WAI-ARIA tree view: arrows move and expand,
 * Home/End jump, Enter opens, F2 renames, Delete deletes. The focus follows the active item
 * (roving tabindex).
 */
export function useTreeNavigation({
  roots,
  currentId,
  renamingId,
  onOpen,
  onRename,
  onDelete,
}: TreeNavigationOptions) {
  const [expanded, setExpanded] = useState<Set<string>>(() => {
    const current = currentId ? findNode(roots, currentId) : undefined;
    return new Set(current ? ancestorIds(current) : []);
  });
  const [activeId, setActiveId] = useState<string | undefined>(currentId);
  const [seenCurrentId, setSeenCurrentId] = useState(currentId);
  const itemRefs = useRef(new Map<string, HTMLLIElement>());

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

  // Keyboard moves keep the focus on the active item (roving tabindex).
  const [focusRequest, setFocusRequest] = useState(0);
  const handledFocusRequest = useRef(0);
  useEffect(() => {
    // Only a new request moves the focus; a refetched tree must not pull it from elsewhere.
    if (focusRequest === handledFocusRequest.current || !active) return;
    handledFocusRequest.current = focusRequest;
    itemRefs.current.get(active.item.id)?.focus();
  }, [focusRequest, active]);

  /** Puts the focus back on the active item (after a rename, for one). */
  const requestFocus = () => setFocusRequest((count) => count + 1);

  const itemRef = (id: string, element: HTMLLIElement | null) => {
    if (element) itemRefs.current.set(id, element);
    else itemRefs.current.delete(id);
  };

  const moveTo = (node: TreeNode | undefined) => {
    if (!node) return;
    setActiveId(node.item.id);
    requestFocus();
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
          onRename(node);
        }
        break;
      case 'Delete':
        if (node.item.role === 'owner') {
          handled();
          onDelete(node);
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

  return {
    expanded,
    visible,
    active,
    setActiveId,
    setOpen,
    requestFocus,
    itemRef,
    onItemKeyDown,
    onItemClick,
  };
}
