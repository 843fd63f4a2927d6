import { formResolver } from '../../../lib/form-resolver';
import { Trans, useLingui } from '@lingui/react/macro';
import { forgetPasswordBodySchema } from '@glossa/contract';
import { useState } from 'react';
import { useForm } from '../../../lib/use-form';
import { Link } from 'react-router';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { TextField } from '../../../components/form/text-field';
import { Button } from '../../../components/button';
import { paths } from '../../../config/paths';
import { screenTitle, useDocumentTitle } from '../../../lib/use-document-title';
import { useForgetPassword } from '../api/auth-requests';
import styles from '../auth.module.css';
import { AuthCard } from '../components/auth-card';

export default function ForgetPasswordPage() {
  const { t } = useLingui();
  useDocumentTitle(screenTitle(t`Forgotten password`));
  const forgetPassword = useForgetPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: formResolver(forgetPasswordBodySchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await forgetPassword.mutateAsync(values);
      setSentTo(values.email);
    } catch (error) {
      applyServerErrors(error, setError, ['email']);
    }
  });

  if (sentTo !== null) {
    return (
      <AuthCard title={t`Check your inbox`}>
        <div className={styles.panel} role="status">
          <p>
            <Trans>
              If an account exists for <strong>{sentTo}</strong>, a link to choose a new password is
              on its way. It works once, for one hour.
            </Trans>
          </p>
          <p>
            <Trans>
              Nothing after a few minutes? Look in your spam folder, or check the address.
            </Trans>
          </p>
          <p className={styles.links}>
            <Button variant="secondary" onClick={() => setSentTo(null)}>
              <Trans>Use another address</Trans>
            </Button>
            <Link to={paths.auth.login.getHref()}>
              <Trans>Back to sign in</Trans>
            </Link>
          </p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t`Forgotten password`}
      intro={
        <Trans>
          Enter the e‑mail address of your account and we will send you a link to choose a new
          password.
        </Trans>
      }
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <FormAlert message={errors.root?.server?.message} />
        <TextField
          label={t`E-mail`}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <SubmitButton pending={isSubmitting} pendingLabel={t`Sending…`}>
          <Trans>Send the link</Trans>
        </SubmitButton>
      </form>
      <p className={styles.links}>
        <Link to={paths.auth.login.getHref()}>
          <Trans>Back to sign in</Trans>
        </Link>
        <Link to={paths.auth.signup.getHref()}>
          <Trans>Create an account</Trans>
        </Link>
      </p>
    </AuthCard>
  );
}
