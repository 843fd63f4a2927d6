import { formResolver } from '../../../lib/form-resolver';
import { i18n as activeI18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  currentPasswordSchema,
  identityWeakness,
  passwordSchema,
  usernameSchema,
  type UserInfo,
} from '@glossa/contract';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useForm } from '../../../lib/use-form';
import { z } from 'zod';
import { Button } from '../../../components/button';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { PasswordStrengthMeter } from '../../../components/form/password-strength-meter';
import { SubmitButton } from '../../../components/form/submit-button';
import { PasswordField, TextField } from '../../../components/form/text-field';
import { toast } from '../../../lib/toast';
import { useEditUser } from '../api/settings-requests';
import styles from '../settings.module.css';

/** Settings › profile: the username, and changing it (needs the current password). */
export function UsernameSection({ user }: { user: UserInfo }) {
  const { t } = useLingui();
  const editUser = useEditUser();
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const schema = z
    .object({ username: usernameSchema, currentPassword: currentPasswordSchema })
    .refine((values) => values.username !== user.username, {
      path: ['username'],
      // Read at each check, in the language active then.
      error: () => t`This is already your username`,
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
    defaultValues: { username: '', currentPassword: '' },
  });

  // Opening moves focus into the form; closing it gives focus back to the button.
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (open) setFocus('username');
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
      applyServerErrors(error, setError, ['username', 'currentPassword']);
      return;
    }
    close();
    const username = values.username;
    toast.success(t`Your username is now ${username}.`);
  });

  const current = user.username;
  return (
    <section className={styles.section} aria-labelledby="username-title">
      <h2 id="username-title">
        <Trans>Username</Trans>
      </h2>
      <p className={styles.muted}>
        <Trans>
          You are <strong>{current}</strong>. You can sign in with it or with your e-mail.
        </Trans>
      </p>
      {open ? (
        <form
          className={styles.narrowForm}
          onSubmit={onSubmit}
          noValidate
          aria-label={t`Change your username`}
        >
          <FormAlert message={errors.root?.server?.message} />
          <TextField
            label={t`New username`}
            hint={t`3 to 32 letters, digits, dots, hyphens or underscores.`}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            error={errors.username?.message}
            {...register('username')}
          />
          <PasswordField
            label={t`Current password`}
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...register('currentPassword')}
          />
          <div className={styles.actions}>
            <SubmitButton pending={isSubmitting} pendingLabel={t`Saving…`}>
              <Trans>Save the username</Trans>
            </SubmitButton>
            <Button variant="ghost" onClick={close} disabled={isSubmitting}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </form>
      ) : (
        <div className={styles.actions}>
          <Button ref={toggle} variant="secondary" onClick={openForm}>
            <Trans>Change username</Trans>
          </Button>
        </div>
      )}
    </section>
  );
}

/** The password form's rules: the contract's, with the learner's own names (password-rule.ts). */
function passwordFormSchema(user: UserInfo) {
  return z
    .object({
      currentPassword: currentPasswordSchema,
      password: passwordSchema,
      confirmation: z.string(),
    })
    .superRefine((values, context) => {
      const weakness = identityWeakness(values.password, user);
      if (weakness) context.addIssue({ code: 'custom', path: ['password'], message: weakness });
      if (values.password !== values.confirmation) {
        context.addIssue({
          code: 'custom',
          path: ['confirmation'],
          message: activeI18n._(msg`The two passwords differ`),
        });
      }
    });
}

/** Settings › sign-in and security: change the password; other sessions end, this one continues. */
export function PasswordSection({ user }: { user: UserInfo }) {
  const { t } = useLingui();
  const editUser = useEditUser();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: formResolver(passwordFormSchema(user)),
    defaultValues: { currentPassword: '', password: '', confirmation: '' },
  });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async ({ currentPassword, password }) => {
    try {
      await editUser.mutateAsync({ currentPassword, password });
    } catch (error) {
      applyServerErrors(error, setError, ['currentPassword', 'password']);
      return;
    }
    reset();
    toast.success(t`Your password was changed. Your other sessions were signed out.`);
  });

  return (
    <section className={styles.section} aria-labelledby="password-title">
      <h2 id="password-title">
        <Trans>Password</Trans>
      </h2>
      <form
        className={styles.narrowForm}
        onSubmit={onSubmit}
        noValidate
        aria-labelledby="password-title"
      >
        <FormAlert message={errors.root?.server?.message} />
        <PasswordField
          label={t`Current password`}
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register('currentPassword')}
        />
        <PasswordField
          label={t`New password`}
          hint={t`At least 8 characters, not your username or e-mail. Every other device will be signed out.`}
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordStrengthMeter
          password={password}
          identity={{ username: user.username, email: user.email }}
        />
        <PasswordField
          label={t`Confirm the new password`}
          autoComplete="new-password"
          error={errors.confirmation?.message}
          {...register('confirmation')}
        />
        <div className={styles.actions}>
          <SubmitButton pending={isSubmitting} pendingLabel={t`Saving…`}>
            <Trans>Change password</Trans>
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}
