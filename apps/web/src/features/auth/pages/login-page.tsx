import { Trans, useLingui } from '@lingui/react/macro';
import { useForm } from '../../../lib/use-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { PasswordField, TextField } from '../../../components/form/text-field';
import { paths, safeRedirect } from '../../../config/paths';
import { useLogin } from '../../../lib/auth';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { screenTitle, useDocumentTitle } from '../../../lib/use-document-title';
import styles from '../auth.module.css';
import { AuthCard } from '../components/auth-card';

const loginCheck = lazyResolver(() =>
  import('../auth-form-resolvers').then((module) => module.loginResolver),
);

export default function LoginPage() {
  const { t } = useLingui();
  useDocumentTitle(screenTitle(t`Sign in`));
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  const login = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: loginCheck.resolver,
    defaultValues: { login: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await login.mutateAsync(values);
      await navigate(safeRedirect(redirect), { replace: true });
    } catch (error) {
      applyServerErrors(error, setError, ['login', 'password']);
    }
  });

  return (
    <AuthCard
      title={t`Sign in`}
      intro={<Trans>Welcome back. Sign in with your username or e‑mail address.</Trans>}
    >
      <form className={styles.form} onSubmit={onSubmit} onFocus={loginCheck.preload} noValidate>
        <FormAlert message={errors.root?.server?.message} />
        <TextField
          label={t`Username or e-mail`}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.login?.message}
          {...register('login')}
        />
        <PasswordField
          label={t`Password`}
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <SubmitButton pending={isSubmitting} pendingLabel={t`Signing in…`}>
          <Trans>Sign in</Trans>
        </SubmitButton>
      </form>
      <p className={styles.links}>
        <Link to={paths.auth.forgetPassword.getHref()}>
          <Trans>Forgot your password?</Trans>
        </Link>
        <Link to={paths.auth.signup.getHref(redirect)}>
          <Trans>Create an account</Trans>
        </Link>
      </p>
    </AuthCard>
  );
}
