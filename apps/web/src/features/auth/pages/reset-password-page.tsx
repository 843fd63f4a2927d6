import { formResolver } from '../../../lib/form-resolver';
import { t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { passwordSchema } from '@glossa/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { useForm } from '../../../lib/use-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { PasswordStrengthMeter } from '../../../components/form/password-strength-meter';
import { SubmitButton } from '../../../components/form/submit-button';
import { PasswordField } from '../../../components/form/text-field';
import { paths } from '../../../config/paths';
import { signOutLocally } from '../../../lib/auth';
import { toast } from '../../../lib/toast';
import { screenTitle, useDocumentTitle } from '../../../lib/use-document-title';
import { useResetPassword } from '../api/auth-requests';
import styles from '../auth.module.css';
import { AuthCard } from '../components/auth-card';

const resetPasswordFormSchema = z
  .object({
    password: passwordSchema,
    confirmation: z.string(),
  })
  .refine((values) => values.password === values.confirmation, {
    path: ['confirmation'],
    // Read at each check, in the language active then.
    error: () => translate`The two passwords differ`,
  });

export default function ResetPasswordPage() {
  const { t } = useLingui();
  useDocumentTitle(screenTitle(t`Choose a new password`));
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');

  if (!token) {
    return (
      <AuthCard title={t`Choose a new password`}>
        <div className={styles.panel} role="alert">
          <p>
            <Trans>
              This link is incomplete: it has no token. Open the link from the e-mail again, or ask
              for a new one.
            </Trans>
          </p>
          <Link to={paths.auth.forgetPassword.getHref()}>
            <Trans>Ask for a new link</Trans>
          </Link>
        </div>
      </AuthCard>
    );
  }
  return <ResetPasswordForm token={token} />;
}

function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const resetPassword = useResetPassword();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: formResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmation: '' },
  });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await resetPassword.mutateAsync({ token, password: values.password });
    } catch (error) {
      applyServerErrors(error, setError, ['password']);
      return;
    }
    // The reset ended every session, this one included.
    signOutLocally(queryClient);
    await navigate(paths.auth.login.getHref(), { replace: true });
    toast.success(t`Your password was changed. Sign in with the new one.`);
  });

  return (
    <AuthCard
      title={t`Choose a new password`}
      intro={<Trans>Every device signed in to your account will be signed out.</Trans>}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <FormAlert
          message={
            errors.root?.server?.message ? (
              <>
                {errors.root.server.message}{' '}
                <Link to={paths.auth.forgetPassword.getHref()}>
                  <Trans>Ask for a new link</Trans>
                </Link>
              </>
            ) : null
          }
        />
        <PasswordField
          label={t`New password`}
          hint={t`At least 8 characters, not your username or e-mail.`}
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordStrengthMeter password={password} />
        <PasswordField
          label={t`Confirm the new password`}
          autoComplete="new-password"
          error={errors.confirmation?.message}
          {...register('confirmation')}
        />
        <SubmitButton pending={isSubmitting} pendingLabel={t`Saving…`}>
          <Trans>Set the new password</Trans>
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
