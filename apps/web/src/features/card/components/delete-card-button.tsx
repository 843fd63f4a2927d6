import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { FormAlert } from '../../../components/form/form-alert';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteCard } from '../api/card-requests';
import styles from '../card.module.css';

/** Deletes the card after a confirmation, then goes back to browse. */
export function DeleteCardButton({ id, front }: { id: string; front: string }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteCard(id);
  const navigate = useNavigate();

  const onConfirm = async () => {
    try {
      await remove.mutateAsync();
      setOpen(false);
      toast.success(`Card “${front}” deleted.`);
      await navigate(paths.app.browse.getHref(), { replace: true });
    } catch {
      // The message is shown in the dialog.
    }
  };

  return (
    <AlertDialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) remove.reset();
      }}
    >
      <AlertDialog.Trigger asChild>
        <Button variant="danger">Delete</Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content className={styles.dialog}>
          <AlertDialog.Title className={styles.dialogTitle}>Delete this card?</AlertDialog.Title>
          <AlertDialog.Description className={styles.dialogDescription}>
            “{front}” and its review history will be gone for good.
          </AlertDialog.Description>
          <FormAlert
            message={
              remove.error
                ? remove.error instanceof ApiError
                  ? remove.error.message
                  : 'The card could not be deleted. Try again.'
                : undefined
            }
          />
          <div className={styles.actions}>
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">Cancel</Button>
            </AlertDialog.Cancel>
            <Button variant="danger" loading={remove.isPending} onClick={() => void onConfirm()}>
              Delete card
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
