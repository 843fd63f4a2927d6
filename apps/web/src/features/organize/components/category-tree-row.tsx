import type { KeyboardEvent, MouseEvent } from 'react';
import { Icon } from '../../../components/icon';
import organizeStyles from '../organize.module.css';
import styles from './category-tree.module.css';
import { RenameInput } from './rename-input';
import {
  cardTotalText,
  describeItem,
  membershipLabel,
  visibilityLabel,
  type TreeNode,
} from './tree-model';
import type { useTreeDrag } from './use-tree-drag';

/** What every row of one tree shares: the tree's state and handlers, passed down unchanged. */
export interface CategoryTreeRowContext {
  expanded: ReadonlySet<string>;
  activeId: string | undefined;
  currentId: string | undefined;
  renamingId: string | null;
  renamePending: boolean;
  drag: Pick<ReturnType<typeof useTreeDrag>, 'dropId' | 'itemProps'>;
  itemRef(id: string, element: HTMLLIElement | null): void;
  onKeyDown(event: KeyboardEvent<HTMLLIElement>, node: TreeNode): void;
  onClick(event: MouseEvent<HTMLLIElement>, node: TreeNode): void;
  /** Resolves false when the server refused the name (the field stays open to try again). */
  onRename(node: TreeNode, name: string): Promise<boolean>;
  onRenameCancel(): void;
}

export interface CategoryTreeRowProps {
  node: TreeNode;
  tree: CategoryTreeRowContext;
}

/** One treeitem: its row (toggle, name or rename field, badges, count) and its open children. */
export function CategoryTreeRow({ node, tree }: CategoryTreeRowProps) {
  const { expanded, activeId, currentId, renamingId, drag } = tree;
  const id = node.item.id;
  const hasChildren = node.children.length > 0;
  const isOpen = expanded.has(id);
  const isActive = activeId === id;
  const shared = visibilityLabel(node.item);
  const membership = membershipLabel(node.item);
  return (
    <li
      ref={(element) => {
        tree.itemRef(id, element);
      }}
      role="treeitem"
      aria-level={node.depth}
      aria-expanded={hasChildren ? isOpen : undefined}
      aria-selected={isActive}
      aria-current={currentId === id ? 'page' : undefined}
      aria-label={
        renamingId === id ? undefined : describeItem(node.item, shared, membership, node.cardTotal)
      }
      tabIndex={isActive ? 0 : -1}
      className={styles.treeItem}
      onKeyDown={(event) => tree.onKeyDown(event, node)}
      onClick={(event) => tree.onClick(event, node)}
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
              className={isOpen ? undefined : organizeStyles.collapsed}
            />
          ) : null}
        </span>
        <Icon name="organize" size={16} className={styles.folder} />
        {renamingId === id ? (
          <RenameInput
            name={node.item.name}
            onSave={(name) => tree.onRename(node, name)}
            onCancel={tree.onRenameCancel}
            pending={tree.renamePending}
          />
        ) : (
          // The full name on hover where a narrow tree cuts it.
          <span className={styles.treeName} title={node.item.name}>
            {node.item.name}
          </span>
        )}
        {shared ? (
          <span className={`${organizeStyles.badge} ${styles.rowBadge}`} aria-hidden="true">
            <Icon name={node.item.visibility === 'public' ? 'explore' : 'user'} size={14} />
            {shared}
          </span>
        ) : null}
        {membership ? (
          <span
            className={`${organizeStyles.badge} ${styles.rowBadge}`}
            data-tone="member"
            aria-hidden="true"
          >
            <Icon name="user" size={14} />
            {membership}
          </span>
        ) : null}
        <span
          className={styles.count}
          aria-hidden="true"
          title={cardTotalText(node.item.cardCount, node.cardTotal)}
        >
          {node.cardTotal.toLocaleString()}
        </span>
      </div>
      {hasChildren && isOpen ? (
        <ul role="group" className={styles.treeGroup}>
          {node.children.map((child) => (
            <CategoryTreeRow key={child.item.id} node={child} tree={tree} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
