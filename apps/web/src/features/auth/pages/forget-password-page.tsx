import { zodResolver } from '@hookform/resolvers/zod';
import { forgetPasswordBodySchema } from '@glossa/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
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
  useDocumentTitle(screenTitle('Forgotten password'));
  const forgetPassword = useForgetPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(forgetPasswordBodySchema),
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
      <AuthCard title="Check your inbox">
        <div className={styles.panel} role="status">
          <p>
            If an account exists for <strong>{sentTo}</strong>, a link to choose a new password is
            on its way. It works once, for one hour.
          </p>
          <p>Nothing after a few minutes? Look in your spam folder, or check the address.</p>
          <p className={styles.links}>
            <Button variant="secondary" onClick={() => setSentTo(null)}>
              Use another address
            </Button>
            <Link to={paths.auth.login.getHref()}>Back to sign in</Link>
          </p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Forgotten password"
      intro="Enter the e‑mail address of your account and we will send you a link to choose a new password."
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <FormAlert message={errors.root?.server?.message} />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <SubmitButton pending={isSubmitting} pendingLabel="Sending…">
          Send the link
        </SubmitButton>
      </form>
      <p className={styles.links}>
        <Link to={paths.auth.login.getHref()}>Back to sign in</Link>
        <Link to={paths.auth.signup.getHref()}>Create an account</Link>
      </p>
    </AuthCard>
  );
}
