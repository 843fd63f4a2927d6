import { zodResolver } from '@hookform/resolvers/zod';
import { currentPasswordSchema, emailSchema, type UserInfo } from '@glossa/contract';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
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
  const resend = useResendEmailChange();
  const cancel = useCancelEmailChange();
  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () => toast.success(`A new link is on its way to ${pendingEmail}.`),
      onError: (error) => toast.failure(error.message),
    });
  const onCancel = () =>
    cancel.mutate(undefined, {
      onSuccess: () => toast.success(`The change was cancelled. Your address stays ${email}.`),
      onError: (error) => toast.failure(error.message),
    });
  return (
    <div className={styles.pending} role="group" aria-labelledby="email-pending-title">
      <h3 id="email-pending-title" className={styles.pendingTitle}>
        Change waiting for confirmation
      </h3>
      <p className={styles.pendingText}>
        Confirm from the link sent to{' '}
        <strong>
          <Address email={pendingEmail} />
        </strong>
        . Until then your address stays <Address email={email} />. The link works for 24 hours; when
        you follow it, every device is signed out and you sign in with the new address.
      </p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onResend} loading={resend.isPending}>
          Send the link again
        </Button>
        <Button variant="ghost" onClick={onCancel} loading={cancel.isPending}>
          Cancel the change
        </Button>
      </div>
    </div>
  );
}

/** Settings › profile: the address, its verification, and changing it by a link. */
export function EmailSection({ user }: { user: UserInfo }) {
  const account = useAccount();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const resend = useResendVerification();
  const editUser = useEditUser();
  const schema = z
    .object({ email: emailSchema, currentPassword: currentPasswordSchema })
    .refine((values) => values.email.toLowerCase() !== user.email.toLowerCase(), {
      path: ['email'],
      error: 'This is already your e-mail address',
    });
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { email: '', currentPassword: '' } });
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
    toast.success(`Check ${values.email}: follow the link we sent there to confirm the change.`);
  });

  const onResend = () =>
    resend.mutate(undefined, {
      onSuccess: () => toast.success(`A verification link is on its way to ${user.email}.`),
      onError: (error) => toast.failure(error.message),
    });

  return (
    <section className={styles.section} aria-labelledby="email-title">
      <h2 id="email-title">E-mail</h2>
      <dl className={styles.facts}>
        <dt>Address</dt>
        <dd>
          <Address email={user.email} />
          {account.data ? (
            account.data.emailVerified ? (
              <span className={`${styles.badge} ${styles.badgeSuccess}`}>Verified</span>
            ) : (
              <span className={`${styles.badge} ${styles.badgeWarning}`}>Not verified</span>
            )
          ) : null}
        </dd>
      </dl>
      {account.data && !account.data.emailVerified ? (
        <div className={styles.actions}>
          <p className={styles.muted}>
            Verify your address so you can reset your password if you forget it.
          </p>
          <Button variant="secondary" onClick={onResend} loading={resend.isPending}>
            Send the verification link again
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
          <h3 id="email-change-title">Change your e-mail</h3>
          <p className={styles.muted}>
            We send a link to the new address and tell the current one. Nothing changes until you
            follow the link.
          </p>
          <FormAlert message={errors.root?.server?.message} />
          <TextField
            label="New e-mail"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <div className={styles.actions}>
            <SubmitButton pending={isSubmitting} pendingLabel="Sending the link…">
              Send the confirmation link
            </SubmitButton>
            <Button variant="ghost" onClick={close} disabled={isSubmitting}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className={styles.actions}>
          <Button ref={toggle} variant="secondary" onClick={openForm}>
            Change e-mail
          </Button>
        </div>
      )}
    </section>
  );
}
