import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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

export interface BulkActionsProps {
  ids: readonly string[];
  categories: readonly CategoryOption[];
  onDone(): void;
}

/** Move or delete the selected cards: all of them or none. */
export function BulkActions({ ids, categories, onDone }: BulkActionsProps) {
  const { t } = useLingui();
  const selectId = useId();
  const selected = ids.length;
  const [target, setTarget] = useState('');
  const [confirming, setConfirming] = useState(false);
  const move = useBulkMove();
  const remove = useBulkDelete();

  const onMove = async () => {
    try {
      const count = await move.mutateAsync({ ids, categoryId: target === 'none' ? null : target });
      toast.success(t`${plural(count, { one: '# card moved.', other: '# cards moved.' })}`);
      onDone();
    } catch (error) {
      toast.failure(failureMessage(error, t`The cards could not be moved. Try again.`));
    }
  };

  const onDelete = async () => {
    try {
      const count = await remove.mutateAsync(ids);
      setConfirming(false);
      toast.success(t`${plural(count, { one: '# card deleted.', other: '# cards deleted.' })}`);
      onDone();
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <div className={browseStyles.bulk} role="toolbar" aria-label={t`Selected cards`}>
      <span className={styles.bulkCount}>
        {t`${plural(selected, { one: '# selected', other: '# selected' })}`}
      </span>
      <label htmlFor={selectId} className={styles.srOnly}>
        <Trans>Move to</Trans>
      </label>
      <select
        id={selectId}
        className={browseStyles.select}
        value={target}
        onChange={(event) => setTarget(event.target.value)}
      >
        <option value="">{t`Move to…`}</option>
        <option value="none">{t`No category`}</option>
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
        <Trans>Move</Trans>
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
            <Trans>Delete</Trans>
          </Button>
        }
        title={t`${plural(selected, { one: 'Delete # card?', other: 'Delete # cards?' })}`}
        description={t`The cards and their review history will be gone for good.`}
      >
        <FormAlert
          message={
            remove.error
              ? failureMessage(remove.error, t`The cards could not be deleted. Try again.`)
              : undefined
          }
        />
        <DialogActions>
          <DialogClose>
            <Button variant="secondary">
              <Trans>Cancel</Trans>
            </Button>
          </DialogClose>
          <Button variant="danger" loading={remove.isPending} onClick={() => void onDelete()}>
            {t`${plural(selected, { one: 'Delete # card', other: 'Delete # cards' })}`}
          </Button>
        </DialogActions>
      </Dialog>
      <Button size="sm" variant="ghost" onClick={onDone}>
        <Trans>Clear selection</Trans>
      </Button>
    </div>
  );
}
