import { formResolver } from '../../../lib/form-resolver';
import { deleteAccountBodySchema } from '@glossa/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from '../../../lib/use-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/button';
import { Dialog, DialogActions, DialogClose } from '../../../components/dialog';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { PasswordField } from '../../../components/form/text-field';
import { paths } from '../../../config/paths';
import { signOutLocally } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useDeleteAccount, useExportAccount } from '../api/settings-requests';
import styles from '../settings.module.css';

/** Settings › authentification: download everything, or delete the account. */
export function DataSection() {
  const { t } = useLingui();
  const exportAccount = useExportAccount();
  const onExport = () =>
    exportAccount.mutate(undefined, {
      onSuccess: () => toast.success(t`Your data was downloaded.`),
      onError: (error) => toast.failure(error.message),
    });

  return (
    <>
      <section className={styles.section} aria-labelledby="export-title">
        <h2 id="export-title">
          <Trans>Your data</Trans>
        </h2>
        <p className={styles.muted}>
          <Trans>
            Download everything Glossa holds about you (account, settings, sessions, feedback and
            what you study) as one JSON file.
          </Trans>
        </p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onExport} loading={exportAccount.isPending}>
            <Trans>Download my data</Trans>
          </Button>
        </div>
      </section>
      <section className={`${styles.section} ${styles.danger}`} aria-labelledby="delete-title">
        <h2 id="delete-title">
          <Trans>Delete your account</Trans>
        </h2>
        <p className={styles.muted}>
          <Trans>
            Your account and the private data it owns are removed for good. This cannot be undone:
            download your data first if you want a copy.
          </Trans>
        </p>
        <div className={styles.actions}>
          <DeleteAccountDialog />
        </div>
      </section>
    </>
  );
}

function DeleteAccountDialog() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const deleteAccount = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: formResolver(deleteAccountBodySchema),
    defaultValues: { currentPassword: '' },
  });

  const onOpenChange = (next: boolean) => {
    if (isSubmitting) return;
    setOpen(next);
    if (!next) reset();
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await deleteAccount.mutateAsync(values);
    } catch (error) {
      applyServerErrors(error, setError, ['currentPassword']);
      return;
    }
    signOutLocally(queryClient);
    await navigate(paths.home.getHref(), { replace: true });
    toast.success(t`Your account was deleted. Goodbye!`);
  });

  return (
    <Dialog
      alert
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button variant="danger">
          <Trans>Delete my account</Trans>
        </Button>
      }
      title={t`Delete your account?`}
      description={t`Your cards, categories, reviews, settings and sessions will be deleted. Type your password to confirm.`}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <FormAlert message={errors.root?.server?.message} />
        <PasswordField
          label={t`Current password`}
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <DialogActions>
          <DialogClose>
            <Button variant="secondary" disabled={isSubmitting}>
              <Trans>Keep my account</Trans>
            </Button>
          </DialogClose>
          <SubmitButton variant="danger" pending={isSubmitting} pendingLabel={t`Deleting…`}>
            <Trans>Delete for good</Trans>
          </SubmitButton>
        </DialogActions>
      </form>
    </Dialog>
  );
}
