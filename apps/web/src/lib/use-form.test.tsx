import { usernameSchema } from '@glossa/contract';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useWatch } from 'react-hook-form';
import { I18nProvider } from '@lingui/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formResolver } from './form-resolver';
import { activateLocale, i18n } from './i18n';
import { useForm } from './use-form';

const schema = z.object({
  username: usernameSchema,
  realName: z.string().min(1, { error: 'Real name is required' }),
  nickname: z.string(),
});

/** A form checked as typed, as the settings' are: a field shows its error once it is changed. */
function Harness() {
  const {
    register,
    setError,
    formState: { errors, touchedFields },
  } = useForm({
    resolver: formResolver(schema),
    mode: 'onChange',
    defaultValues: { username: '', realName: '', nickname: 'ada' },
  });
  return (
    <form>
      {(['username', 'realName', 'nickname'] as const).map((name) => (
        <label key={name}>
          {name}
          <input {...register(name)} />
          <span data-testid={`${name}-error`}>{errors[name]?.message ?? ''}</span>
        </label>
      ))}
      <button
        type="button"
        onClick={() => setError('nickname', { type: 'server', message: 'This nickname is taken' })}
      >
        refuse
      </button>
      <span data-testid="touched">{Object.keys(touchedFields).sort().join(',')}</span>
    </form>
  );
}

/** A prerendered form with what a watcher shows of one field (the sign-up's strength meter). */
function Watched() {
  const { register, control } = useForm({ defaultValues: { username: '', password: '' } });
  const password = useWatch({ control, name: 'password' });
  return (
    <form>
      <input aria-label="username" {...register('username')} />
      <input aria-label="password" {...register('password')} />
      <output data-testid="watched">{password.length > 0 ? `${password.length} typed` : ''}</output>
    </form>
  );
}

const errorOf = (name: string) => screen.getByTestId(`${name}-error`).textContent;

describe('useForm', () => {
  afterEach(async () => {
    await act(() => activateLocale('en'));
  });

  it('checks again, in the new language, only the fields that show an error of its check', async () => {
    render(<Harness />);
    await userEvent.type(screen.getByLabelText('username'), 'ab');
    await waitFor(() => expect(errorOf('username')).toBe('Username must be at least 3 characters'));
    // The server's answer (applyServerErrors' type), which the browser's check would take away.
    await userEvent.click(screen.getByRole('button', { name: 'refuse' }));
    expect(errorOf('nickname')).toBe('This nickname is taken');

    await act(() => activateLocale('de'));

    await waitFor(() =>
      expect(errorOf('username')).toBe('Benutzername muss mindestens 3 Zeichen lang sein'),
    );
    // Empty (not valid), never changed: still without an error, and not marked touched.
    expect(errorOf('realName')).toBe('');
    expect(screen.getByTestId('touched').textContent).toBe('username');
    expect(errorOf('nickname')).toBe('This nickname is taken');
  });

  it('does not check a form that shows no error', async () => {
    render(<Harness />);
    await userEvent.type(screen.getByLabelText('username'), 'ada');
    await act(() => activateLocale('fr'));
    expect(errorOf('username')).toBe('');
    expect(errorOf('realName')).toBe('');
  });

  it('tells its watchers what a prerendered field held when the app hydrated it, the caret kept', async () => {
    const container = document.createElement('div');
    const page = (
      <I18nProvider i18n={i18n}>
        <Watched />
      </I18nProvider>
    );
    container.innerHTML = renderToString(page);
    document.body.append(container);
    // Typed before the app had started: the markup's own fields.
    const password = container.querySelector<HTMLInputElement>('input[name="password"]');
    if (!password) throw new Error('no password field');
    password.value = 'correct horse';
    password.focus();
    password.setSelectionRange(3, 3);

    const root = await act(async () => hydrateRoot(container, page));

    await waitFor(() =>
      expect(container.querySelector('[data-testid="watched"]')?.textContent).toBe('13 typed'),
    );
    // The very field, holding what was typed, the caret where the visitor left it.
    expect(container.querySelector('input[name="password"]')).toBe(password);
    expect(password.value).toBe('correct horse');
    expect([password.selectionStart, password.selectionEnd]).toEqual([3, 3]);
    act(() => root.unmount());
    container.remove();
  });
});
