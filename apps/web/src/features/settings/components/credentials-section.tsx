import { zodResolver } from '@hookform/resolvers/zod';
import {
  currentPasswordSchema,
  passwordSchema,
  usernameSchema,
  type UserInfo,
} from '@glossa/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { PasswordField, TextField } from '../../../components/form/text-field';
import { toast } from '../../../lib/toast';
import { useEditUser } from '../api/settings-requests';
import styles from '../settings.module.css';

/** Settings › authentification: change the username (needs the current password). */
export function UsernameSection({ user }: { user: UserInfo }) {
  const editUser = useEditUser();
  const schema = z
    .object({ username: usernameSchema, currentPassword: currentPasswordSchema })
    .refine((values) => values.username !== user.username, {
      path: ['username'],
      error: 'This is already your username',
    });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { username: '', currentPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await editUser.mutateAsync(values);
    } catch (error) {
      applyServerErrors(error, setError, ['username', 'currentPassword']);
      return;
    }
    reset();
    toast.success(`Your username is now ${values.username}.`);
  });

  return (
    <section className={styles.section} aria-labelledby="username-title">
      <h2 id="username-title">Username</h2>
      <p className={styles.muted}>
        You are <strong>{user.username}</strong>. You can sign in with it or with your e-mail.
      </p>
      <form
        className={styles.narrowForm}
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="username-title"
      >
        <FormAlert message={errors.root?.server?.message} />
        <TextField
          label="New username"
          hint="3 to 32 letters, digits, dots, hyphens or underscores."
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...register('username')}
        />
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <div className={styles.actions}>
          <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
            Change username
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}

const passwordFormSchema = z
  .object({
    currentPassword: currentPasswordSchema,
    password: passwordSchema,
    confirmation: z.string(),
  })
  .refine((values) => values.password === values.confirmation, {
    path: ['confirmation'],
    error: 'The two passwords differ',
  });

/** Settings › authentification: change the password; other sessions end, this one continues. */
export function PasswordSection() {
  const editUser = useEditUser();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: { currentPassword: '', password: '', confirmation: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, password }) => {
    try {
      await editUser.mutateAsync({ currentPassword, password });
    } catch (error) {
      applyServerErrors(error, setError, ['currentPassword', 'password']);
      return;
    }
    reset();
    toast.success('Your password was changed. Your other sessions were signed out.');
  });

  return (
    <section className={styles.section} aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <form
        className={styles.narrowForm}
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="password-title"
      >
        <FormAlert message={errors.root?.server?.message} />
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <PasswordField
          label="New password"
          hint="At least 8 characters. Every other device will be signed out."
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordField
          label="Confirm the new password"
          autoComplete="new-password"
          error={errors.confirmation?.message}
          {...register('confirmation')}
        />
        <div className={styles.actions}>
          <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
            Change password
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
