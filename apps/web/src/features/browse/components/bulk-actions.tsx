import { useId, useState } from 'react';
import { Button } from '../../../components/button';
import { Dialog, DialogActions, DialogClose } from '../../../components/dialog';
import { FormAlert } from '../../../components/form/form-alert';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useBulkDelete, useBulkMove } from '../api/browse-requests';
import browseStyles from '../browse.module.css';
import styles from './bulk-actions.module.css';
import { indented, type CategoryOption } from './category-tree';

function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}

function plural(count: number): string {
  return `${count} card${count === 1 ? '' : 's'}`;
}

export interface BulkActionsProps {
  ids: readonly string[];
  categories: readonly CategoryOption[];
  onDone(): void;
}

/** Move or delete the selected cards: all of them or none. */
export function BulkActions({ ids, categories, onDone }: BulkActionsProps) {
  const selectId = useId();
  const [target, setTarget] = useState('');
  const [confirming, setConfirming] = useState(false);
  const move = useBulkMove();
  const remove = useBulkDelete();

  const onMove = async () => {
    try {
      const count = await move.mutateAsync({ ids, categoryId: target === 'none' ? null : target });
      toast.success(`${plural(count)} moved.`);
      onDone();
    } catch (error) {
      toast.failure(failureMessage(error, 'The cards could not be moved. Try again.'));
    }
  };

  const onDelete = async () => {
    try {
      const count = await remove.mutateAsync(ids);
      setConfirming(false);
      toast.success(`${plural(count)} deleted.`);
      onDone();
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <div className={browseStyles.bulk} role="toolbar" aria-label="Selected cards">
      <span className={styles.bulkCount}>{ids.length} selected</span>
      <label htmlFor={selectId} className={styles.srOnly}>
        Move to
      </label>
      <select
        id={selectId}
        className={browseStyles.select}
        value={target}
        onChange={(event) => setTarget(event.target.value)}
      >
        <option value="">Move to…</option>
        <option value="none">No category</option>
        {categories
          .filter((category) => category.canHoldCards)
          .map((category) => (
            <option key={category.id} value={category.id}>
              {indented(category)}
            </option>
          ))}
      </select>
      <Button
        size="sm"
        variant="secondary"
        disabled={target === ''}
        loading={move.isPending}
        onClick={() => void onMove()}
      >
        Move
      </Button>
      <Dialog
        alert
        open={confirming}
        onOpenChange={(next) => {
          setConfirming(next);
          if (!next) remove.reset();
        }}
        trigger={
          <Button size="sm" variant="danger">
            Delete
          </Button>
        }
        title={`Delete ${plural(ids.length)}?`}
        description="The cards and their review history will be gone for good."
      >
        <FormAlert
          message={
            remove.error
              ? failureMessage(remove.error, 'The cards could not be deleted. Try again.')
              : undefined
          }
        />
        <DialogActions>
          <DialogClose>
            <Button variant="secondary">Cancel</Button>
          </DialogClose>
          <Button variant="danger" loading={remove.isPending} onClick={() => void onDelete()}>
            Delete {plural(ids.length)}
          </Button>
        </DialogActions>
      </Dialog>
      <Button size="sm" variant="ghost" onClick={onDone}>
        Clear selection
      </Button>
    </div>
  );
}
