import { useState, type DragEvent } from 'react';
import type { TreeNode } from './tree-model';

export interface TreeDragOptions {
  canDrag(node: TreeNode): boolean;
  canDrop(node: TreeNode): boolean;
  /** Move the dragged category under `parentId` (null: the top level). */
  onMove(id: string, parentId: string | null): void;
}

/** Native drag and drop for the tree: items move onto other items or onto the top-level zone. */
export function useTreeDrag({ canDrag, canDrop, onMove }: TreeDragOptions) {
  const [dragId, setDragId] = useState<string | null>(null);
  /** The item under the pointer, '' for the top-level zone. */
  const [dropId, setDropId] = useState<string | null>(null);

  const finish = (event: DragEvent<HTMLElement>): string | null => {
    event.preventDefault();
    event.stopPropagation();
    const id = event.dataTransfer.getData('text/plain') || dragId;
    setDragId(null);
    setDropId(null);
    return id;
  };

  const itemProps = (node: TreeNode) => {
    const draggable = canDrag(node);
    const target = dragId !== null && dragId !== node.item.id && canDrop(node);
    return {
      draggable,
      onDragStart: (event: DragEvent<HTMLLIElement>) => {
        event.stopPropagation();
        if (!draggable) return;
        event.dataTransfer.setData('text/plain', node.item.id);
        event.dataTransfer.effectAllowed = 'move';
        setDragId(node.item.id);
      },
      onDragEnd: () => {
        setDragId(null);
        setDropId(null);
      },
      onDragOver: (event: DragEvent<HTMLLIElement>) => {
        event.stopPropagation();
        if (!target) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        if (dropId !== node.item.id) setDropId(node.item.id);
      },
      onDragLeave: (event: DragEvent<HTMLLIElement>) => {
        event.stopPropagation();
        if (dropId === node.item.id) setDropId(null);
      },
      onDrop: (event: DragEvent<HTMLLIElement>) => {
        const id = finish(event);
        if (id && id !== node.item.id && canDrop(node)) onMove(id, node.item.id);
      },
    };
  };

  const rootZoneProps = {
    'data-drop': dropId === '' || undefined,
    onDragOver: (event: DragEvent<HTMLDivElement>) => {
      event.preventDefault();
      setDropId('');
    },
    onDragLeave: () => setDropId(null),
    onDrop: (event: DragEvent<HTMLDivElement>) => {
      const id = finish(event);
      if (id) onMove(id, null);
    },
  };

  return { dragId, dropId, itemProps, rootZoneProps };
}
