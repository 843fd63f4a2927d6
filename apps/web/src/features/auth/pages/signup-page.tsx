import { Trans, useLingui } from '@lingui/react/macro';
import { LanguagePairFields } from '../../../components/form/language-pair-fields';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useForm } from '../../../lib/use-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { PasswordStrengthMeter } from '../../../components/form/password-strength-meter';
import { SubmitButton } from '../../../components/form/submit-button';
import { PasswordField, TextField } from '../../../components/form/text-field';
import { paths, safeRedirect } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { useLogin } from '../../../lib/auth';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { toast } from '../../../lib/toast';
import { screenTitle, useDocumentTitle } from '../../../lib/use-document-title';
import { useCreateUser } from '../api/auth-requests';
import styles from '../auth.module.css';
import { AuthCard } from '../components/auth-card';
import { initialLanguages } from '../components/browser-languages';

const fields = [
  'username',
  'email',
  'password',
  'defaultFromLanguageCode',
  'toLanguageCode',
] as const;

const createUserCheck = lazyResolver(() =>
  import('../auth-form-resolvers').then((module) => module.createUserResolver),
);

export default function SignupPage() {
  const { t } = useLingui();
  useDocumentTitle(screenTitle(t`Create an account`));
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const createUser = useCreateUser();
  const login = useLogin();
  const [checkInboxFor, setCheckInboxFor] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: createUserCheck.resolver,
    defaultValues: { username: '', email: '', password: '', ...initialLanguages() },
  });
  const [username, email, password] = useWatch({
    control,
    name: ['username', 'email', 'password'],
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createUser.mutateAsync(values);
    } catch (error) {
      const placed = applyServerErrors(error, setError, fields);
      if (!placed && error instanceof ApiError && error.code === 'conflict') {
        // Only the username can conflict: an e-mail in use answers 201.
        setError('username', { type: 'server', message: error.message });
      }
      return;
    }
    try {
      await login.mutateAsync({ login: values.username, password: values.password });
    } catch {
      // The server answers 201 for an address that already has an account (no enumeration) and
      // mails its owner instead; signing in then fails, so only the inbox can tell more.
      setCheckInboxFor(values.email);
      return;
    }
    await navigate(safeRedirect(redirect), { replace: true });
    toast.success(t`Check your inbox to verify your e-mail`);
  });

  if (checkInboxFor !== null) {
    return (
      <AuthCard title={t`Check your inbox`}>
        <div className={styles.panel} role="status">
          <p>
            <Trans>
              We sent a message to <strong>{checkInboxFor}</strong>. Follow it to finish: it either
              verifies your new account or tells you this address already has one.
            </Trans>
          </p>
          <p>
            <Trans>
              Already have an account? <Link to={paths.auth.login.getHref(redirect)}>Sign in</Link>{' '}
              or <Link to={paths.auth.forgetPassword.getHref()}>reset your password</Link>.
            </Trans>
          </p>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t`Create an account`}
      intro={<Trans>Free, without ads. It takes a minute.</Trans>}
    >
      <form
        className={styles.form}
        onSubmit={onSubmit}
        onFocus={createUserCheck.preload}
        noValidate
      >
        <FormAlert message={errors.root?.server?.message} />
        <TextField
          label={t`Username`}
          hint={t`3 to 32 letters, digits, dots, hyphens or underscores. Others see it on what you share.`}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...register('username')}
        />
        <TextField
          label={t`E-mail`}
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label={t`Password`}
          hint={t`At least 8 characters, not your username or e-mail. A passphrase of a few words works well.`}
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <PasswordStrengthMeter password={password} identity={{ username, email }} />
        <div className={styles.languages}>
          <LanguagePairFields
            control={control}
            fromName="defaultFromLanguageCode"
            toName="toLanguageCode"
            fromLabel={t`I'm learning`}
            toLabel={t`I speak`}
          />
        </div>
        <p className={styles.intro}>
          <Trans>
            By creating an account you accept the{' '}
            <Link to={paths.termsOfUse.getHref()}>terms of use</Link> and the{' '}
            <Link to={paths.privacy.getHref()}>privacy notice</Link>.
          </Trans>
        </p>
        <SubmitButton pending={isSubmitting} pendingLabel={t`Creating your account…`}>
          <Trans>Create an account</Trans>
        </SubmitButton>
      </form>
      <p className={styles.links}>
        <span>
          <Trans>
            Already have an account? <Link to={paths.auth.login.getHref(redirect)}>Sign in</Link>
          </Trans>
        </span>
      </p>
    </AuthCard>
  );
}
