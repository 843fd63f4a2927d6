import { zodResolver } from '@hookform/resolvers/zod';
import { loginBodySchema } from '@glossa/contract';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { applyServerErrors } from '../../../components/form/apply-server-errors';
import { FormAlert } from '../../../components/form/form-alert';
import { SubmitButton } from '../../../components/form/submit-button';
import { PasswordField, TextField } from '../../../components/form/text-field';
import { paths, safeRedirect } from '../../../config/paths';
import { useLogin } from '../../../lib/auth';
import { screenTitle, useDocumentTitle } from '../../../lib/use-document-title';
import styles from '../auth.module.css';
import { AuthCard } from '../components/auth-card';

export default function LoginPage() {
  useDocumentTitle(screenTitle('Sign in'));
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
    resolver: zodResolver(loginBodySchema),
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
    <AuthCard title="Sign in" intro="Welcome back. Sign in with your username or e‑mail address.">
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <FormAlert message={errors.root?.server?.message} />
        <TextField
          label="Username or e-mail"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.login?.message}
          {...register('login')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <SubmitButton pending={isSubmitting} pendingLabel="Signing in…">
          Sign in
        </SubmitButton>
      </form>
      <p className={styles.links}>
        <Link to={paths.auth.forgetPassword.getHref()}>Forgot your password?</Link>
        <Link to={paths.auth.signup.getHref(redirect)}>Create an account</Link>
      </p>
    </AuthCard>
  );
}
