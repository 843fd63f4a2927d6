import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { Dialog, DialogActions, DialogClose } from '../../../components/dialog';
import { FormAlert } from '../../../components/form/form-alert';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteCard } from '../api/card-requests';

/** Deletes the card after a confirmation, then goes back to browse. */
export function DeleteCardButton({ id, front }: { id: string; front: string }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const remove = useDeleteCard(id);
  const navigate = useNavigate();

  const onConfirm = async () => {
    try {
      await remove.mutateAsync();
      setOpen(false);
      await navigate(paths.app.browse.getHref(), { replace: true });
      toast.success(t`Card “${front}” deleted.`);
    } catch {
      // The message is shown in the dialog.
    }
  };

  return (
    <Dialog
      alert
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) remove.reset();
      }}
      size="md"
      trigger={
        <Button variant="danger">
          <Trans>Delete</Trans>
        </Button>
      }
      title={t`Delete this card?`}
      description={t`“${front}” and its review history will be gone for good.`}
    >
      <FormAlert
        message={
          remove.error
            ? remove.error instanceof ApiError
              ? remove.error.message
              : t`The card could not be deleted. Try again.`
            : undefined
        }
      />
      <DialogActions>
        <DialogClose>
          <Button variant="secondary">
            <Trans>Cancel</Trans>
          </Button>
        </DialogClose>
        <Button variant="danger" loading={remove.isPending} onClick={() => void onConfirm()}>
          <Trans>Delete card</Trans>
        </Button>
      </DialogActions>
    </Dialog>
  );
}
