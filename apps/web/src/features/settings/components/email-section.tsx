import { zodResolver } from '@hookform/resolvers/zod';
import { currentPasswordSchema, emailSchema, type UserInfo } from '@glossa/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { PasswordField, TextField } from '../../../components/form/text-field';
import { useAccount } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { useResendVerification } from '../../../lib/auth';
import { useEditUser } from '../api/settings-requests';
import styles from '../settings.module.css';

/** Settings › authentification: the address, its verification, and changing it. */
export function EmailSection({ user }: { user: UserInfo }) {
  const account = useAccount();
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
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { email: '', currentPassword: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await editUser.mutateAsync(values);
    } catch (error) {
      applyServerErrors(error, setError, ['email', 'currentPassword']);
      return;
    }
    reset();
    toast.success(`Your e-mail is now ${values.email}. Check that inbox to verify it.`);
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
          <span className={styles.address}>
            {/* Long addresses break after the name first, then anywhere if they must. */}
            {user.email.includes('@') ? (
              <>
                {user.email.slice(0, user.email.indexOf('@'))}
                <wbr />
                {user.email.slice(user.email.indexOf('@'))}
              </>
            ) : (
              user.email
            )}
          </span>
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

      <form
        className={`${styles.narrowForm} ${styles.subsection}`}
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="email-change-title"
      >
        <h3 id="email-change-title">Change your e-mail</h3>
        <p className={styles.muted}>
          Your other devices will be signed out, and the new address will need verifying.
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
          <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
            Change e-mail
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
