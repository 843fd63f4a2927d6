import { formResolver } from '../../../lib/form-resolver';
import { currentPasswordSchema, emailSchema, type UserInfo } from '@glossa/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { useForm } from '../../../lib/use-form';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { PasswordField, TextField } from '../../../components/form/text-field';
import { useAccount, useResendVerification } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useCancelEmailChange, useEditUser, useResendEmailChange } from '../api/settings-requests';
import styles from '../settings.module.css';

/** An address that breaks after its name first, then anywhere if it must. */
function Address({ email }: { email: string }) {
  const at = email.indexOf('@');
  return (
    <span className={styles.address}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </span>
  );
}

/** The change waiting for its link: where the link went, send it again, or cancel. */
function PendingChange({ pendingEmail, email }: { pendingEmail: string; email: string }) {
  const { t } = useLingui();
  const resend = useResendEmailChange();
  const cancel = useCancelEmailChange();
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () => toast.success(t`A new link is on its way to ${pendingEmail}.`),
      onError: (error) => toast.failure(error.message),
    });
  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => toast.success(t`The change was cancelled. Your address stays ${email}.`),
      onError: (error) => toast.failure(error.message),
    });
  return (
    <div className={styles.pending} role="group" aria-labelledby="email-pending-title">
      <h3 id="email-pending-title" className={styles.pendingTitle}>
        <Trans>Change waiting for confirmation</Trans>
      </h3>
      <p className={styles.pendingText}>
        <Trans>
          Confirm from the link sent to{' '}
          <strong>
            <Address email={pendingEmail} />
          </strong>
          . Until then your address stays <Address email={email} />. The link works for 24 hours;
          when you follow it, every device is signed out and you sign in with the new address.
        </Trans>
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onResend} loading={resend.isPending}>
          <Trans>Send the link again</Trans>
        </Button>
        <Button variant="ghost" onClick={onCancel} loading={cancel.isPending}>
          <Trans>Cancel the change</Trans>
        </Button>
      </div>
    </div>
  );
}

/** Settings › profile: the address, its verification, and changing it by a link. */
export function EmailSection({ user }: { user: UserInfo }) {
  const { t } = useLingui();
  const account = useAccount();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const resend = useResendVerification();
  const editUser = useEditUser();
  const schema = z
    .object({ email: emailSchema, currentPassword: currentPasswordSchema })
    .refine((values) => values.email.toLowerCase() !== user.email.toLowerCase(), {
      path: ['email'],
      // Read at each check, in the language active then.
      error: () => t`This is already your e-mail address`,
    });
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: formResolver(schema),
    defaultValues: { email: '', currentPassword: '' },
  });
  const pendingEmail = account.data?.pendingEmail ?? null;

  // Opening moves focus into the form; closing it gives focus back to the button.
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (open) setFocus('email');
    else if (closed) toggle.current?.focus();
  }, [open, closed, setFocus]);

  const close = () => {
    reset();
    setClosed(true);
    setOpen(false);
  };
  const openForm = () => {
    setClosed(false);
    setOpen(true);
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      await editUser.mutateAsync(values);
    } catch (error) {
      applyServerErrors(error, setError, ['email', 'currentPassword']);
      return;
    }
    close();
    const email = values.email;
    toast.success(t`Check ${email}: follow the link we sent there to confirm the change.`);
  });

  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () => {
        const email = user.email;
        toast.success(t`A verification link is on its way to ${email}.`);
      },
      onError: (error) => toast.failure(error.message),
    });

  return (
    <section className={styles.section} aria-labelledby="email-title">
      <h2 id="email-title">
        <Trans>E-mail</Trans>
      </h2>
      <dl className={styles.facts}>
        <dt>
          <Trans>Address</Trans>
        </dt>
        <dd>
          <Address email={user.email} />
          {account.data ? (
            account.data.emailVerified ? (
              <span className={`${styles.badge} ${styles.badgeSuccess}`}>
                <Trans>Verified</Trans>
              </span>
            ) : (
              <span className={`${styles.badge} ${styles.badgeWarning}`}>
                <Trans>Not verified</Trans>
              </span>
            )
          ) : null}
        </dd>
      </dl>
      {account.data && !account.data.emailVerified ? (
        <div className={styles.actions}>
          <p className={styles.muted}>
            <Trans>Verify your address so you can reset your password if you forget it.</Trans>
          </p>
          <Button variant="secondary" onClick={onResend} loading={resend.isPending}>
            <Trans>Send the verification link again</Trans>
          </Button>
        </div>
      ) : null}
      {pendingEmail !== null ? (
        <PendingChange pendingEmail={pendingEmail} email={user.email} />
      ) : null}

      {open ? (
        <form
          className={`${styles.narrowForm} ${styles.subsection}`}
          onSubmit={onSubmit}
          noValidate
          aria-labelledby="email-change-title"
        >
          <h3 id="email-change-title">
            <Trans>Change your e-mail</Trans>
          </h3>
          <p className={styles.muted}>
            <Trans>
              We send a link to the new address and tell the current one. Nothing changes until you
              follow the link.
            </Trans>
          </p>
          <FormAlert message={errors.root?.server?.message} />
          <TextField
            label={t`New e-mail`}
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <PasswordField
            label={t`Current password`}
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <div className={styles.actions}>
            <SubmitButton pending={isSubmitting} pendingLabel={t`Sending the link…`}>
              <Trans>Send the confirmation link</Trans>
            </SubmitButton>
            <Button variant="ghost" onClick={close} disabled={isSubmitting}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </form>
      ) : (
        <div className={styles.actions}>
          <Button ref={toggle} variant="secondary" onClick={openForm}>
            <Trans>Change e-mail</Trans>
          </Button>
        </div>
      )}
    </section>
  );
}
